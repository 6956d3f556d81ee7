import Foundation
import XCTest

@testable import BowQ

/// A model with every attribute type, and a graph of it with nulls, for store tests.
enum StoreFixtures {
  static let everyType = Entity(
    name: "Sample",
    attributes: [
      Attribute(name: "name", type: .string, minLength: 1, maxLength: 40, pattern: "[A-Za-z ]+"),
      Attribute(name: "small", type: .int16, minimum: .int(-5), maximum: .int(500)),
      Attribute(name: "medium", type: .int32, defaultValue: .int(0)),
      Attribute(name: "large", type: .int64, isUnique: true),
      Attribute(name: "price", type: .decimal, isOptional: true, minimum: .decimal(0)),
      Attribute(
        name: "rating", type: .double, defaultValue: .double(0), minimum: .int(0),
        maximum: .double(5)),
      Attribute(name: "weight", type: .float, isOptional: true),
      Attribute(name: "isFavorite", type: .bool, defaultValue: .bool(false)),
      Attribute(
        name: "lastWorn", type: .date, isOptional: true,
        minimum: .date(Date(timeIntervalSinceReferenceDate: 0))),
      Attribute(name: "photo", type: .binary, isOptional: true, allowsExternalStorage: true),
      Attribute(name: "id", type: .uuid, isUnique: true),
      Attribute(
        name: "url", type: .uri, isOptional: true,
        defaultValue: .uri(URI("https://example.com")!)),
      Attribute(
        name: "tint", type: .transformable(.color), isOptional: true,
        defaultValue: .color(Color(red: 1, green: 2, blue: 3))),
    ])

  static let empty = Entity(name: "Empty", attributes: [Attribute(name: "note", type: .string)])

  static var graph: ObjectGraph {
    var graph = ObjectGraph(model: Model(entities: [everyType, empty]))
    let id1 = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    graph.insert(
      [
        .string("Paisley"), .int(-5), .int(.init(Int32.max)), .int(.min),
        .decimal(Decimal(string: "12.50")!), .double(4.5), .double(0.25), .bool(true),
        .date(Date(timeIntervalSinceReferenceDate: 123.456)), .data(Data([0, 1, 2])),
        .uuid(id1), .uri(URI("https://example.com/tie?id=1")!),
        .color(Color(red: 255, green: 0, blue: 128)),
      ], into: "Sample")
    graph.insert(
      [
        .string("日本 ✓ naïve 😀"), .int(500), .int(7), .int(.max), .null, .double(-0.5), .null,
        .bool(false), .null, .null,
        .uuid(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!),
        .null, .null,
      ], into: "Sample", key: 9)
    for i in 0..<8 {
      graph.insert(
        [
          .string("Tie \(i)"), .int(Int64(i)), .int(0), .int(Int64(i) * 1000), .decimal(Decimal(i)),
          .double(Double(i) / 2), .null, .bool(i % 2 == 0),
          .date(Date(timeIntervalSince1970: Double(i))),
          .data(Data()), .uuid(UUID()), .null,
          .color(Color(red: UInt8(i), green: UInt8(i), blue: UInt8(i))),
        ], into: "Sample")
    }
    graph.reserveKeys(in: "Sample", below: 40)
    return graph
  }
}

final class StoreCodecTests: XCTestCase {
  func testRoundTripOfEveryType() throws {
    let graph = StoreFixtures.graph
    let plist = try StoreCodec.encode(graph)
    XCTAssertEqual(try StoreCodec.decode(plist), graph)
    let bytes = try BinaryPropertyListWriter.encode(plist)
    XCTAssertEqual(try StoreCodec.decode(BinaryPropertyListReader.decode(bytes)), graph)
  }

  func testColumnsWrittenFromTheirStorageReadBackAsTheyWere() throws {
    let entity = Entity(
      name: "E",
      attributes: [
        Attribute(name: "key", type: .string, isOptional: true),
        Attribute(name: "name", type: .string, isOptional: true),
        Attribute(name: "n", type: .int16, isOptional: true),
        Attribute(name: "x", type: .double, isOptional: true),
        Attribute(name: "on", type: .bool, isOptional: true),
        Attribute(name: "at", type: .date, isOptional: true),
      ])
    var graph = ObjectGraph(model: Model(entities: [entity]))
    let keys = ["R", "Crème", "", "B"]
    for i in 0..<600 {
      let null = i % 7 == 3
      graph.insert(
        [
          null ? .null : .string(keys[i % keys.count]),
          null ? .null : .string("Brûlée \(i)"),
          null ? .null : .int(Int64(i - 300)),
          null ? .null : .double(Double(i) / 4),
          null ? .null : .bool(i % 2 == 0),
          null ? .null : .date(Date(timeIntervalSinceReferenceDate: Double(i) * 86_400)),
        ], into: "E")
    }
    XCTAssertEqual(try StoreCodec.decodeData(StoreCodec.encodeData(graph)), graph)
    graph.update(
      ObjectID(entity: "E", key: 5), attribute: 5,
      to: .date(Date(timeIntervalSinceReferenceDate: .infinity)))
    XCTAssertThrowsError(try StoreCodec.encodeData(graph)) {
      XCTAssertEqual(
        "\($0)", "entity E, attribute at, row 4: a date must be a finite number of seconds")
    }
  }

  func testDataAndURIsReadFromAFileAreWrittenBackAsTheyWere() throws {
    let entity = Entity(
      name: "E",
      attributes: [
        Attribute(name: "photo", type: .binary, isOptional: true),
        Attribute(name: "url", type: .uri, isOptional: true),
      ])
    var graph = ObjectGraph(model: Model(entities: [entity]))
    for i in 0..<300 {
      graph.insert(
        [
          i % 5 == 0 ? .null : .data(Data([UInt8(i % 256), 1, 2, UInt8(i / 256)])),
          i % 7 == 0 ? .null : .uri(try XCTUnwrap(URI("https://example.com/ties/\(i)"))),
        ], into: "E")
    }
    let read = try StoreCodec.decodeData(StoreCodec.encodeData(graph))
    XCTAssertEqual(read, graph)
    XCTAssertEqual(read.table("E").column(0).kind, .data, "bytes with spans, as read")
    XCTAssertEqual(read.table("E").column(1).kind, .uris)
    XCTAssertEqual(try StoreCodec.decodeData(StoreCodec.encodeData(read)), graph)
  }

  func testLayoutIsColumnarAndSelfDescribing() throws {
    let plist = try StoreCodec.encode(StoreFixtures.graph)
    guard case .dictionary(let root) = plist else { return XCTFail("not a dictionary") }
    XCTAssertEqual(root.keys, ["format", "version", "model", "entities"])
    XCTAssertEqual(root["format"], "bowq-store")
    XCTAssertEqual(root["version"], 1)
    let attributes = root["model"]?.dictionaryValue?["entities"]?.arrayValue?[0]
      .dictionaryValue?["attributes"]?.arrayValue
    XCTAssertEqual(
      attributes?[1],
      ["name": "small", "type": "Int16", "optional": false, "min": -5, "max": 500])
    XCTAssertEqual(
      attributes?[5],
      ["name": "rating", "type": "Double", "optional": false, "default": 0.0, "min": 0, "max": 5.0])
    XCTAssertEqual(
      attributes?[12],
      [
        "name": "tint", "type": "Transformable(Color)", "optional": true,
        "default": ["red": 1, "green": 2, "blue": 3],
      ])
    XCTAssertEqual(
      attributes?[9], ["name": "photo", "type": "Binary", "optional": true, "external": true])

    let sample = root["entities"]?.dictionaryValue?["Sample"]?.dictionaryValue
    XCTAssertEqual(sample?["nextKey"], 40)
    XCTAssertEqual(sample?["keys"], [1, 9, 10, 11, 12, 13, 14, 15, 16, 17])
    let columns = sample?["columns"]?.dictionaryValue
    XCTAssertEqual(columns?["small"], [-5, 500, 0, 1, 2, 3, 4, 5, 6, 7])
    XCTAssertEqual(columns?["price"]?.arrayValue?.prefix(3), ["12.5", "0", "0"])
    // Row 1 is nil: bit 1 of byte 0.
    XCTAssertEqual(columns?["price.nulls"], .data(Data([0b10, 0])))
    // Only row 1 has no tint.
    XCTAssertEqual(columns?["tint.nulls"], .data(Data([0b10, 0])))
    XCTAssertEqual(columns?["weight.nulls"], .data(Data([0b1111_1110, 0b11])))
    XCTAssertNil(columns?["name.nulls"], "no bitmap without nulls")
    XCTAssertEqual(
      columns?["id"]?.arrayValue?[1],
      .data(Data([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])))
    XCTAssertEqual(columns?["tint"]?.arrayValue?[0], ["red": 255, "green": 0, "blue": 128])
    XCTAssertEqual(columns?["url"]?.arrayValue?[0], "https://example.com/tie?id=1")

    let empty = root["entities"]?.dictionaryValue?["Empty"]
    XCTAssertEqual(empty, ["nextKey": 1, "keys": [], "columns": ["note": []]])
  }

  func testNullRowsIgnoreTheirPlaceholder() throws {
    let entity = Entity(
      name: "E", attributes: [Attribute(name: "n", type: .int32, isOptional: true)])
    let plist = storePlist(
      entities: [entity],
      objects: [
        "E": [
          "nextKey": 3, "keys": [1, 2],
          "columns": ["n": ["anything", 4], "n.nulls": .data(Data([1]))],
        ]
      ])
    let graph = try StoreCodec.decode(plist)
    XCTAssertEqual(graph.table("E").rows, [[.null], [.int(4)]])
  }

  func testDecimalStringsAreStrict() throws {
    for good in ["0", "-12.50", "1.5e-3", "7E+2"] {
      XCTAssertEqual(try StoreValueEncoding.decimal(good), Decimal(string: good), good)
    }
    XCTAssertTrue(try StoreValueEncoding.decimal("NaN").isNaN)
    for bad in ["", "1.", ".5", "1e", "--1", "+1", "1 ", "0x10", "12abc", "1e999"] {
      XCTAssertThrowsError(try StoreValueEncoding.decimal(bad), bad)
    }
  }

  func testOpaqueTransformerValuesAreData() throws {
    let entity = Entity(
      name: "E",
      attributes: [
        Attribute(
          name: "blob",
          type: .transformable(ValueTransformerName(rawValue: "NSSecureUnarchiveFromData")!),
          isOptional: true)
      ])
    var graph = ObjectGraph(model: Model(entities: [entity]))
    graph.insert([.data(Data([1, 2, 3]))], into: "E")
    graph.insert([.null], into: "E")
    let plist = try StoreCodec.encode(graph)
    let columns = plist.dictionaryValue?["entities"]?.dictionaryValue?["E"]?.dictionaryValue?[
      "columns"]
    XCTAssertEqual(
      columns,
      ["blob": [.data(Data([1, 2, 3])), .data(Data())], "blob.nulls": .data(Data([0b10]))])
    XCTAssertEqual(try StoreCodec.decode(plist), graph)
  }

  func testIntegersInRealAndDecimalColumnsAreWidened() throws {
    let entity = Entity(
      name: "E",
      attributes: [Attribute(name: "d", type: .double), Attribute(name: "m", type: .decimal)])
    var graph = ObjectGraph(model: Model(entities: [entity]))
    graph.insert([.int(3), .int(-2)], into: "E")
    let decoded = try StoreCodec.decode(StoreCodec.encode(graph))
    XCTAssertEqual(decoded.table("E").rows, [[.double(3), .decimal(-2)]])
  }

  // MARK: Encoding errors

  func testEncodingRefusesValuesThatCannotBeReadBack() {
    let entity = Entity(name: "E", attributes: [Attribute(name: "n", type: .int16)])
    var graph = ObjectGraph(model: Model(entities: [entity]))
    graph.insert([.int(1)], into: "E")
    graph.insert([.string("x")], into: "E")
    XCTAssertThrowsError(try StoreCodec.encode(graph)) {
      XCTAssertEqual(
        "\($0)", "entity E, attribute n, row 1: String value \"x\" cannot be stored as Int16")
    }
    var overflow = ObjectGraph(model: Model(entities: [entity]))
    overflow.insert([.int(40_000)], into: "E")
    XCTAssertThrowsError(try StoreCodec.encode(overflow)) {
      XCTAssertEqual(
        "\($0)",
        "entity E, attribute n, row 0: the integer 40000 is outside the range of Int16 (-32768...32767)"
      )
    }
    let dotted = Entity(name: "D", attributes: [Attribute(name: "a.b", type: .string)])
    XCTAssertThrowsError(try StoreCodec.encode(ObjectGraph(model: Model(entities: [dotted])))) {
      XCTAssertEqual(
        "\($0)", "entity D, attribute a.b: attribute names in a store cannot contain \".\"")
    }
    var orphan = ObjectGraph(model: Model(entities: [entity]))
    orphan.insert([.int(1)], into: "Ghost")
    XCTAssertThrowsError(try StoreCodec.encode(orphan)) {
      XCTAssertEqual("\($0)", "entity Ghost: 1 objects of an entity the model does not define")
    }
  }

  // MARK: Decoding errors

  private let rated = Entity(
    name: "BowTie",
    attributes: [Attribute(name: "rating", type: .double), Attribute(name: "n", type: .int16)])

  private func storePlist(
    entities: [Entity], objects: PropertyListDictionary, version: PropertyList = 1
  ) -> PropertyList {
    let graph = ObjectGraph(model: Model(entities: entities))
    guard case .dictionary(var root) = try! StoreCodec.encode(graph) else { fatalError() }
    root["version"] = version
    root["entities"] = .dictionary(objects)
    return .dictionary(root)
  }

  private func objects(
    _ columns: PropertyListDictionary, keys: PropertyList = [1, 2, 3, 4], nextKey: PropertyList = 5
  )
    -> PropertyListDictionary
  {
    ["BowTie": ["nextKey": nextKey, "keys": keys, "columns": .dictionary(columns)]]
  }

  private func assertDecodeFails(
    _ plist: PropertyList, _ expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try StoreCodec.decode(plist), file: file, line: line) {
      XCTAssertTrue($0 is StoreError, file: file, line: line)
      XCTAssertEqual("\($0)", expected, file: file, line: line)
    }
  }

  private var goodColumns: PropertyListDictionary {
    ["rating": [1.0, 2.0, 3.0, 4.0], "n": [1, 2, 3, 4]]
  }

  func testValidHandBuiltStoreDecodes() throws {
    let graph = try StoreCodec.decode(storePlist(entities: [rated], objects: objects(goodColumns)))
    XCTAssertEqual(graph.table("BowTie").keys, [1, 2, 3, 4])
    XCTAssertEqual(graph.table("BowTie").nextKey, 5)
  }

  func testWrongValueType() {
    var columns = goodColumns
    columns["rating"] = [1.0, 2.0, 3.0, "high"]
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(columns)),
      "entity BowTie, attribute rating, row 3: expected a real, found a string")
  }

  func testIntegerOutOfRange() {
    var columns = goodColumns
    columns["n"] = [1, 2, 40_000, 4]
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(columns)),
      "entity BowTie, attribute n, row 2: the integer 40000 is outside the range of Int16 (-32768...32767)"
    )
  }

  func testColumnLengthMismatch() {
    var columns = goodColumns
    columns["n"] = [1, 2, 3]
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(columns)),
      "entity BowTie, attribute n: the column has 3 values for 4 keys")
  }

  func testMissingAndUnknownColumns() {
    var missing = goodColumns
    missing["n"] = nil
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(missing)),
      "entity BowTie, attribute n: the column must be an array, found nothing")
    var unknown = goodColumns
    unknown["ratting"] = [1, 2, 3, 4]
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(unknown)),
      "entity BowTie, attribute ratting: the model has no such attribute. Did you mean \"rating\"?")
  }

  func testDuplicateKeysAndKeysBeyondNextKey() {
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(goodColumns, keys: [1, 2, 2, 4])),
      "entity BowTie, row 2: the key 2 appears twice")
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(goodColumns, keys: [1, 2, 3, 5])),
      "entity BowTie, row 3: a key must be an integer from 1 to nextKey - 1 (4), found the integer 5"
    )
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(goodColumns, nextKey: "5")),
      "entity BowTie: \"nextKey\" must be a positive integer, found the string \"5\"")
  }

  func testNullBitmapChecks() {
    var short = goodColumns
    short["n.nulls"] = .data(Data())
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(short)),
      "entity BowTie, attribute n.nulls: the null bitmap has 0 bytes; 4 rows need 1")
    var extraBits = goodColumns
    extraBits["n.nulls"] = .data(Data([0b1_0000]))
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(extraBits)),
      "entity BowTie, attribute n.nulls: the null bitmap has bits set past the last row")
  }

  func testMissingMarkerWrongFormatAndVersions() {
    assertDecodeFails(
      ["version": 1], "not a bowq store: the top-level dictionary has no \"format\" key")
    assertDecodeFails(
      ["format": "other", "version": 1],
      "not a bowq store: \"format\" is the string \"other\", not \"bowq-store\"")
    assertDecodeFails([1, 2], "not a bowq store: the top level is an array, not a dictionary")
    assertDecodeFails(
      storePlist(entities: [rated], objects: objects(goodColumns), version: 5),
      "unsupported store version 5 (this bowq reads version 4 and earlier); open it with the bowq "
        + "that wrote it")
    assertDecodeFails(
      ["format": "bowq-store"], "not a bowq store: the top-level dictionary has no \"version\" key")
    assertDecodeFails(
      ["format": "bowq-store", "version": "1"],
      "not a bowq store: \"version\" must be an integer, found the string \"1\"")
  }

  private func modelPlist(_ attribute: PropertyList) -> PropertyList {
    [
      "format": "bowq-store", "version": 1,
      "model": ["entities": [["name": "E", "attributes": [attribute]]]],
      "entities": ["E": ["nextKey": 1, "keys": [], "columns": ["a": []]]],
    ]
  }

  func testModelErrors() {
    assertDecodeFails(
      modelPlist(["name": "a", "type": "Int23", "optional": false]),
      "model.entities[0].attributes[0].type: unknown attribute type \"Int23\". Did you mean \"Int32\"?"
    )
    assertDecodeFails(
      modelPlist(["name": "a", "type": "Transformable()", "optional": false]),
      "model.entities[0].attributes[0].type: unknown attribute type \"Transformable()\". "
        + "Did you mean \"Transformable(Color)\"?")
    assertDecodeFails(
      modelPlist(["name": "a", "type": "String"]),
      "model.entities[0].attributes[0].optional: expected a Boolean, found nothing")
    assertDecodeFails(
      modelPlist(["name": "a", "type": "UUID", "optional": true, "default": .data(Data([1]))]),
      "model.entities[0].attributes[0].default: a UUID is 16 bytes of data, found 1 bytes")
    assertDecodeFails(
      modelPlist(["name": "a", "type": "String", "optional": true, "maxLength": -1]),
      "model.entities[0].attributes[0].maxLength: expected a non-negative integer, found the integer -1"
    )
    assertDecodeFails(
      modelPlist(["name": "a.nulls", "type": "String", "optional": true]),
      "model.entities[0].attributes[0].name: attribute names cannot contain \".\", found \"a.nulls\""
    )
    assertDecodeFails(
      modelPlist(["name": "", "type": "String", "optional": true]),
      "model.entities[0].attributes[0].name: expected a non-empty name, found the string \"\"")
  }

  func testEntityMismatchesBetweenModelAndObjects() {
    var extra = objects(goodColumns)
    extra["BowTies"] = ["nextKey": 1, "keys": [], "columns": [:]]
    assertDecodeFails(
      storePlist(entities: [rated], objects: extra),
      "entity BowTies: the model does not define this entity. Did you mean \"BowTie\"?")
    assertDecodeFails(
      storePlist(entities: [rated], objects: [:]),
      "entity BowTie: the store has no objects entry for this entity")
  }

  func testURIsReadInPlaceDecodeAsTheirText() throws {
    let entity = Entity(name: "V", attributes: [Attribute(name: "l", type: .uri)])
    let texts = [
      "https://example.com/red", "https://shop.example.com/bow-ties/7-crème-brûlée", "x:y",
      "mailto:ann@example.com", "relative/path", "http://[::1]/", "http://ex%41mple.com/",
    ]
    let plist = storePlist(
      entities: [entity],
      objects: [
        "V": [
          "nextKey": .integer(Int64(texts.count + 1)),
          "keys": .array((1...texts.count).map { .integer(Int64($0)) }),
          "columns": ["l": .array(texts.map { .string($0) })],
        ]
      ])
    let table = try StoreCodec.decode(plist).table("V")
    for (row, text) in texts.enumerated() {
      XCTAssertEqual(table.value(at: row, slot: 0), .uri(try XCTUnwrap(URI(text))), text)
    }
    XCTAssertEqual(table.column(0).kind, .uris)
  }

  func testValueEncodingErrors() {
    let entity = Entity(
      name: "V",
      attributes: [
        Attribute(name: "m", type: .decimal), Attribute(name: "u", type: .uuid),
        Attribute(name: "c", type: .transformable(.color)), Attribute(name: "l", type: .uri),
      ])
    func store(_ m: PropertyList, _ u: PropertyList, _ c: PropertyList, _ l: PropertyList)
      -> PropertyList
    {
      storePlist(
        entities: [entity],
        objects: [
          "V": ["nextKey": 2, "keys": [1], "columns": ["m": [m], "u": [u], "c": [c], "l": [l]]]
        ])
    }
    let uuid = PropertyList.data(Data(count: 16))
    let color: PropertyList = ["red": 1, "green": 2, "blue": 3]
    XCTAssertNoThrow(try StoreCodec.decode(store("-1.5e3", uuid, color, "x:y")))
    assertDecodeFails(
      store("12abc", uuid, color, "x:y"),
      "entity V, attribute m, row 0: \"12abc\" is not a decimal number")
    assertDecodeFails(
      store("1", .data(Data(count: 15)), color, "x:y"),
      "entity V, attribute u, row 0: a UUID is 16 bytes of data, found 15 bytes")
    assertDecodeFails(
      store("1", uuid, ["red": 1, "green": 2], "x:y"),
      "entity V, attribute c, row 0: a color needs integer red, green and blue; blue is missing")
    assertDecodeFails(
      store("1", uuid, ["red": 1, "green": 2, "blue": 3, "alpha": 1], "x:y"),
      "entity V, attribute c, row 0: a color has only red, green and blue, found \"alpha\"")
    assertDecodeFails(
      store("1", uuid, ["red": 1, "green": 256, "blue": 3], "x:y"),
      "entity V, attribute c, row 0: a color's components are 0–255; green is 256")
    assertDecodeFails(
      store("1", uuid, ["red": -1, "green": 2, "blue": 3], "x:y"),
      "entity V, attribute c, row 0: a color's components are 0–255; red is -1")
    assertDecodeFails(
      store("1", uuid, color, ""), "entity V, attribute l, row 0: \"\" is not a valid URI")
    assertDecodeFails(
      store("1", uuid, color, "http://a:b/"),
      "entity V, attribute l, row 0: \"http://a:b/\" is not a valid URI")
  }
}
