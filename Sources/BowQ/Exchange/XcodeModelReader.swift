import Foundation

/// Reads a Core Data model as Xcode saves it, so an app's real model can be loaded into
/// bowq.
///
/// Accepted paths:
/// - a `.xcdatamodeld` bundle: the version named by `_XCCurrentVersionName` in its
///   `.xccurrentversion` is read; without that file, the only version, or the last by name
///   (`Model 10` after `Model 2`);
/// - a `.xcdatamodel` version folder;
/// - the `contents` XML file of a version.
///
/// The XML is mapped onto ``Model`` as follows. Attribute types keep their meaning
/// (`Integer 16` is ``AttributeType/int16`` and so on); a `Transformable` whose
/// `valueTransformerName` is `ColorAttributeTransformer` or whose `customClassName` is
/// `UIColor` or `NSColor` becomes `Transformable(Color)`, any other keeps its transformer's
/// name (`NSSecureUnarchiveFromData` when none is given) and its values are opaque data.
/// `optional="YES"` makes a property optional, its absence required. Defaults, value and
/// date bounds, string lengths, patterns, external storage, delete rules, inverses and
/// to-many counts carry over. A single-attribute uniqueness constraint marks the attribute
/// unique; a compound one becomes an entity constraint. A subentity names its parent and
/// receives its parent's properties first (recursively) and its parent's constraints; an
/// abstract entity stays abstract. Everything read but not
/// represented, or represented differently, is listed in ``XcodeModel/notes``.
public enum XcodeModelReader {
  /// The model at `path`.
  ///
  /// - Throws: ``XcodeModelError``: a path that holds no model, malformed XML (with
  ///   line:column), an unknown attribute type (with a suggestion), a relationship to a
  ///   missing entity or inverse, or another model error naming the entity and property.
  public static func read(at path: String) throws(XcodeModelError) -> XcodeModel {
    let source = try locate(path)
    let data = try contents(of: source.contentsPath)
    if data.starts(with: Array("bplist".utf8)) {
      throw .notAModel(
        path: source.contentsPath,
        reason: "it is a binary property list, as in a compiled .mom; "
          + "read the .xcdatamodeld from the app's source instead")
    }
    let root = try XcodeModelElement.parse(data, path: source.contentsPath)
    var mapper = XcodeModelMapper(path: source.contentsPath)
    let model = try mapper.model(from: root)
    var renamingIdentifiers: [String: String] = [:]
    for entity in root.children where entity.name == "entity" {
      if let name = entity["name"], let old = entity["renamingIdentifier"], !old.isEmpty {
        renamingIdentifiers[name] = old
      }
    }
    return XcodeModel(
      model: model, version: source.version, notes: source.notes + mapper.notes,
      renamingIdentifiers: renamingIdentifiers)
  }

  private static let versionExtension = ".xcdatamodel"
  private static let bundleExtension = ".xcdatamodeld"

  /// The `contents` file to read, the version it belongs to, and a note on how the version
  /// was chosen.
  private struct Source {
    var contentsPath: String
    var version: String?
    var notes: [String] = []
  }

  private static func locate(_ path: String) throws(XcodeModelError) -> Source {
    guard let isDirectory = kind(of: path) else { throw .notFound(path: path) }
    guard isDirectory else {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
      return Source(contentsPath: path, version: versionName(folder))
    }
    let contentsPath = join(path, "contents")
    if kind(of: contentsPath) == false {
      return Source(
        contentsPath: contentsPath,
        version: versionName(URL(fileURLWithPath: path).lastPathComponent))
    }
    let entries = try listing(of: path)
    let versions = versionFolders(in: path, entries: entries)
    guard !versions.isEmpty else {
      if path.hasSuffix(bundleExtension) || path.hasSuffix(bundleExtension + "/") {
        throw .emptyBundle(path: path)
      }
      if entries.contains("elements") {
        throw .notAModel(path: path, reason: try legacyFormatReason(join(path, "elements")))
      }
      throw .notAModel(
        path: path, reason: "a folder with neither a contents file nor .xcdatamodel versions")
    }
    let (chosen, note) = try currentVersion(in: path, among: versions)
    let versionPath = join(path, chosen)
    let chosenContents = join(versionPath, "contents")
    guard kind(of: chosenContents) == false else {
      throw .notAModel(path: versionPath, reason: "the version folder has no contents file")
    }
    return Source(
      contentsPath: chosenContents, version: versionName(chosen), notes: note.map { [$0] } ?? [])
  }

  /// Why a model saved before Xcode 4 (an `elements` file, no `contents`) cannot be read,
  /// and what to give instead. Its `elements` file is an `NSKeyedArchiver` archive of Xcode's
  /// own editing classes, not of the `NSManagedObjectModel` Core Data reads, and Apple
  /// documents neither those classes nor their fields; the reason names the classes found.
  private static func legacyFormatReason(_ elements: String) throws(XcodeModelError) -> String {
    var reason = "it has no contents file: it was last saved before Xcode 4, whose elements file "
    let data = try contents(of: elements)
    if let root = try? KeyedArchive.decode(data).root {
      let classes = Set(root.objectsByIndex.values.map(\.className)).sorted()
      let shown = classes.prefix(6).joined(separator: ", ") + (classes.count > 6 ? ", …" : "")
      reason +=
        "is an NSKeyedArchiver archive of Xcode's own editing classes (\(shown)), not of the "
        + "model Core Data reads, and Apple does not document them"
    } else {
      reason +=
        "should be an NSKeyedArchiver archive of Xcode's editing classes, and this one is not"
    }
    return reason
      + ". Give the compiled model with --model instead (the .mom or .momd inside the built "
      + "app, or momc's output for this folder on a Mac), or open the model in Xcode and save "
      + "it in the current format"
  }

  /// The paths of every version of the bundle at `path`, in name order (`Model 2` before
  /// `Model 10`), when it is a folder of several versions; empty otherwise.
  public static func versionPaths(at path: String) throws(XcodeModelError) -> [String] {
    guard kind(of: path) == true, kind(of: join(path, "contents")) == nil else { return [] }
    let versions = versionFolders(in: path, entries: try listing(of: path))
    return versions.count > 1 ? versions.map { join(path, $0) } : []
  }

  /// The `.xcdatamodel` folders among `entries` of the folder `path`, in name order.
  private static func versionFolders(in path: String, entries: [String]) -> [String] {
    entries.filter { $0.hasSuffix(versionExtension) && kind(of: join(path, $0)) == true }
      .sorted {
        versionName($0)!.compare(versionName($1)!, options: .numeric) == .orderedAscending
      }
  }

  /// The version to read, and a note saying how it was chosen when there was a choice.
  private static func currentVersion(
    in bundle: String, among versions: [String]
  ) throws(XcodeModelError) -> (String, String?) {
    let names = versions.compactMap(versionName)
    let listed = "\(versions.count) versions: \(names.joined(separator: ", "))"
    let lastNote = { (why: String) -> String? in
      versions.count > 1
        ? "read version \(Value.quoted(names.last!)), the last by name (\(why); the bundle has \(listed))"
        : nil
    }
    let file = join(bundle, ".xccurrentversion")
    guard kind(of: file) == false else {
      return (versions.last!, lastNote("there is no .xccurrentversion"))
    }
    let data = try contents(of: file)
    guard let plist = try? PropertyListDecoding.decode(data).0,
      case .string(let named)? = plist.dictionaryValue?["_XCCurrentVersionName"]
    else {
      return (
        versions.last!,
        lastNote(".xccurrentversion is not a property list with _XCCurrentVersionName")
          ?? "ignored .xccurrentversion: it is not a property list with _XCCurrentVersionName"
      )
    }
    let wanted = named.hasSuffix(versionExtension) ? named : named + versionExtension
    guard versions.contains(wanted) else {
      throw .missingCurrentVersion(
        bundle: bundle, version: versionName(wanted)!, available: names)
    }
    let note =
      versions.count > 1
      ? "read version \(Value.quoted(versionName(wanted)!)), the current version named in "
        + ".xccurrentversion (the bundle has \(listed))"
      : nil
    return (wanted, note)
  }

  /// A version's name: its folder name without the `.xcdatamodel` extension.
  private static func versionName(_ folder: String) -> String? {
    folder.hasSuffix(versionExtension) ? String(folder.dropLast(versionExtension.count)) : nil
  }

  /// Whether `path` is a directory, or nil when nothing is there.
  private static func kind(of path: String) -> Bool? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return nil
    }
    return isDirectory.boolValue
  }

  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  private static func listing(of folder: String) throws(XcodeModelError) -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .unreadable(path: folder, reason: error.localizedDescription)
    }
  }

  private static func contents(of file: String) throws(XcodeModelError) -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw .unreadable(path: file, reason: error.localizedDescription)
    }
  }
}
