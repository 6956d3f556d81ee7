import Foundation

@testable import BowQ

/// Writes `NSKeyedArchiver` archives as Foundation does on Apple platforms: `$objects` starts
/// with `$null`, each object is a dictionary whose `$class` refers to a shared class
/// description, and references are UIDs. Objects can be reserved before they are filled, so
/// an archive can hold cycles (an attribute naming its entity).
struct KeyedArchiveWriter {
  private(set) var objects: [PropertyList] = ["$null"]
  private var classByName: [String: PropertyList] = [:]

  /// The nil reference.
  static let null = PropertyList.uid(0)

  /// Appends a plain value (a string, number or data written inline in `$objects`) and
  /// answers its reference.
  mutating func add(_ plist: PropertyList) -> PropertyList {
    objects.append(plist)
    return .uid(Int64(objects.count - 1))
  }

  /// A place for an object filled later with ``fill(_:classes:fields:)``.
  mutating func reserve() -> PropertyList {
    add("reserved")
  }

  /// Appends an instance of `classes` (its class first) with `fields`.
  mutating func object(_ classes: [String], _ fields: [(String, PropertyList)]) -> PropertyList {
    let reference = reserve()
    fill(reference, classes: classes, fields: fields)
    return reference
  }

  /// Fills a reserved object.
  mutating func fill(
    _ reference: PropertyList, classes: [String], fields: [(String, PropertyList)]
  ) {
    let classReference = classDescription(classes)
    var dictionary = PropertyListDictionary(fields.map { (key: $0.0, value: $0.1) })
    dictionary["$class"] = classReference
    objects[Int(reference.uidValue ?? 0)] = .dictionary(dictionary)
  }

  /// Appends a string and answers its reference.
  mutating func string(_ s: String) -> PropertyList { add(.string(s)) }

  /// An `NSArray` of references.
  mutating func array(_ elements: [PropertyList]) -> PropertyList {
    object(["NSArray", "NSObject"], [("NS.objects", .array(elements))])
  }

  /// An `NSMutableDictionary` of string keys to references.
  mutating func dictionary(_ entries: [(String, PropertyList)]) -> PropertyList {
    let keys = entries.map { string($0.0) }
    return object(
      ["NSMutableDictionary", "NSDictionary", "NSObject"],
      [("NS.keys", .array(keys)), ("NS.objects", .array(entries.map(\.1)))])
  }

  /// The archive's property list, with `root` as `$top`'s `root`.
  func archive(root: PropertyList) -> PropertyList {
    [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": root],
      "$objects": .array(objects),
    ]
  }

  /// The archive as a binary property list with real UIDs, as `NSKeyedArchiver` writes it.
  func binary(root: PropertyList) -> Data {
    var builder = PlistGraphBuilder(referenceSize: objects.count > 4_000 ? 4 : 2)
    let top = builder.add(archive(root: root))
    return builder.data(top: top)
  }

  /// The shared description of a class chain.
  private mutating func classDescription(_ classes: [String]) -> PropertyList {
    let name = classes.first ?? "NSObject"
    if let known = classByName[name] { return known }
    let reference = add([
      "$classname": .string(name), "$classes": .array(classes.map { .string($0) }),
    ])
    classByName[name] = reference
    return reference
  }
}
