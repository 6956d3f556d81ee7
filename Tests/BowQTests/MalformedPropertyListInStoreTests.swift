import Foundation
import XCTest

@testable import BowQ

/// A valid store file with one object swapped for a malformed one: the store decoder reads
/// a store's objects without the tree reader, so each malformation is planted where it
/// meets a different path of that decoder (a column value, a color, a to-many, a key, the
/// placeholder of a nil row, the model, and keys the layout does not define).
struct InjectedStore {
  /// The string that marks the object to replace.
  static let marker = "INJECT-HERE"

  /// Where the malformed objects go, for making their references.
  struct Place: Sendable {
    /// The index of the replaced object (the malformed object takes it).
    var index: Int
    /// The index of the first extra object.
    var firstExtra: Int
    /// The root dictionary.
    var top: Int
    var refSize: Int

    func ref(_ index: Int) -> [UInt8] { CraftedPlist.bigEndian(UInt64(index), size: refSize) }
  }

  /// A malformed object and the extra objects it refers to (placed before it, so that the
  /// malformed object is the last one before the offset table).
  struct Injection: Sendable {
    var name: String
    var kind: PropertyListError.Kind
    var make: @Sendable (Place) -> (object: [UInt8], extras: [[UInt8]])
  }

  /// `plist` as the tree writer writes it, with the string object ``marker`` replaced.
  static func bytes(_ plist: PropertyList, _ injection: Injection) -> [UInt8] {
    let base = [UInt8](try! BinaryPropertyListWriter.encode(plist))
    func read(_ at: Int, _ size: Int) -> Int {
      base[at..<at + size].reduce(0) { $0 << 8 | Int($1) }
    }
    let trailer = base.count - 32
    let offsetSize = Int(base[trailer + 6])
    let refSize = Int(base[trailer + 7])
    let count = read(trailer + 8, 8)
    let table = read(trailer + 24, 8)
    var offsets = (0..<count).map { read(table + $0 * offsetSize, offsetSize) }
    let pattern = [0x50 | UInt8(marker.utf8.count)] + Array(marker.utf8)
    guard let index = offsets.firstIndex(where: { base[$0...].starts(with: pattern) }) else {
      fatalError("the plist holds no \(marker)")
    }
    let place = Place(
      index: index, firstExtra: count, top: read(trailer + 16, 8), refSize: refSize)
    let (object, extras) = injection.make(place)
    precondition(count + extras.count < 1 << (8 * refSize), "too many objects for the refs")
    var body = Array(base[..<table])
    for extra in extras {
      offsets.append(body.count)
      body += extra
    }
    offsets[index] = body.count
    body += object
    var out = body
    for offset in offsets { out += CraftedPlist.bigEndian(UInt64(offset), size: 8) }
    out += [0, 0, 0, 0, 0, 0, 8, UInt8(refSize)]
    out += CraftedPlist.bigEndian(UInt64(offsets.count), size: 8)
    out += CraftedPlist.bigEndian(UInt64(place.top), size: 8)
    out += CraftedPlist.bigEndian(UInt64(body.count), size: 8)
    return out
  }

  /// Every object-level malformation of the crafted-file suite.
  static let injections: [Injection] = {
    var list: [Injection] = [
      Injection(name: "string count past the end", kind: .truncated) { _ in
        ([0x5F, 0x13] + CraftedPlist.bigEndian(1 << 40, size: 8) + [0x61], [])
      },
      Injection(name: "array count of 2^62", kind: .truncated) { _ in
        ([0xAF, 0x13] + CraftedPlist.bigEndian(1 << 62, size: 8), [])
      },
      Injection(name: "dictionary count past the end", kind: .truncated) { _ in
        ([0xDF, 0x12, 0x40, 0, 0, 0, 1, 1], [])
      },
      Injection(name: "UTF-16 units counted as bytes", kind: .truncated) { _ in
        ([0x64, 0, 0x61, 0, 0x62], [])
      },
      Injection(name: "data past the end", kind: .truncated) { _ in ([0x45, 1, 2], []) },
      Injection(name: "integer into the offset table", kind: .truncated) { _ in
        ([0x13, 0, 0, 0], [])
      },
      Injection(name: "count that is a string", kind: .badNumber) { _ in ([0x5F, 0x51, 0x61], []) },
      Injection(name: "negative count", kind: .badNumber) { _ in
        ([0x4F, 0x13] + [UInt8](repeating: 0xFF, count: 8), [])
      },
      Injection(name: "reference out of range", kind: .badReference) { place in
        ([0xA1] + place.ref((1 << (8 * place.refSize)) - 1), [])
      },
      Injection(name: "array containing itself", kind: .cycle) { place in
        ([0xA1] + place.ref(place.index), [])
      },
      Injection(name: "array containing the root", kind: .cycle) { place in
        ([0xA1] + place.ref(place.top), [])
      },
      Injection(name: "600 nested arrays", kind: .tooDeep) { place in
        let extras = (0..<600).map { i in
          i == 599 ? [0xA0] : [0xA1] + place.ref(place.firstExtra + i + 1)
        }
        return ([0xA1] + place.ref(place.firstExtra), extras)
      },
      Injection(name: "byte 0xE9 in an ASCII string", kind: .badString) { _ in
        ([0x54] + Array("caf".utf8) + [0xE9], [])
      },
      Injection(name: "lone low surrogate", kind: .badString) { _ in
        ([0x62, 0, 0x61, 0xDC, 0x00], [])
      },
      Injection(name: "high surrogate then a letter", kind: .badString) { _ in
        ([0x62, 0xD8, 0x3D, 0, 0x61], [])
      },
      Injection(name: "trailing high surrogate", kind: .badString) { _ in
        ([0x62, 0, 0x61, 0xD8, 0x3D], [])
      },
      Injection(name: "integer key", kind: .badKey) { place in
        ([0xD1] + place.ref(place.firstExtra) + place.ref(place.firstExtra), [[0x10, 5]])
      },
      Injection(name: "array key", kind: .badKey) { place in
        (
          [0xD1] + place.ref(place.firstExtra) + place.ref(place.firstExtra + 1),
          [[0xA0], [0x10, 5]]
        )
      },
      Injection(name: "the same key in ASCII and UTF-16", kind: .duplicateKey) { place in
        let e = place.firstExtra
        return (
          [0xD2] + place.ref(e) + place.ref(e + 1) + place.ref(e + 2) + place.ref(e + 2),
          [CraftedPlist.ascii("red"), [0x63, 0, 0x72, 0, 0x65, 0, 0x64], [0x10, 1]]
        )
      },
      Injection(name: "real of 2 bytes", kind: .badNumber) { _ in ([0x21, 0, 0], []) },
      Injection(name: "integer of 32 bytes", kind: .badNumber) { _ in
        ([0x15] + [UInt8](repeating: 0, count: 32), [])
      },
      Injection(name: "16-byte integer beyond UInt64", kind: .badNumber) { _ in
        ([0x14] + [UInt8](repeating: 0, count: 7) + [1] + [UInt8](repeating: 0, count: 8), [])
      },
      Injection(name: "date marker 0x32", kind: .badNumber) { _ in ([0x32, 0, 0, 0, 0], []) },
      Injection(name: "NaN date", kind: .badNumber) { _ in
        ([0x33] + CraftedPlist.bigEndian(Double.nan.bitPattern, size: 8), [])
      },
    ]
    for marker: UInt8 in [0x00, 0x0F, 0x0C, 0x0E, 0x71, 0x80, 0xB0, 0xC0, 0x90, 0xE0, 0xF0, 0x05] {
      list.append(
        Injection(name: "marker 0x\(String(marker, radix: 16))", kind: .unsupportedObject) { _ in
          ([marker, 0x61], [])
        })
    }
    return list
  }()
}

/// An edit that puts ``InjectedStore/marker`` at `index` of the array `key` of the
/// dictionary at `path` in the store's root.
private func marker(
  at path: [String], element key: String, _ index: Int
) -> (inout PropertyListDictionary) -> Void {
  { root in
    root.edit(path[...]) { $0.setElement(key, index, to: .string(InjectedStore.marker)) }
  }
}

final class MalformedPropertyListInStoreTests: XCTestCase {
  /// Person ⇄ BowTie (to-one owner, to-many ties) with every column kind a tie needs; 300
  /// ties, so that references take two bytes and a 600-deep chain fits.
  private var graph: ObjectGraph {
    let person = Entity(
      name: "Person", attributes: [Attribute(name: "name", type: .string)],
      relationships: [
        Relationship(name: "ties", destination: "BowTie", isToMany: true, inverse: "owner")
      ])
    let tie = Entity(
      name: "BowTie",
      attributes: [
        Attribute(name: "name", type: .string),
        Attribute(name: "lastWorn", type: .date, isOptional: true),
        Attribute(name: "tint", type: .transformable(.color), isOptional: true),
      ],
      relationships: [
        Relationship(name: "owner", destination: "Person", isToMany: false, inverse: "ties")
      ])
    var graph = ObjectGraph(model: Model(entities: [person, tie]))
    let ann = graph.insert([.string("Ann"), .collection([])], into: "Person")
    for i in 0..<300 {
      let id = graph.insert(
        [
          .string("Tie \(i)"), i % 3 == 2 ? .null : .date(Date(timeIntervalSince1970: Double(i))),
          .color(Color(red: UInt8(i % 256), green: 0, blue: 0)), .null,
        ], into: "BowTie")
      if i < 3 { graph.setRelationship(id, "owner", to: [ann]) }
    }
    return graph
  }

  private typealias Edit = (inout PropertyListDictionary) -> Void

  /// Edits of the store's root that put ``InjectedStore/marker`` somewhere.
  private let places: [(String, Edit)] = [
    (
      "a string column value",
      marker(
        at: ["entities", "BowTie", "columns"], element: "name", 1)
    ),
    (
      "a color column value",
      marker(
        at: ["entities", "BowTie", "columns"], element: "tint", 0)
    ),
    (
      "a to-many column value",
      marker(
        at: ["entities", "Person", "columns"], element: "ties", 0)
    ),
    (
      "a to-one column value",
      marker(
        at: ["entities", "BowTie", "columns"], element: "owner", 0)
    ),
    (
      "a key",
      marker(at: ["entities", "BowTie"], element: "keys", 0)
    ),
    (
      "the placeholder of a nil row",
      marker(
        at: ["entities", "BowTie", "columns"], element: "lastWorn", 2)
    ),
    (
      "the model",
      { root in
        root.edit("model") { $0["comment"] = .string(InjectedStore.marker) }
      }
    ),
    ("an unknown key of the root", { root in root["extra"] = .string(InjectedStore.marker) }),
    (
      "an unknown key of an entity's entry",
      { root in
        root.edit("entities", "BowTie") { $0["extra"] = .string(InjectedStore.marker) }
      }
    ),
  ]

  func testEveryMalformationInEveryPlaceFailsAsTheTreeReaderSays() throws {
    guard case .dictionary(let root) = try StoreCodec.encode(graph) else {
      return XCTFail("not a dictionary")
    }
    var checked = 0
    for (placeName, edit) in places {
      var edited = root
      edit(&edited)
      for injection in InjectedStore.injections {
        let bytes = Data(InjectedStore.bytes(.dictionary(edited), injection))
        let context = "\(injection.name) in \(placeName)"
        var treeError: PropertyListError?
        XCTAssertThrowsError(try BinaryPropertyListReader.decode(bytes), context) {
          treeError = $0 as? PropertyListError
          XCTAssertEqual(treeError?.kind, injection.kind, "\(context): \($0)")
        }
        XCTAssertThrowsError(try StoreCodec.decodeData(bytes), context) {
          XCTAssertEqual($0 as? PropertyListError, treeError, "\(context): \($0)")
        }
        checked += 1
      }
    }
    XCTAssertEqual(checked, places.count * InjectedStore.injections.count)
    XCTAssertGreaterThanOrEqual(checked, 300)
  }

  func testTheMarkerItselfIsReadInEachPlace() throws {
    // The unmodified injection sites hold a valid string: where a string belongs the store
    // loads, elsewhere it is a store error, never a property-list one.
    guard case .dictionary(let root) = try StoreCodec.encode(graph) else {
      return XCTFail("not a dictionary")
    }
    for (placeName, edit) in places {
      var edited = root
      edit(&edited)
      let bytes = try BinaryPropertyListWriter.encode(.dictionary(edited))
      do {
        _ = try StoreCodec.decodeData(bytes)
      } catch {
        XCTAssertTrue(error is StoreError, "\(placeName): \(error)")
      }
    }
  }
}

extension PropertyListDictionary {
  /// Edits the dictionary at a path of keys below this one.
  fileprivate mutating func edit(_ path: String..., body: (inout PropertyListDictionary) -> Void) {
    edit(path[...], body)
  }

  fileprivate mutating func edit(
    _ path: ArraySlice<String>, _ body: (inout PropertyListDictionary) -> Void
  ) {
    guard let key = path.first else { return body(&self) }
    guard case .dictionary(var inner) = self[key] else { fatalError("no dictionary at \(key)") }
    inner.edit(path.dropFirst(), body)
    self[key] = .dictionary(inner)
  }

  /// Replaces element `index` of the array at `key`.
  fileprivate mutating func setElement(_ key: String, _ index: Int, to value: PropertyList) {
    guard case .array(var elements) = self[key] else { fatalError("no array at \(key)") }
    elements[index] = value
    self[key] = .array(elements)
  }
}
