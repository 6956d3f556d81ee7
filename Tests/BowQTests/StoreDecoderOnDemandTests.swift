import Foundation
import XCTest

@testable import BowQ

/// Opening a store checks its layout and decodes no value; each entity's columns are decoded
/// when it is asked for, and a damaged column is found then, with the message and location
/// a whole load reports.
final class StoreDecoderOnDemandTests: XCTestCase {
  private let model = Model(entities: [
    Entity(name: "Person", attributes: [Attribute(name: "name", type: .string)]),
    Entity(
      name: "Tie",
      attributes: [
        Attribute(name: "name", type: .string), Attribute(name: "worn", type: .int16),
      ]),
  ])

  private func graph() -> ObjectGraph {
    var graph = ObjectGraph(model: model)
    for i in 0..<3 { graph.insert([.string("Person \(i)")], into: "Person") }
    for i in 0..<5 { graph.insert([.string("Tie \(i)"), .int(Int64(i))], into: "Tie") }
    return graph
  }

  /// The store of ``graph()`` with the string `"many"` in row 3 of Tie's `worn` column.
  private func damagedStore() throws -> Data {
    guard case .dictionary(var root) = try StoreCodec.encode(graph()),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var tie) = entities["Tie"], case .dictionary(var columns) = tie["columns"],
      case .array(var worn) = columns["worn"]
    else {
      XCTFail("unexpected store layout")
      return Data()
    }
    worn[3] = .string("many")
    columns["worn"] = .array(worn)
    tie["columns"] = .dictionary(columns)
    entities["Tie"] = .dictionary(tie)
    root["entities"] = .dictionary(entities)
    return try BinaryPropertyListWriter.encode(.dictionary(root))
  }

  private struct DecodedColumn: Equatable {
    var entity: String
    var column: String
  }

  func testOpeningDecodesNoColumnAndAnEntityDecodesOnlyItsOwn() throws {
    let data = try StoreCodec.encodeData(graph())
    var decoded: [DecodedColumn] = []
    let person = try StoreDecoder.withOpened(data, externalData: nil) { store in
      store.decodedColumn = { decoded.append(DecodedColumn(entity: $0, column: $1)) }
      XCTAssertEqual(store.model, model)
      XCTAssertEqual(decoded, [])
      var partial = ObjectGraph(model: store.model)
      try store.decodeEntity(named: "Person", into: &partial)
      return partial.table("Person")
    }
    XCTAssertEqual(decoded, [DecodedColumn(entity: "Person", column: "name")])
    XCTAssertEqual(person, graph().table("Person"))
  }

  func testALoadDecodesEveryColumnOnce() throws {
    let data = try StoreCodec.encodeData(graph())
    var decoded: [DecodedColumn] = []
    let loaded = try StoreDecoder.withOpened(data, externalData: nil) { store in
      store.decodedColumn = { decoded.append(DecodedColumn(entity: $0, column: $1)) }
      var loaded = ObjectGraph(model: store.model)
      for entity in store.model.entities {
        try store.decodeEntity(named: entity.name, into: &loaded)
      }
      return loaded
    }
    XCTAssertEqual(
      decoded,
      [
        DecodedColumn(entity: "Person", column: "name"),
        DecodedColumn(entity: "Tie", column: "name"), DecodedColumn(entity: "Tie", column: "worn"),
      ])
    XCTAssertEqual(loaded, try StoreCodec.decodeData(data))
  }

  func testADamagedColumnIsFoundWhenItsEntityIsFirstDecodedWithTheLoadsError() throws {
    let data = try damagedStore()
    var loadError: StoreError?
    XCTAssertThrowsError(try StoreCodec.decodeData(data)) { loadError = $0 as? StoreError }
    XCTAssertEqual(
      loadError,
      StoreError.invalidObjects(
        entity: "Tie", attribute: "worn", row: 3, message: "expected an integer, found a string"))
    var person: EntityTable?
    XCTAssertThrowsError(
      try StoreDecoder.withOpened(data, externalData: nil) { store in
        var partial = ObjectGraph(model: store.model)
        try store.decodeEntity(named: "Person", into: &partial)
        person = partial.table("Person")
        try store.decodeEntity(named: "Tie", into: &partial)
      }
    ) { error in
      XCTAssertEqual(error as? StoreError, loadError)
    }
    XCTAssertEqual(person, graph().table("Person"))
  }

  func testOnlyTheColumnsAskedForAreDecoded() throws {
    let data = try StoreCodec.encodeData(graph())
    var decoded: [DecodedColumn] = []
    let columns = try StoreDecoder.withOpened(data, externalData: nil) { store in
      store.decodedColumn = { decoded.append(DecodedColumn(entity: $0, column: $1)) }
      return try store.decodeColumns([1], ofEntityNamed: "Tie")
    }
    XCTAssertEqual(decoded, [DecodedColumn(entity: "Tie", column: "worn")])
    let worn = try XCTUnwrap(columns?.first)
    XCTAssertEqual(columns?.count, 1)
    XCTAssertTrue(worn.holdsSameValues(as: graph().table("Tie").column(1)))
  }

  /// A store whose Person keys list key 2 twice, with each Tie owned by a Person, and the
  /// error loading it gives.
  private func storeWithDamagedKeys() throws -> (data: Data, loadError: StoreError?) {
    var graph = ObjectGraph(model: InverseRuleTests.pair(ownerInverse: "ties"))
    let person = graph.insert([.string("Ann"), .collection([])], into: "Person")
    graph.insert([.string("Bob"), .collection([])], into: "Person")
    for i in 0..<3 {
      let tie = graph.insert([.string("Tie \(i)"), .null], into: "Tie")
      graph.setRelationship(tie, "owner", to: [person])
    }
    guard case .dictionary(var root) = try StoreCodec.encode(graph),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var people) = entities["Person"], case .array(var keys) = people["keys"]
    else {
      XCTFail("unexpected store layout")
      return (Data(), nil)
    }
    keys[0] = keys[1]
    people["keys"] = .array(keys)
    entities["Person"] = .dictionary(people)
    root["entities"] = .dictionary(entities)
    let data = try BinaryPropertyListWriter.encode(.dictionary(root))
    var loadError: StoreError?
    XCTAssertThrowsError(try StoreCodec.decodeData(data)) { loadError = $0 as? StoreError }
    return (data, loadError)
  }

  /// Opening a store reads no key: an entity's keys are read when asked for, or when a
  /// relationship column that may point to its objects is decoded, and damaged keys are
  /// found then, with the load's error, while the other columns still read.
  func testKeysAreReadWhenFirstNeededAndDamagedOnesFoundThen() throws {
    let (data, loadError) = try storeWithDamagedKeys()
    XCTAssertEqual(
      loadError,
      StoreError.invalidObjects(
        entity: "Person", attribute: nil, row: 1, message: "the key 2 appears twice"))
    try StoreDecoder.withOpened(data, externalData: nil) { store in
      let opened = store.undecodedGraph { _ in nil }
      XCTAssertTrue(opened.table("Person").keysInFile)
      XCTAssertEqual(opened.table("Person").count, 2)
      XCTAssertEqual(try store.decodeKeys(ofEntityNamed: "Tie")?.keys, [1, 2, 3])
      XCTAssertEqual(try store.decodeColumns([0], ofEntityNamed: "Tie")?.count, 1)
      XCTAssertThrowsError(try store.decodeColumns([1], ofEntityNamed: "Tie")) { error in
        XCTAssertEqual(error as? StoreError, loadError)
      }
      XCTAssertThrowsError(try store.decodeKeys(ofEntityNamed: "Person")) { error in
        XCTAssertEqual(error as? StoreError, loadError)
      }
    }
  }

  /// A damaged column is found when it is read, with the load's error, and a column beside
  /// it still reads.
  func testADamagedColumnIsFoundWhenItIsFirstReadAndItsNeighbourStillReads() throws {
    let data = try damagedStore()
    try StoreDecoder.withOpened(data, externalData: nil) { store in
      let names = try XCTUnwrap(store.decodeColumns([0], ofEntityNamed: "Tie"))
      XCTAssertTrue(names[0].holdsSameValues(as: graph().table("Tie").column(0)))
      XCTAssertThrowsError(try store.decodeColumns([1], ofEntityNamed: "Tie")) { error in
        XCTAssertEqual(
          error as? StoreError,
          StoreError.invalidObjects(
            entity: "Tie", attribute: "worn", row: 3,
            message: "expected an integer, found a string"))
      }
      XCTAssertNil(try store.decodeColumns([0], ofEntityNamed: "Coat"))
    }
  }
}
