import Foundation
import XCTest

@testable import BowQ

/// Reading what can be read from a store whose objects are partly damaged.
final class StoreSalvageTests: XCTestCase {
  private static let model = Model(entities: [
    Entity(name: "T", attributes: [Attribute(name: "s", type: .string)]),
    Entity(name: "U", attributes: [Attribute(name: "n", type: .int32)]),
  ])

  private static var graph: ObjectGraph {
    var graph = ObjectGraph(model: model)
    graph.insert([.string("kept")], into: "T")
    graph.insert([.int(7)], into: "U")
    return graph
  }

  /// The store of ``graph`` with `change` applied to its `entities` dictionary.
  private func damaged(_ change: (inout PropertyListDictionary) -> Void) throws -> PropertyList {
    guard case .dictionary(var root) = try StoreCodec.encode(Self.graph),
      case .dictionary(var entities) = root["entities"]
    else { throw XCTSkip("unexpected layout") }
    change(&entities)
    root["entities"] = .dictionary(entities)
    return .dictionary(root)
  }

  private var onlyT: ObjectGraph {
    var graph = ObjectGraph(model: Self.model)
    graph.insert([.string("kept")], into: "T")
    return graph
  }

  func testAnIntactStoreIsReadInFull() throws {
    let (graph, skipped) = try StoreSalvage.decode(StoreCodec.encode(Self.graph))
    XCTAssertEqual(graph, Self.graph)
    XCTAssertEqual(skipped, [])
  }

  func testAnEntityWithAValueOfTheWrongTypeIsLeftOut() throws {
    let plist = try damaged {
      $0["U"] = ["nextKey": 2, "keys": [1], "columns": ["n": ["seven"]]]
    }
    let (graph, skipped) = try StoreSalvage.decode(plist)
    XCTAssertEqual(graph, onlyT)
    XCTAssertEqual(
      skipped,
      [
        .invalidObjects(
          entity: "U", attribute: "n", row: 0, message: "expected an integer, found a string")
      ])
  }

  func testAMissingEntryAndAnUnknownEntityAreReported() throws {
    let plist = try damaged {
      $0["U"] = nil
      $0["V"] = ["nextKey": 1, "keys": [], "columns": [:]]
    }
    let (graph, skipped) = try StoreSalvage.decode(plist)
    XCTAssertEqual(graph, onlyT)
    XCTAssertEqual(
      skipped,
      [
        .invalidObjects(
          entity: "V", attribute: nil, row: nil,
          message: "the model does not define this entity. Did you mean \"T\"?"),
        .invalidObjects(
          entity: "U", attribute: nil, row: nil,
          message: "the store has no objects entry for this entity"),
      ])
  }

  // MARK: Relationships

  private static let people = Model(entities: [
    Entity(
      name: "Person", attributes: [Attribute(name: "name", type: .string)],
      relationships: [
        Relationship(name: "ties", destination: "Tie", isToMany: true, inverse: "owner")
      ]),
    Entity(
      name: "Tie", attributes: [Attribute(name: "s", type: .string)],
      relationships: [
        Relationship(name: "owner", destination: "Person", isToMany: false, inverse: "ties")
      ]),
  ])

  /// Ann, who owns the red tie; and the blue tie, which nobody owns.
  private static func wardrobe(withPeople: Bool = true, withTies: Bool = true) -> ObjectGraph {
    var graph = ObjectGraph(model: people)
    let ann = withPeople ? graph.insert([.string("Ann"), .collection([])], into: "Person") : nil
    if withTies {
      let red = graph.insert([.string("red"), .null], into: "Tie")
      graph.insert([.string("blue"), .null], into: "Tie")
      if let ann { graph.setRelationship(red, "owner", to: [ann]) }
    }
    return graph
  }

  /// The store of ``wardrobe(withPeople:withTies:)`` with a string where `entity` keeps an
  /// integer key, so that entity's objects do not decode.
  private func wardrobeWithDamaged(_ entity: String) throws -> PropertyList {
    guard case .dictionary(var root) = try StoreCodec.encode(Self.wardrobe()),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var objects) = entities[entity]
    else { throw XCTSkip("unexpected layout") }
    objects["keys"] = .array([.string("one")])
    entities[entity] = .dictionary(objects)
    root["entities"] = .dictionary(entities)
    return .dictionary(root)
  }

  func testTiesOfPeopleLeftOutKeepTheirObjectsWithoutAnOwner() throws {
    let (graph, skipped) = try StoreSalvage.decode(wardrobeWithDamaged("Person"))
    XCTAssertEqual(graph, Self.wardrobe(withPeople: false))
    XCTAssertEqual(skipped.count, 2, "\(skipped)")
    guard case .invalidObjects("Person", _, _, _) = skipped.first else {
      return XCTFail("\(skipped)")
    }
    XCTAssertEqual(
      skipped.last?.description,
      "entity Tie, relationship owner: left empty, since the Person objects it refers to are "
        + "left out")
  }

  func testPeopleWhoseTiesAreLeftOutKeepTheirObjectsWithNoTies() throws {
    let (graph, skipped) = try StoreSalvage.decode(wardrobeWithDamaged("Tie"))
    XCTAssertEqual(graph, Self.wardrobe(withTies: false))
    XCTAssertEqual(skipped.count, 2, "\(skipped)")
    XCTAssertEqual(
      skipped.last,
      .invalidRelationship(
        entity: "Person", relationship: "ties", row: nil,
        message: "left empty, since the Tie objects it refers to are left out"))
  }

  func testADamagedModelLeavesNothingToRead() throws {
    guard case .dictionary(var root) = try StoreCodec.encode(Self.graph) else {
      return XCTFail("unexpected layout")
    }
    root["model"] = [
      "entities": [
        ["name": "T", "attributes": [["name": "s", "type": "Int23", "optional": false]]]
      ]
    ]
    XCTAssertThrowsError(try StoreSalvage.decode(.dictionary(root))) {
      guard case .invalidModel(let location, _) = $0 as? StoreError else { return XCTFail("\($0)") }
      XCTAssertEqual(location, "model.entities[0].attributes[0].type")
    }
    XCTAssertThrowsError(try StoreSalvage.decode(.array([])))
  }

  func testStoreFileSalvageNamesTheFile() throws {
    let folder = try makeTemporaryFolder("bowq-salvage")
    let path = folder.appendingPathComponent("s.bowq").path
    let plist = try damaged { $0["U"] = .integer(1) }
    try BinaryPropertyListWriter.encode(plist).write(to: URL(fileURLWithPath: path))
    let (graph, skipped) = try StoreFile.salvage(from: path)
    XCTAssertEqual(graph, onlyT)
    XCTAssertEqual(skipped.count, 1)
    try Data("bplist00".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertThrowsError(try StoreFile.salvage(from: path)) {
      guard case .corrupt(path, _) = $0 as? StoreError else { return XCTFail("\($0)") }
    }
  }
}
