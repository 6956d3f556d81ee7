extension CoreDataModel {
  /// bowq's ``Model`` of this model, with a sentence for each thing left out or represented
  /// differently.
  ///
  /// Each entity keeps its parent and whether it is abstract, and holds its ancestors'
  /// properties first, then its own, as bowq's sub-entities do. Attributes keep whether
  /// they are optional (a required one that is nil fails validation with 1570, as in Core
  /// Data), their defaults and validation rules, and entities their uniqueness constraints.
  /// Transient properties and fetched properties are not stored, so they
  /// are left out; attributes of a type bowq has no counterpart for (Object ID, Composite,
  /// Undefined) too. A Transformable whose value class is one of Foundation's standard ones
  /// (`NSString`, `NSNumber`, `NSDate`, `NSData`, `NSURL`, `NSUUID`) gets that type, as its
  /// archived values decode to it; any other keeps its transformer's name and holds data.
  public func bowqModel() -> (model: Model, notes: [String]) {
    var notes: [String] = []
    var model = Model()
    for entity in entities {
      let chain = ancestry(of: entity.name)
      var attributes: [Attribute] = []
      var relationships: [Relationship] = []
      for declaring in chain {
        let own = declaring.name == entity.name
        for attribute in declaring.attributes {
          let place = "\(entity.name).\(attribute.name)"
          if attribute.isTransient {
            if own { notes.append("\(place): transient attribute left out (it is not stored)") }
          } else if let type = Self.attributeType(of: attribute) {
            var mapped = Attribute(
              name: attribute.name, type: type, isOptional: attribute.isOptional,
              allowsExternalStorage: attribute.allowsExternalStorage)
            mapped.rules = attribute.rules
            attributes.append(mapped)
          } else if own {
            notes.append(
              "\(place): \(attribute.type.displayName) attribute left out (bowq has no such type)")
          }
        }
        for relationship in declaring.relationships {
          guard !relationship.isTransient else {
            if own {
              notes.append("\(entity.name).\(relationship.name): transient relationship left out")
            }
            continue
          }
          relationships.append(
            Relationship(
              name: relationship.name, destination: relationship.destination,
              isToMany: relationship.isToMany, isOptional: relationship.isOptional,
              inverse: relationship.inverse, deleteRule: Self.deleteRule(relationship.deleteRule),
              minCount: relationship.isToMany && relationship.minCount > 0
                ? relationship.minCount : nil,
              maxCount: relationship.isToMany && relationship.maxCount > 0
                ? relationship.maxCount : nil, isOrdered: relationship.isOrdered))
        }
      }
      for name in entity.fetchedProperties {
        notes.append(
          "\(entity.name).\(name): fetched property left out; run it as a fetch statement")
      }
      var defined = Entity(
        name: entity.name, attributes: attributes, relationships: relationships,
        uniquenessConstraints: chain.flatMap(\.uniquenessConstraints), parent: entity.parent,
        isAbstract: entity.isAbstract)
      defined.className = entity.className
      model.define(defined)
    }
    return (model, notes)
  }

  /// The name of the root of the hierarchy of the entity `name`: the table `Z<ROOT>` holds
  /// its objects.
  func root(of name: String) -> String {
    ancestry(of: name).first?.name ?? name
  }

  /// The entities of each hierarchy, by its root's name in name order, each ordered by its
  /// `Z_ENT` number in `schema` (the root first), as the root's table tells them apart.
  ///
  /// - Throws: ``CoreDataStoreError`` (`.modelMismatch`) for an entity the store numbers not.
  func hierarchies(numberedIn schema: CoreDataStoreSchema) throws(CoreDataStoreError) -> [(
    root: String, entities: [CoreDataEntity]
  )] {
    let numbers = Dictionary(
      schema.entityNumbers.map { ($0.name, $0.number) }, uniquingKeysWith: { first, _ in first })
    var hierarchies: [String: [CoreDataEntity]] = [:]
    for entity in entities {
      guard numbers[entity.name] != nil else {
        let renamed = entity.renamingIdentifier.flatMap {
          $0 == entity.name ? nil : " nor for its renaming identifier \($0)"
        }
        throw CoreDataStoreError(
          .modelMismatch,
          "the model's entity \(entity.name) is not in the store (Z_PRIMARYKEY has no row for "
            + "it\(renamed ?? "")): the model does not match the store")
      }
      hierarchies[root(of: entity.name), default: []].append(entity)
    }
    return hierarchies.sorted { $0.key < $1.key }.map { root, entities in
      (root, entities.sorted { (numbers[$0.name] ?? 0) < (numbers[$1.name] ?? 0) })
    }
  }

  /// The entity named `name` and its ancestors, the root first.
  func ancestry(of name: String) -> [CoreDataEntity] {
    var chain: [CoreDataEntity] = []
    var seen: Set<String> = []
    var next: String? = name
    while let current = next, seen.insert(current).inserted, let entity = self[entity: current] {
      chain.append(entity)
      next = entity.parent
    }
    return chain.reversed()
  }

  /// The value classes of Transformable attributes whose archived values bowq decodes, and
  /// the type they are read as.
  static let standardValueClasses: [String: AttributeType] = [
    "NSString": .string, "String": .string, "NSNumber": .double, "NSDate": .date, "Date": .date,
    "NSData": .binary, "Data": .binary, "NSURL": .uri, "URL": .uri, "NSUUID": .uuid, "UUID": .uuid,
  ]

  /// The bowq type of a Core Data attribute, or nil when bowq has none.
  static func attributeType(of attribute: CoreDataAttribute) -> AttributeType? {
    switch attribute.type {
    case .integer16: return .int16
    case .integer32: return .int32
    case .integer64: return .int64
    case .decimal: return .decimal
    case .double: return .double
    case .float: return .float
    case .string: return .string
    case .boolean: return .bool
    case .date: return .date
    case .binaryData: return .binary
    case .uuid: return .uuid
    case .uri: return .uri
    case .transformable:
      if let standard = attribute.valueClassName.flatMap({ standardValueClasses[$0] }) {
        return standard
      }
      let name = attribute.valueTransformerName.flatMap(ValueTransformerName.init(rawValue:))
      return .transformable(name ?? .secureUnarchiveFromData)
    case .undefined, .objectID, .composite: return nil
    }
  }

  /// bowq's delete rule for Core Data's.
  private static func deleteRule(_ rule: CoreDataDeleteRule) -> DeleteRule {
    switch rule {
    case .noAction: return .noAction
    case .nullify: return .nullify
    case .cascade: return .cascade
    case .deny: return .deny
    }
  }
}

extension ValueTransformerName {
  /// The transformer Core Data uses when a Transformable names none.
  static let secureUnarchiveFromData = ValueTransformerName(rawValue: "NSSecureUnarchiveFromData")!
}
