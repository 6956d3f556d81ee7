import Foundation
import XCTest

@testable import BowQ

/// Relationships, uniqueness constraints and rules in the store: their model entries, their
/// columns, and the checks that every stored key names an object of its destination.
final class StoreCodecRelationshipTests: XCTestCase {
  /// Person ⇄ BowTie (to-one owner / to-many ties, cascade), BowTie ⇄ Tag (many-to-many),
  /// Person ⇄ Person (to-one mentor / to-many mentees), and a to-one without inverse.
  static let model = Model(entities: [
    Entity(
      name: "Person",
      attributes: [
        Attribute(name: "name", type: .string),
        Attribute(name: "email", type: .string, isOptional: true),
      ],
      relationships: [
        Relationship(
          name: "ties", destination: "BowTie", isToMany: true, inverse: "owner",
          deleteRule: .cascade, minCount: 0, maxCount: 10),
        Relationship(name: "mentor", destination: "Person", isToMany: false, inverse: "mentees"),
        Relationship(
          name: "mentees", destination: "Person", isToMany: true, inverse: "mentor",
          deleteRule: .deny),
        Relationship(
          name: "favorite", destination: "BowTie", isToMany: false, deleteRule: .noAction),
      ],
      uniquenessConstraints: [["name", "email"]],
      rules: [EntityRule(predicate: "name != \"\"", message: "a person needs a name")]),
    Entity(
      name: "BowTie", attributes: [Attribute(name: "name", type: .string)],
      relationships: [
        Relationship(name: "owner", destination: "Person", isToMany: false, inverse: "ties"),
        Relationship(
          name: "tags", destination: "Tag", isToMany: true, isOptional: false, inverse: "ties",
          minCount: 1),
      ]),
    Entity(
      name: "Tag", attributes: [Attribute(name: "label", type: .string)],
      relationships: [
        Relationship(name: "ties", destination: "BowTie", isToMany: true, inverse: "tags")
      ]),
  ])

  static var graph: ObjectGraph {
    var graph = ObjectGraph(model: model)
    func new(_ entity: String, _ name: String) -> ObjectID {
      var row = graph.model.entity(named: entity)!.newRow
      row[0] = .string(name)
      return graph.insert(row, into: entity)
    }
    let ann = new("Person", "Ann")
    let bob = new("Person", "Bob")
    _ = new("Person", "Cy")
    let red = new("BowTie", "Red")
    let blue = new("BowTie", "Blue")
    _ = new("BowTie", "Loose")
    let silk = new("Tag", "silk")
    let wool = new("Tag", "wool")
    graph.setRelationship(red, "owner", to: [ann])
    graph.setRelationship(blue, "owner", to: [ann])
    graph.setRelationship(bob, "mentor", to: [ann])
    graph.setRelationship(bob, "favorite", to: [blue])
    graph.setRelationship(red, "tags", to: [silk, wool])
    graph.setRelationship(blue, "tags", to: [silk])
    return graph
  }

  func testRoundTripOfEveryKindOfRelationship() throws {
    let graph = Self.graph
    XCTAssertEqual(try StoreCodec.decodeData(StoreCodec.encodeData(graph)), graph)
    XCTAssertEqual(try StoreCodec.decode(StoreCodec.encode(graph)), graph)
    let decoded = try StoreCodec.decodeData(StoreCodec.encodeData(graph))
    let ann = ObjectID(entity: "Person", key: 1)
    XCTAssertEqual(
      decoded.destinations(of: ann, "ties"),
      [ObjectID(entity: "BowTie", key: 1), ObjectID(entity: "BowTie", key: 2)])
    XCTAssertEqual(decoded.destinations(of: ann, "mentees"), [ObjectID(entity: "Person", key: 2)])
    XCTAssertEqual(decoded.model, Self.model)
  }

  func testAToManyThatIsNilStaysNil() throws {
    var graph = Self.graph
    graph.update(ObjectID(entity: "Person", key: 3), attribute: 2, to: .null)
    let plist = try StoreCodec.encode(graph)
    let columns = plist.dictionaryValue?["entities"]?.dictionaryValue?["Person"]?
      .dictionaryValue?["columns"]?.dictionaryValue
    XCTAssertEqual(columns?["ties.nulls"], .data(Data([0b100])))
    XCTAssertEqual(try StoreCodec.decode(plist), graph)
  }

  func testLayoutOfRelationshipsConstraintsAndRules() throws {
    let plist = try StoreCodec.encode(Self.graph)
    let person = plist.dictionaryValue?["model"]?.dictionaryValue?["entities"]?.arrayValue?[0]
      .dictionaryValue
    XCTAssertEqual(
      person?["relationships"]?.arrayValue?[0],
      [
        "name": "ties", "destination": "BowTie", "toMany": true, "optional": true,
        "deleteRule": "cascade", "inverse": "owner", "minCount": 0, "maxCount": 10,
      ])
    XCTAssertEqual(
      person?["relationships"]?.arrayValue?[3],
      [
        "name": "favorite", "destination": "BowTie", "toMany": false, "optional": true,
        "deleteRule": "noAction",
      ])
    XCTAssertEqual(person?["uniquenessConstraints"], [["name", "email"]])
    XCTAssertEqual(
      person?["rules"], [["predicate": "name != \"\"", "message": "a person needs a name"]])
    let tag = plist.dictionaryValue?["model"]?.dictionaryValue?["entities"]?.arrayValue?[2]
      .dictionaryValue
    XCTAssertNil(tag?["uniquenessConstraints"], "empty lists are left out")
    XCTAssertNil(tag?["rules"])

    let objects = plist.dictionaryValue?["entities"]?.dictionaryValue
    let ties = objects?["BowTie"]?.dictionaryValue?["columns"]?.dictionaryValue
    XCTAssertEqual(ties?["owner"], [1, 1, 0])
    XCTAssertEqual(ties?["owner.nulls"], .data(Data([0b100])))
    XCTAssertEqual(ties?["tags"], [[1, 2], [1], []])
    XCTAssertNil(ties?["tags.nulls"], "an empty to-many is not nil")
    let people = objects?["Person"]?.dictionaryValue?["columns"]?.dictionaryValue
    XCTAssertEqual(people?["mentor"], [0, 1, 0])
    XCTAssertEqual(people?["mentees"], [[2], [], []])
    XCTAssertEqual(people?["favorite"], [0, 2, 0])
  }

  func testReferencesToObjectsThatNoLongerExistAreLeftOut() throws {
    var graph = Self.graph
    // Bob's favorite has the noAction rule the other way round: deleting Blue leaves Bob
    // pointing at it, and Ann's ties too would, but the inverse is nullified.
    try graph.delete([ObjectID(entity: "BowTie", key: 2)])
    XCTAssertEqual(
      graph.destinations(of: ObjectID(entity: "Person", key: 2), "favorite"),
      [ObjectID(entity: "BowTie", key: 2)], "the graph keeps the dangling reference")
    let decoded = try StoreCodec.decodeData(StoreCodec.encodeData(graph))
    XCTAssertEqual(decoded.destinations(of: ObjectID(entity: "Person", key: 2), "favorite"), [])
    XCTAssertEqual(decoded.table("Person").row(for: 2)?[5], .null, "written as nil")
  }

  // MARK: Encoding errors

  func testEncodingRefusesWhatCannotBeReadBack() {
    var wrongKind = Self.graph
    wrongKind.update(ObjectID(entity: "BowTie", key: 1), attribute: 1, to: .string("Ann"))
    XCTAssertThrowsError(try StoreCodec.encodeData(wrongKind)) {
      XCTAssertEqual(
        "\($0)",
        "entity BowTie, relationship owner, row 0: String value \"Ann\" cannot be stored as Person")
    }
    var wrongEntity = Self.graph
    wrongEntity.update(
      ObjectID(entity: "BowTie", key: 1), attribute: 2,
      to: .collection([.object(ObjectID(entity: "Person", key: 1))]))
    XCTAssertThrowsError(try StoreCodec.encodeData(wrongEntity)) {
      XCTAssertEqual(
        "\($0)",
        "entity BowTie, relationship tags, row 0: object value Person/p1 cannot be stored in a "
          + "to-many relationship to Tag")
    }
    let orphan = ObjectGraph(
      model: Model(entities: [
        Entity(
          name: "BowTie", attributes: [],
          relationships: [Relationship(name: "owner", destination: "Person", isToMany: false)])
      ]))
    XCTAssertThrowsError(try StoreCodec.encodeData(orphan)) {
      XCTAssertEqual(
        "\($0)",
        "model.entities[0].relationships[0].destination: the model has no entity \"Person\".")
    }
  }

  // MARK: Decoding errors

  /// The store of ``graph`` with one value of the root replaced.
  private func store(_ edit: (inout PropertyListDictionary) -> Void) throws -> PropertyList {
    guard case .dictionary(var root) = try StoreCodec.encode(Self.graph) else {
      throw XCTSkip("not a dictionary")
    }
    edit(&root)
    return .dictionary(root)
  }

  private func column(
    _ entity: String, _ name: String, _ value: PropertyList
  ) -> (inout PropertyListDictionary) -> Void {
    { root in
      var objects = root["entities"]!.dictionaryValue!
      var entry = objects[entity]!.dictionaryValue!
      var columns = entry["columns"]!.dictionaryValue!
      columns[name] = value
      entry["columns"] = .dictionary(columns)
      objects[entity] = .dictionary(entry)
      root["entities"] = .dictionary(objects)
    }
  }

  private func relationship(
    _ entity: Int, _ index: Int, _ key: String, _ value: PropertyList?
  ) -> (inout PropertyListDictionary) -> Void {
    { root in
      var model = root["model"]!.dictionaryValue!
      var entities = model["entities"]!.arrayValue!
      var entry = entities[entity].dictionaryValue!
      var relationships = entry["relationships"]!.arrayValue!
      var fields = relationships[index].dictionaryValue!
      fields[key] = value
      relationships[index] = .dictionary(fields)
      entry["relationships"] = .array(relationships)
      entities[entity] = .dictionary(entry)
      model["entities"] = .array(entities)
      root["model"] = .dictionary(model)
    }
  }

  private func assertDecodeFails(
    _ plist: PropertyList, _ expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try StoreCodec.decode(plist), file: file, line: line) {
      XCTAssertTrue($0 is StoreError, "\($0)", file: file, line: line)
      XCTAssertEqual("\($0)", expected, file: file, line: line)
    }
  }

  func testKeysThatNameNoObject() throws {
    assertDecodeFails(
      try store(column("BowTie", "owner", [1, 9, 0])),
      "entity BowTie, relationship owner, row 1: the key 9 names no Person")
    assertDecodeFails(
      try store(column("BowTie", "tags", [[1, 2], [3], []])),
      "entity BowTie, relationship tags, row 1: the key 3 names no Tag")
    assertDecodeFails(
      try store(column("Person", "mentor", [0, -1, 0])),
      "entity Person, relationship mentor, row 1: the key -1 names no Person")
  }

  func testNilToOneMayHoldAnyPlaceholder() throws {
    // Row 2 is nil, so its 0 is never looked up.
    let graph = try StoreCodec.decode(try store(column("BowTie", "owner", [1, 1, 77])))
    XCTAssertEqual(graph.table("BowTie").row(for: 3)?[1], .null)
  }

  func testMalformedRelationshipValues() throws {
    assertDecodeFails(
      try store(column("BowTie", "owner", [1, "Ann", 0])),
      "entity BowTie, relationship owner, row 1: expected the integer key of a Person, "
        + "found a string")
    assertDecodeFails(
      try store(column("BowTie", "tags", [[1, 1], [1], []])),
      "entity BowTie, relationship tags, row 0: the key 1 is listed twice")
    assertDecodeFails(
      try store(column("BowTie", "tags", [[1, "silk"], [1], []])),
      "entity BowTie, relationship tags, row 0: expected an array of Tag keys, "
        + "found an array holding a string")
    assertDecodeFails(
      try store(column("BowTie", "tags", [1, [1], []])),
      "entity BowTie, relationship tags, row 0: expected an array of Tag keys, found an integer")
    assertDecodeFails(
      try store(column("BowTie", "tags", [[1], []])),
      "entity BowTie, relationship tags: the column has 2 values for 3 keys")
    assertDecodeFails(
      try store(column("BowTie", "owner.nulls", .data(Data([0, 0])))),
      "entity BowTie, relationship owner.nulls: the null bitmap has 2 bytes; 3 rows need 1")
  }

  func testUnknownDestinationsAndInverses() throws {
    assertDecodeFails(
      try store(relationship(1, 0, "destination", "Persn")),
      "model.entities[1].relationships[0].destination: the model has no entity \"Persn\". "
        + "Did you mean \"Person\"?")
    assertDecodeFails(
      try store(relationship(1, 0, "inverse", "tie")),
      "model.entities[1].relationships[0].inverse: Person has no relationship \"tie\". "
        + "Did you mean \"ties\"?")
    assertDecodeFails(
      try store(relationship(1, 0, "inverse", "mentees")),
      "model.entities[0].relationships[0].inverse: BowTie.owner points to Person with "
        + "inverse mentees, so it cannot be the inverse of Person.ties")
    assertDecodeFails(
      try store(relationship(0, 0, "deleteRule", "Cascade")),
      "model.entities[0].relationships[0].deleteRule: unknown delete rule \"Cascade\". "
        + "Did you mean \"cascade\"?")
    assertDecodeFails(
      try store(relationship(0, 0, "toMany", nil)),
      "model.entities[0].relationships[0].toMany: expected a Boolean, found nothing")
    assertDecodeFails(
      try store(relationship(0, 0, "maxCount", -3)),
      "model.entities[0].relationships[0].maxCount: expected a non-negative integer, "
        + "found the integer -3")
    assertDecodeFails(
      try store(relationship(0, 0, "name", "name")),
      "model.entities[0].relationships[0].name: the property name is defined twice in Person")
    assertDecodeFails(
      try store(relationship(0, 0, "name", "ties.nulls")),
      "model.entities[0].relationships[0].name: relationship names cannot contain \".\", "
        + "found \"ties.nulls\"")
  }

  func testConstraintsAndRulesAreChecked() throws {
    func personField(_ key: String, _ value: PropertyList) -> (inout PropertyListDictionary) -> Void
    {
      { root in
        var model = root["model"]!.dictionaryValue!
        var entities = model["entities"]!.arrayValue!
        var entry = entities[0].dictionaryValue!
        entry[key] = value
        entities[0] = .dictionary(entry)
        model["entities"] = .array(entities)
        root["model"] = .dictionary(model)
      }
    }
    assertDecodeFails(
      try store(personField("uniquenessConstraints", [["nme"]])),
      "model.entities[0].uniquenessConstraints[0][0]: expected the name of an attribute of "
        + "Person, found the string \"nme\". Did you mean \"name\"?")
    assertDecodeFails(
      try store(personField("uniquenessConstraints", [[]])),
      "model.entities[0].uniquenessConstraints[0]: a uniqueness constraint names at least one "
        + "attribute")
    assertDecodeFails(
      try store(personField("rules", [["predicate": "", "message": "m"]])),
      "model.entities[0].rules[0].predicate: expected a non-empty string, found the string \"\"")
    assertDecodeFails(
      try store(personField("rules", [["predicate": "x"]])),
      "model.entities[0].rules[0].message: expected a string, found nothing")
  }

  // MARK: Bounds

  /// A store file of `model`, whose one entity `E` has the keys `1...rowCount` and the
  /// given columns: arrays already in `builder`, which may share their elements or be one
  /// array under several names.
  private func storeFile(
    _ builder: consuming BinaryPlistBuilder, model: Model, rowCount: Int,
    columns: [(name: String, array: Int)]
  ) throws -> Data {
    let modelIndex = try BinaryPropertyListWriter.write(
      StoreModelCoding.encode(model), into: &builder, depth: 1)
    let keys = builder.reserveContainer()
    builder.setArray(
      keys,
      elements: try (1...rowCount).map {
        try BinaryPlistBuilder.reference(builder.integer(Int64($0)))
      })
    let columnsIndex = builder.reserveContainer()
    try builder.setDictionary(
      columnsIndex, keys: columns.map { builder.string($0.name) }, values: columns.map(\.array))
    let entry = builder.reserveContainer()
    try builder.setDictionary(
      entry, keys: ["nextKey", "keys", "columns"].map { builder.string($0) },
      values: [builder.integer(Int64(rowCount) + 1), keys, columnsIndex])
    let entities = builder.reserveContainer()
    try builder.setDictionary(entities, keys: [builder.string("E")], values: [entry])
    let root = builder.reserveContainer()
    try builder.setDictionary(
      root, keys: ["format", "version", "model", "entities"].map { builder.string($0) },
      values: [builder.string("bowq-store"), builder.integer(1), modelIndex, entities])
    return builder.finish(top: root)
  }

  func testColumnsSharingOneArrayAreRefused() throws {
    // 40 columns of 1,000 rows that all point at one array describe 41,000 values in a file
    // of a few kilobytes; expanding them is what a hostile file would want.
    let attributes = (0..<40).map { Attribute(name: "a\($0)", type: .int16) }
    let model = Model(entities: [Entity(name: "E", attributes: attributes)])
    var builder = BinaryPlistBuilder(capacity: 1024)
    let one = try BinaryPlistBuilder.reference(builder.integer(1))
    let column = builder.reserveContainer()
    builder.setArray(column, elements: [UInt32](repeating: one, count: 1000))
    let data = try storeFile(
      builder, model: model, rowCount: 1000, columns: attributes.map { ($0.name, column) })
    XCTAssertNoThrow(try BinaryPropertyListReader.decode(data), "a valid property list")
    XCTAssertThrowsError(try StoreCodec.decodeData(data)) {
      XCTAssertEqual(
        "\($0)",
        "entity E: the store describes more values than its \(data.count) bytes can hold "
          + "(its columns share arrays)")
    }
  }

  func testRepeatedValuesShareStorage() throws {
    // 5,000 rows referring to one 100 KB data object decode quickly into one buffer.
    let entity = Entity(name: "E", attributes: [Attribute(name: "blob", type: .binary)])
    var builder = BinaryPlistBuilder(capacity: 1024)
    let blob = try [UInt8](repeating: 7, count: 100_000).withUnsafeBytes {
      try BinaryPlistBuilder.reference(builder.data($0))
    }
    let column = builder.reserveContainer()
    builder.setArray(column, elements: [UInt32](repeating: blob, count: 5_000))
    let data = try storeFile(
      builder, model: Model(entities: [entity]), rowCount: 5_000, columns: [("blob", column)])
    XCTAssertLessThan(data.count, 200_000)
    let graph = try StoreCodec.decodeData(data)
    let rows = graph.table("E").rows
    XCTAssertEqual(rows.count, 5_000)
    func address(_ row: Int) -> UnsafeRawPointer? {
      guard case .data(let bytes) = rows[row][0] else { return nil }
      return bytes.withUnsafeBytes { $0.baseAddress }
    }
    XCTAssertNotNil(address(4_999))
    let shared = Set((1..<5_000).compactMap(address))
    XCTAssertLessThanOrEqual(shared.count, 4, "one buffer per decoding thread, not per row")
  }

  func testLargeTablesDecodeInRunsAndReportTheFirstBadRow() throws {
    // Enough rows to be cut into runs decoded at the same time.
    let entity = Entity(name: "E", attributes: [Attribute(name: "n", type: .int32)])
    var graph = ObjectGraph(model: Model(entities: [entity]))
    for i in 0..<60_000 { graph.insert([.int(Int64(i))], into: "E") }
    XCTAssertEqual(try StoreCodec.decodeData(StoreCodec.encodeData(graph)), graph)
    guard case .dictionary(var root) = try StoreCodec.encode(graph) else { return XCTFail() }
    var objects = root["entities"]!.dictionaryValue!
    var entry = objects["E"]!.dictionaryValue!
    var columns = entry["columns"]!.dictionaryValue!
    var values = columns["n"]!.arrayValue!
    values[59_000] = "late"
    values[29_000] = "early"
    columns["n"] = .array(values)
    entry["columns"] = .dictionary(columns)
    objects["E"] = .dictionary(entry)
    root["entities"] = .dictionary(objects)
    XCTAssertThrowsError(try StoreCodec.decode(.dictionary(root))) {
      XCTAssertEqual(
        "\($0)", "entity E, attribute n, row 29000: expected an integer, found a string")
    }
  }
}
