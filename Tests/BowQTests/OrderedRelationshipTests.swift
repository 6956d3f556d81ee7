import Foundation
import XCTest

@testable import BowQ

/// Ordered to-many relationships (`ties: [Tie] ordered`, Core Data's `isOrdered`): their
/// objects stay in the order they were added through edits, undo and the store, while an
/// unordered to-many keeps them in key order; and Xcode models and model caches keep the flag.
final class OrderedRelationshipTests: XCTestCase {
  /// Ann's ties are ordered, Bob's ties unordered; ties A to E are made in key order.
  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Tie {
        name: String
        owner: Person? inverse ties
        lender: Lender? inverse lent
      }
      entity Person { name: String, ties: [Tie] ordered inverse owner }
      entity Lender { name: String, lent: [Tie] inverse lender }
      insert Person name = "Ann"
      insert Lender name = "Bob"
      insert Tie name = "A"
      insert Tie name = "B"
      insert Tie name = "C"
      insert Tie name = "D"
      insert Tie name = "E"
      """)
    return interpreter
  }

  /// The names of the ties `relationship` of the first `entity` holds, in its order.
  func names(_ interpreter: Interpreter, _ entity: String, _ relationship: String) -> [String] {
    let graph = interpreter.context.graph
    guard let owner = graph.table(entity).keys.first else { return [] }
    return graph.destinations(of: ObjectID(entity: entity, key: owner), relationship).map {
      graph.table("Tie").value(for: $0.key, slot: 0)?.displayText ?? "?"
    }
  }

  /// Adds the tie `name` to Ann's and Bob's to-manys.
  func add(_ interpreter: Interpreter, _ name: String) throws {
    _ = try interpreter.run(
      """
      update Person set ties += Tie where name == "\(name)"
      update Lender set lent += Tie where name == "\(name)"
      """)
  }

  func testTheLanguageMarksAToManyOrdered() throws {
    let model = try makeInterpreter().context.graph.model
    XCTAssertEqual(model.entity(named: "Person")?.relationship(named: "ties")?.isOrdered, true)
    XCTAssertEqual(model.entity(named: "Lender")?.relationship(named: "lent")?.isOrdered, false)
    XCTAssertEqual(model.entity(named: "Tie")?.relationship(named: "owner")?.isOrdered, false)
  }

  func testOnlyAToManyCanBeOrdered() throws {
    let interpreter = try makeInterpreter()
    XCTAssertThrowsError(try interpreter.run("entity Hat { owner: Person? ordered }")) {
      XCTAssertTrue("\($0)".contains("ordered keeps the order of a to-many"), "\($0)")
      XCTAssertTrue("\($0)".contains("owner: [Person] ordered"), "\($0)")
    }
    XCTAssertThrowsError(try interpreter.run("entity Hat { name: String ordered }")) {
      XCTAssertTrue("\($0)".contains("ordered belongs to to-many relationships"), "\($0)")
    }
  }

  func testAnOrderedToManyKeepsTheOrderObjectsWereAddedIn() throws {
    let interpreter = try makeInterpreter()
    for name in ["C", "A", "E", "B"] { try add(interpreter, name) }
    XCTAssertEqual(names(interpreter, "Person", "ties"), ["C", "A", "E", "B"])
    XCTAssertEqual(names(interpreter, "Lender", "lent"), ["A", "B", "C", "E"])
    _ = try interpreter.run("update Person set ties -= Tie where name == \"A\"")
    try add(interpreter, "A")
    XCTAssertEqual(names(interpreter, "Person", "ties"), ["C", "E", "B", "A"])
    // Setting the to-one of the inverse adds the tie at the end.
    _ = try interpreter.run(
      "update Tie where name == \"D\" set owner = Person where name == \"Ann\"")
    XCTAssertEqual(names(interpreter, "Person", "ties"), ["C", "E", "B", "A", "D"])
    // Adding a member again changes nothing.
    try add(interpreter, "C")
    XCTAssertEqual(names(interpreter, "Person", "ties"), ["C", "E", "B", "A", "D"])
    // Deleting a member closes the gap.
    _ = try interpreter.run("delete Tie where name == \"E\"")
    XCTAssertEqual(names(interpreter, "Person", "ties"), ["C", "B", "A", "D"])
  }

  func testSettingAnOrderedToManyTakesTheOrderGiven() throws {
    var graph = try makeInterpreter().context.graph
    let ann = ObjectID(entity: "Person", key: 1)
    let ties = (1...5).map { ObjectID(entity: "Tie", key: Int64($0)) }
    graph.setRelationship(ann, "ties", to: [ties[3], ties[0], ties[2]])
    XCTAssertEqual(graph.destinations(of: ann, "ties"), [ties[3], ties[0], ties[2]])
    let changed = graph.setRelationship(ann, "ties", to: [ties[2], ties[4], ties[3]])
    XCTAssertEqual(graph.destinations(of: ann, "ties"), [ties[2], ties[4], ties[3]])
    XCTAssertEqual(changed, [ann, ties[0], ties[4]])
    XCTAssertEqual(graph.setRelationship(ann, "ties", to: [ties[2], ties[4], ties[3]]), [])
    let bob = ObjectID(entity: "Lender", key: 1)
    graph.setRelationship(bob, "lent", to: [ties[3], ties[0], ties[2]])
    XCTAssertEqual(graph.destinations(of: bob, "lent"), [ties[0], ties[2], ties[3]])
  }

  func testUndoAndRedoRestoreTheOrder() throws {
    let interpreter = try makeInterpreter()
    for name in ["C", "A", "B"] { try add(interpreter, name) }
    _ = try interpreter.run("update Person set ties -= Tie where name == \"A\"")
    XCTAssertEqual(names(interpreter, "Person", "ties"), ["C", "B"])
    _ = try interpreter.run("undo")
    XCTAssertEqual(names(interpreter, "Person", "ties"), ["C", "A", "B"])
    _ = try interpreter.run("redo")
    XCTAssertEqual(names(interpreter, "Person", "ties"), ["C", "B"])
  }

  func testTheStoreKeepsTheFlagAndTheOrder() throws {
    let interpreter = try makeInterpreter()
    for name in ["E", "B", "D"] { try add(interpreter, name) }
    let graph = interpreter.context.graph
    let decoded = try StoreCodec.decodeData(StoreCodec.encodeData(graph))
    XCTAssertEqual(decoded, graph)
    XCTAssertEqual(
      decoded.model.entity(named: "Person")?.relationship(named: "ties")?.isOrdered, true)
    XCTAssertEqual(
      decoded.destinations(of: ObjectID(entity: "Person", key: 1), "ties").map(\.key), [5, 2, 4])
    // Only an ordered relationship's entry says so, in a version 4 store; a store without
    // one is as before.
    let plist = try StoreCodec.encode(graph)
    XCTAssertEqual(plist.dictionaryValue?["version"], .integer(4))
    let relationships =
      plist.dictionaryValue?["model"]?.dictionaryValue?["entities"]?
      .arrayValue?.flatMap { $0.dictionaryValue?["relationships"]?.arrayValue ?? [] } ?? []
    XCTAssertEqual(
      relationships.filter { $0.dictionaryValue?["ordered"] != nil }.map {
        $0.dictionaryValue?["name"]
      }, [.string("ties")])
  }

  func testAStoreWithAnOrderedToOneIsRefused() throws {
    let graph = try makeInterpreter().context.graph
    guard case .dictionary(var root) = try StoreCodec.encode(graph),
      case .dictionary(var model)? = root["model"],
      case .array(var entities)? = model["entities"],
      let tie = entities.firstIndex(where: { $0.dictionaryValue?["name"] == "Tie" }),
      case .dictionary(var entry) = entities[tie],
      case .array(var relationships)? = entry["relationships"],
      case .dictionary(var owner) = relationships[0]
    else { return XCTFail("unexpected store layout") }
    owner["ordered"] = .bool(true)
    relationships[0] = .dictionary(owner)
    entry["relationships"] = .array(relationships)
    entities[tie] = .dictionary(entry)
    model["entities"] = .array(entities)
    root["model"] = .dictionary(model)
    XCTAssertThrowsError(try StoreCodec.decode(.dictionary(root))) {
      XCTAssertTrue("\($0)".contains("only a to-many relationship can be ordered"), "\($0)")
    }
  }

  /// Core Data's model cache archives `NSIsOrdered`: Shelf.items of the mapping tests' store
  /// is ordered, Tag.items is not, and the shelf's items read in `Z_FOK_SHELF` order.
  func testAModelCacheKeepsTheFlag() throws {
    let store = try CoreDataStore.open(path: try CoreDataMappingTests.makeStore(for: self))
    let model = store.graph.model
    XCTAssertEqual(model.entity(named: "Shelf")?.relationship(named: "items")?.isOrdered, true)
    XCTAssertEqual(model.entity(named: "Tag")?.relationship(named: "items")?.isOrdered, false)
    // sqlite3: select Z_PK from ZMEDIA where ZSHELF = 1 order by Z_FOK_SHELF: 2, 1
    XCTAssertEqual(
      store.graph.destinations(of: ObjectID(entity: "Shelf", key: 1), "items").map(\.key), [2, 1])
  }

  /// An Xcode model's `ordered="YES"` is kept, through `--model`'s Core Data model too.
  func testAnXcodeModelKeepsTheFlag() throws {
    let folder = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("M.xcdatamodel")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
          <entity name="Person">
              <relationship name="ties" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Tie" inverseName="owner" inverseEntity="Tie"/>
          </entity>
          <entity name="Tie">
              <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="ties" inverseEntity="Person"/>
          </entity>
      </model>
      """.utf8
    ).write(to: folder.appendingPathComponent("contents"))
    let read = try XcodeModelReader.read(at: folder.path)
    XCTAssertEqual(read.notes, [])
    XCTAssertEqual(read.model.entity(named: "Person")?.relationship(named: "ties")?.isOrdered, true)
    let mapped = try CoreDataModel.read(at: folder.path)
    XCTAssertEqual(mapped[entity: "Person"]?.relationships.first?.isOrdered, true)
    XCTAssertEqual(
      mapped.bowqModel().model.entity(named: "Person")?.relationship(named: "ties")?.isOrdered,
      true)
  }
}
