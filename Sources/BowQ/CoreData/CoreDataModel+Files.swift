import Foundation

extension CoreDataModel {
  /// The model at `path`, for `--model`: a compiled `.mom` (a keyed archive), a `.momd`
  /// folder (the version its `VersionInfo.plist` names current, or its only `.mom`), or
  /// anything ``XcodeModelReader`` reads (`.xcdatamodeld`, `.xcdatamodel`).
  ///
  /// A bundle of several versions (an `.xcdatamodeld` or a `.momd`) gives its current
  /// version, holding every version in ``bundleVersions``: opening a store then takes the
  /// version that matches it (``version(for:schema:)``).
  public static func read(at path: String) throws(CoreDataStoreError) -> CoreDataModel {
    var model = try readVersion(at: path)
    let url = URL(fileURLWithPath: path)
    let versionPaths: [String]
    if url.pathExtension.lowercased() == "momd" {
      let moms = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
        .filter { $0.hasSuffix(".mom") }
        .sorted { $0.compare($1, options: .numeric) == .orderedAscending }
      versionPaths = moms.count > 1 ? moms.map { url.appendingPathComponent($0).path } : []
    } else {
      do {
        versionPaths = try XcodeModelReader.versionPaths(at: path)
      } catch {
        throw CoreDataStoreError(.badModel, "\(error)")
      }
    }
    var versions: [CoreDataModelVersion] = []
    for versionPath in versionPaths {
      let version = try readVersion(at: versionPath)
      versions.append(
        CoreDataModelVersion(name: version.versionName ?? "", path: versionPath, model: version))
    }
    model.bundleVersions = versions
    return model
  }

  /// The one model at `path`, named after its version.
  private static func readVersion(at path: String) throws(CoreDataStoreError) -> CoreDataModel {
    let url = URL(fileURLWithPath: path)
    var model: CoreDataModel
    switch url.pathExtension.lowercased() {
    case "mom":
      model = try compiled(at: path)
      model.versionName = url.deletingPathExtension().lastPathComponent
    case "momd":
      let current = try currentVersion(inBundle: url)
      model = try compiled(at: current.path)
      model.versionName = current.deletingPathExtension().lastPathComponent
    default:
      let xcode: XcodeModel
      do {
        xcode = try XcodeModelReader.read(at: path)
      } catch {
        throw CoreDataStoreError(.badModel, "\(error)")
      }
      model = CoreDataModel(xcode: xcode)
      model.versionName = xcode.version
      try model.checkSize()
    }
    return model
  }

  /// The model a `.mom` file archives.
  private static func compiled(at path: String) throws(CoreDataStoreError) -> CoreDataModel {
    let shown = Value.quoted(path)
    let data: Data
    do {
      data = try FileContents(reading: path).data
    } catch {
      throw CoreDataStoreError(.unreadable, "cannot read the model \(shown): \(error.reason)")
    }
    let root: ArchivedValue?
    do {
      root = try KeyedArchive.decode(data).root
    } catch {
      throw CoreDataStoreError(.badModel, "\(shown) is not a compiled model: \(error.message)")
    }
    guard let root else {
      throw CoreDataStoreError(.badModel, "\(shown) is an archive without a root object")
    }
    do {
      return try CoreDataModel(archived: root)
    } catch {
      throw CoreDataStoreError(.badModel, "\(shown): \(error.message)")
    }
  }

  /// The `.mom` of a `.momd` folder that `VersionInfo.plist` names current, or its only one.
  private static func currentVersion(inBundle folder: URL) throws(CoreDataStoreError) -> URL {
    let shown = Value.quoted(folder.path)
    let info = folder.appendingPathComponent("VersionInfo.plist").path
    if let data = try? FileContents(reading: info).data,
      let plist = try? PropertyListDecoding.decode(data).0,
      let name = plist.dictionaryValue?["NSManagedObjectModel_CurrentVersionName"]?.stringValue
    {
      return folder.appendingPathComponent(name + ".mom")
    }
    let moms = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".mom") }
    guard moms.count == 1, let only = moms.first else {
      throw CoreDataStoreError(
        .badModel,
        "\(shown) has no VersionInfo.plist naming its current version, and "
          + (moms.isEmpty ? "no .mom" : "\(moms.count) .mom files") + "; give one .mom with --model"
      )
    }
    return folder.appendingPathComponent(only)
  }

  /// The model an Xcode data model describes, with its hierarchy: each entity keeps the
  /// properties and uniqueness constraints its parent does not have, and each attribute its
  /// default and validation rules.
  public init(xcode: XcodeModel) {
    let entities = xcode.model.entities.map { entity -> CoreDataEntity in
      let parent = entity.parent
      let parentEntity = parent.flatMap { xcode.model.entity(named: $0) }
      let inherited = Set(parentEntity?.propertyNames ?? [])
      return CoreDataEntity(
        name: entity.name, parent: parent, isAbstract: entity.isAbstract,
        subentities: xcode.model.subentities(of: entity.name).map(\.name).sorted(),
        attributes: entity.attributes.filter { !inherited.contains($0.name) }.map { attribute in
          CoreDataAttribute(
            name: attribute.name, type: Self.coreDataType(of: attribute.type),
            isOptional: attribute.isOptional,
            valueTransformerName: {
              if case .transformable(let name) = attribute.type { return name.rawValue }
              return nil
            }(), allowsExternalStorage: attribute.allowsExternalStorage,
            rules: attribute.rules)
        },
        relationships: entity.relationships.filter { !inherited.contains($0.name) }.map {
          relationship in
          CoreDataRelationship(
            name: relationship.name, destination: relationship.destination,
            inverse: relationship.inverse, isToMany: relationship.isToMany,
            isOrdered: relationship.isOrdered, isOptional: relationship.isOptional,
            minCount: relationship.minCount ?? 0,
            maxCount: relationship.isToMany ? relationship.maxCount ?? 0 : 1,
            deleteRule: Self.coreDataRule(relationship.deleteRule))
        },
        uniquenessConstraints: Array(
          entity.uniquenessConstraints.dropFirst(parentEntity?.uniquenessConstraints.count ?? 0)),
        renamingIdentifier: xcode.renamingIdentifiers[entity.name])
    }
    self.init(entities: entities.sorted { $0.name < $1.name })
  }

  /// Core Data's type of a bowq attribute type.
  private static func coreDataType(of type: AttributeType) -> CoreDataAttributeType {
    switch type {
    case .string: return .string
    case .int16: return .integer16
    case .int32: return .integer32
    case .int64: return .integer64
    case .decimal: return .decimal
    case .double: return .double
    case .float: return .float
    case .bool: return .boolean
    case .date: return .date
    case .binary: return .binaryData
    case .uuid: return .uuid
    case .uri: return .uri
    case .transformable: return .transformable
    }
  }

  /// Core Data's delete rule of a bowq one.
  private static func coreDataRule(_ rule: DeleteRule) -> CoreDataDeleteRule {
    switch rule {
    case .noAction: return .noAction
    case .nullify: return .nullify
    case .cascade: return .cascade
    case .deny: return .deny
    }
  }
}
