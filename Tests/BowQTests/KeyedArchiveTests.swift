import Foundation
import XCTest

@testable import BowQ

/// The keyed-archive decoder: Foundation's standard classes as plain values, other classes
/// as objects, shared objects and cycles kept finite, and hostile archives refused with the
/// index of the object at fault.
final class KeyedArchiveTests: XCTestCase {
  private func decode(_ writer: KeyedArchiveWriter, root: PropertyList) throws -> ArchivedValue {
    let archive = try KeyedArchive.decode(writer.binary(root: root))
    XCTAssertEqual(archive.archiver, "NSKeyedArchiver")
    XCTAssertEqual(archive.version, 100000)
    return try XCTUnwrap(archive.root)
  }

  private func error(_ body: () throws -> Void) -> KeyedArchiveError? {
    do {
      try body()
      return nil
    } catch let error as KeyedArchiveError {
      return error
    } catch {
      XCTFail("unexpected \(error)")
      return nil
    }
  }

  func testStandardClassesDecodeAsPlainValues() throws {
    var w = KeyedArchiveWriter()
    let date = w.object(["NSDate", "NSObject"], [("NS.time", .real(1000.5))])
    let wholeDate = w.object(["NSDate", "NSObject"], [("NS.time", .integer(60))])
    let data = w.object(
      ["NSMutableData", "NSData", "NSObject"], [("NS.data", .data(Data([1, 2])))])
    let uuidBytes = Data((0..<16).map { UInt8($0) })
    let uuid = w.object(["NSUUID", "NSObject"], [("NS.uuidbytes", .data(uuidBytes))])
    let base = w.object(
      ["NSURL", "NSObject"],
      [("NS.base", KeyedArchiveWriter.null), ("NS.relative", w.string("https://example.com/a/"))])
    let url = w.object(
      ["NSURL", "NSObject"], [("NS.base", base), ("NS.relative", w.string("b.txt"))])
    let null = w.object(["NSNull", "NSObject"], [])
    let text = w.object(
      ["NSMutableString", "NSString", "NSObject"], [("NS.string", .string("mutable"))])
    let set = w.object(["NSSet", "NSObject"], [("NS.objects", .array([w.add(1), w.add(2)]))])
    let array = w.array([
      w.string("plain"), w.add(42), w.add(2.5), w.add(true), date, data, uuid, url, null, text, set,
      KeyedArchiveWriter.null, wholeDate,
    ])
    let root = w.dictionary([("values", array)])

    let value = try decode(w, root: root)

    let expectedUUID = UUID(uuidString: "00010203-0405-0607-0809-0A0B0C0D0E0F")
    XCTAssertEqual(
      value["values"],
      .array([
        .string("plain"), .integer(42), .real(2.5), .bool(true),
        .date(Date(timeIntervalSinceReferenceDate: 1000.5)), .data(Data([1, 2])),
        .uuid(try XCTUnwrap(expectedUUID)), .url("https://example.com/a/b.txt"), .null,
        .string("mutable"), .set([.integer(1), .integer(2)]), .null,
        .date(Date(timeIntervalSinceReferenceDate: 60)),
      ]))
  }

  func testOtherClassesDecodeAsObjectsWithTheirClassChain() throws {
    var w = KeyedArchiveWriter()
    let name = w.string("Pet")
    let entity = w.object(
      ["NSEntityDescription", "NSObject"], [("NSEntityName", name), ("NSIsAbstract", true)])
    let value = try decode(w, root: entity)
    let object = try XCTUnwrap(value.objectValue)
    XCTAssertEqual(object.className, "NSEntityDescription")
    XCTAssertEqual(object.classNames, ["NSEntityDescription", "NSObject"])
    XCTAssertEqual(object["NSEntityName"], .string("Pet"))
    XCTAssertEqual(object["NSIsAbstract"]?.boolValue, true)
    XCTAssertNil(object["$class"])
  }

  func testAnObjectInsideItselfBecomesAReference() throws {
    var w = KeyedArchiveWriter()
    let entity = w.reserve()
    let attribute = w.object(
      ["NSAttributeDescription", "NSPropertyDescription", "NSObject"],
      [("NSPropertyName", w.string("name")), ("NSEntity", entity)])
    w.fill(
      entity, classes: ["NSEntityDescription", "NSObject"],
      fields: [("NSProperties", w.dictionary([("name", attribute)]))])

    let value = try decode(w, root: entity)

    let properties = try XCTUnwrap(value.objectValue?["NSProperties"])
    let decodedAttribute = try XCTUnwrap(properties["name"]?.objectValue)
    let index = Int(try XCTUnwrap(entity.uidValue))
    XCTAssertEqual(
      decodedAttribute["NSEntity"], .reference(index: index, className: "NSEntityDescription"))
  }

  func testSharedObjectsDecodeOnceAndAppearInEachPlace() throws {
    var w = KeyedArchiveWriter()
    let shared = w.object(["Thing", "NSObject"], [("n", .integer(7))])
    let root = w.array([shared, shared, shared])
    let value = try decode(w, root: root)
    let elements = try XCTUnwrap(value.elements)
    XCTAssertEqual(elements.count, 3)
    XCTAssertEqual(Set(elements).count, 1)
    XCTAssertEqual(elements.first?.objectValue?["n"], .integer(7))
  }

  func testArchivesReadAsPropertyListsWithUIDDictionariesDecodeTheSame() throws {
    var w = KeyedArchiveWriter()
    let root = w.dictionary([("a", w.array([w.string("x"), w.add(1)]))])
    let archive = try KeyedArchive.decode(w.archive(root: root), budget: 1000)
    XCTAssertEqual(archive.root, try decode(w, root: root))
  }

  func testXMLArchivesDecodeAsTheirBinaryFormDoes() throws {
    var w = KeyedArchiveWriter()
    let root = w.dictionary([("a", w.array([w.string("x"), w.add(1), w.string("x")]))])
    let xml = try PropertyListEncoding.encode(w.archive(root: root), as: .xml)
    XCTAssertTrue(String(decoding: xml, as: UTF8.self).contains("<key>CF$UID</key>"))
    XCTAssertEqual(try KeyedArchive.decode(xml).root, try decode(w, root: root))
    XCTAssertEqual(try PropertyListDecoding.decode(xml).0, w.archive(root: root))
  }

  func testJSONIsNotReadAsAnArchive() throws {
    var w = KeyedArchiveWriter()
    let root = w.string("x")
    let json = try PropertyListEncoding.encode(w.archive(root: root), as: .json)
    let failure = error { _ = try KeyedArchive.decode(json) }
    XCTAssertEqual(failure?.kind, .notPropertyList)
    XCTAssertTrue(failure?.message.contains("bplist00") ?? false)
  }

  func testCompressedArchivesInflateFirst() throws {
    var w = KeyedArchiveWriter()
    let root = w.array([w.string("compressed")])
    let archive = w.binary(root: root)
    for raw in [true, false] {
      let compressed = Deflater.deflate(archive, raw: raw)
      XCTAssertEqual(try KeyedArchive.decode(compressed).root, .array([.string("compressed")]))
    }
    let notAnArchive = Deflater.deflate(Data("plain text".utf8), raw: true)
    XCTAssertEqual(error { _ = try KeyedArchive.decode(notAnArchive) }?.kind, .notPropertyList)
  }

  func testKnownKeysDictionariesPairTheirMappingKeysWithTheirValues() throws {
    var w = KeyedArchiveWriter()
    let keys = w.array([w.string("Book"), w.string("Page")])
    let mapping = w.object(
      ["NSKnownKeysMappingStrategy1", "NSKnownKeysMappingStrategy", "NSObject"],
      [("keys", keys), ("length", 2), ("version", 1)])
    let values = w.array([w.string("b"), w.string("p")])
    let dictionary = w.object(
      [
        "NSKnownKeysDictionary1", "NSKnownKeysDictionary", "NSMutableDictionary", "NSDictionary",
        "NSObject",
      ],
      [("searchMapping", mapping), ("values", values), ("version", 1)])
    let value = try decode(w, root: dictionary)
    XCTAssertEqual(value["Book"], .string("b"))
    XCTAssertEqual(value["Page"], .string("p"))
  }

  // MARK: Hostile archives

  func testAReferencePastTheObjectsNamesTheObjectHoldingIt() throws {
    var w = KeyedArchiveWriter()
    let root = w.object(["Thing", "NSObject"], [("next", .uid(999))])
    let data = w.binary(root: root)
    let failure = error { _ = try KeyedArchive.decode(data) }
    XCTAssertEqual(failure?.kind, .badReference)
    XCTAssertEqual(failure?.objectIndex, Int(root.uidValue ?? 0))
    XCTAssertTrue(
      failure?.description.contains("object 999") ?? false, "\(String(describing: failure))")
  }

  func testAMissingOrBrokenClassIsRefused() throws {
    var w = KeyedArchiveWriter()
    let noClass = w.add(["field": 1])
    XCTAssertEqual(error { _ = try KeyedArchive.decode(w.binary(root: noClass)) }?.kind, .badClass)

    var v = KeyedArchiveWriter()
    let notAClass = v.string("not a class")
    let broken = v.add(["$class": notAClass])
    let failure = error { _ = try KeyedArchive.decode(v.binary(root: broken)) }
    XCTAssertEqual(failure?.kind, .badClass)
    XCTAssertEqual(failure?.objectIndex, Int(broken.uidValue ?? 0))
  }

  func testStandardClassesWithoutTheirFieldsAreRefused() throws {
    var w = KeyedArchiveWriter()
    let uneven = w.object(
      ["NSDictionary", "NSObject"],
      [("NS.keys", .array([w.string("a")])), ("NS.objects", .array([]))])
    XCTAssertEqual(error { _ = try KeyedArchive.decode(w.binary(root: uneven)) }?.kind, .badObject)
    var v = KeyedArchiveWriter()
    let date = v.object(["NSDate", "NSObject"], [("NS.time", "yesterday")])
    let failure = error { _ = try KeyedArchive.decode(v.binary(root: date)) }
    XCTAssertEqual(failure?.kind, .badObject)
    XCTAssertTrue(failure?.message.contains("NS.time") ?? false)
  }

  func testSharedObjectsDecodeInWorkLinearInTheArchiveHoweverFarTheyExpand() throws {
    var w = KeyedArchiveWriter()
    var inner = w.string("lol")
    for _ in 0..<40 { inner = w.array([inner, inner]) }
    let plist = try BinaryPropertyListReader.decode(w.binary(root: inner), readingUIDs: true)
    let objects = try XCTUnwrap(plist.dictionaryValue?["$objects"]?.arrayValue)
    var decoder = KeyedArchiveDecoder(objects: objects, budget: 1_000)
    let value = try decoder.inline(.uid(Int64(try XCTUnwrap(inner.uidValue))), in: nil)
    XCTAssertLessThan(decoder.spent, 500)
    XCTAssertEqual(value.elements?.count, 2)
    XCTAssertEqual(value.expandedSize(limit: 1 << 20), (1 << 20) + 1)

    let archive = try KeyedArchive.decode(w.binary(root: inner))
    let failure = error { try archive.checkExpandedSize(budget: 1 << 20) }
    XCTAssertEqual(failure?.kind, .tooLarge)
    XCTAssertTrue(failure?.message.contains("shared objects") ?? false)
  }

  func testValuesSharedInsideThePropertyListThatDecodeTooLargeAreRefused() throws {
    // An object whose field is an array shared inside the property list itself (not
    // through UIDs), 2^40 leaves when built: the decoder stops when its work passes the
    // budget, naming the object.
    var builder = PlistGraphBuilder()
    let shared = builder.addSharedChain(levels: 40, fanOut: 2)
    let top = builder.add(
      [
        "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)],
        "$objects": [
          "$null", ["field": "S", "$class": .uid(2)],
          ["$classname": "Thing", "$classes": ["Thing", "NSObject"]],
        ],
      ], replacing: "S", with: shared)
    let data = builder.data(top: top)
    XCTAssertLessThan(data.count, 2_000)
    let failure = error { _ = try KeyedArchive.decode(data) }
    XCTAssertEqual(failure?.kind, .tooLarge)
    XCTAssertEqual(failure?.objectIndex, 1)
  }

  func testDeepNestingIsRefused() throws {
    var w = KeyedArchiveWriter()
    var inner = w.string("leaf")
    for _ in 0...KeyedArchive.maximumDepth { inner = w.array([inner]) }
    XCTAssertEqual(error { _ = try KeyedArchive.decode(w.binary(root: inner)) }?.kind, .tooDeep)
  }

  func testPropertyListsThatAreNotArchivesAreRefused() throws {
    let plain = try BinaryPropertyListWriter.encode(["name": "Pet"])
    XCTAssertEqual(error { _ = try KeyedArchive.decode(plain) }?.kind, .notKeyedArchive)
    XCTAssertEqual(
      error { _ = try KeyedArchive.decode(Data("bplist00junk".utf8)) }?.kind, .notPropertyList)
  }

  func testPlainReadingStillRefusesUIDs() throws {
    var w = KeyedArchiveWriter()
    let root = w.string("x")
    let data = w.binary(root: root)
    XCTAssertThrowsError(try BinaryPropertyListReader.decode(data))
    XCTAssertNoThrow(try BinaryPropertyListReader.decode(data, readingUIDs: true))
  }

  // MARK: A compiled model written by Xcode

  func testUsersMomDecodesToItsEntitiesAndProperties() throws {
    let mom = try copyCoreDataFixture("Users/Users.mom")
    let archive = try KeyedArchive.decode(try Data(contentsOf: mom))
    let model = try XCTUnwrap(archive.root?.objectValue)
    XCTAssertEqual(model.className, "NSManagedObjectModel")
    let entities = try XCTUnwrap(model["NSEntities"]?.entries)
    XCTAssertEqual(entities.map(\.key), [.string("Pet"), .string("User")])
    let user = try XCTUnwrap(model["NSEntities"]?["User"]?.objectValue)
    XCTAssertEqual(user["NSEntityName"], .string("User"))
    let name = try XCTUnwrap(user["NSProperties"]?["name"]?.objectValue)
    XCTAssertEqual(name.className, "NSAttributeDescription")
    XCTAssertEqual(name["NSAttributeType"], .integer(700))
    let pet = try XCTUnwrap(user["NSProperties"]?["pet"]?.objectValue)
    XCTAssertEqual(pet.className, "NSRelationshipDescription")
    XCTAssertEqual(pet["_NSDestinationEntityName"], .string("Pet"))
    XCTAssertEqual(model["NSVersionIdentifiers"], .set([.string("3")]))
  }
}

/// Every cut and every flipped bit of a real compiled model: each decodes or fails with a
/// ``KeyedArchiveError``, and what decodes maps to a model or fails with a
/// ``CoreDataStoreError``, never a crash.
final class HostileKeyedArchiveTests: XCTestCase {
  func testEveryCutAndFlippedBitOfAMomDecodesOrFails() throws {
    let mom = try [UInt8](Data(contentsOf: copyCoreDataFixture("Users/Users.mom")))
    var variants: [[UInt8]] = (0..<mom.count).map { Array(mom.prefix($0)) }
    for i in mom.indices {
      for bit in 0..<8 {
        var flipped = mom
        flipped[i] ^= 1 << bit
        variants.append(flipped)
      }
    }
    var decoded = 0
    for bytes in variants {
      guard let archive = try? KeyedArchive.decode(Data(bytes)), let root = archive.root else {
        continue
      }
      decoded += 1
      _ = root.objectsByIndex
      _ = try? CoreDataModel(archived: root)
    }
    XCTAssertGreaterThan(decoded, 0)
  }
}
