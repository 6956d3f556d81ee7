import XCTest

@testable import BowQ

/// Relationships in the graph: inverses kept in step, delete rules, count validation.
final class RelationshipGraphTests: XCTestCase {
  /// Person ←owner— BowTie (to-one), Person —ties→ [BowTie] (to-many, its inverse),
  /// BowTie ⇄ Tag (many-to-many).
  func makeGraph(tiesRule: DeleteRule = .nullify, minTies: Int? = nil, maxTies: Int? = nil) throws
    -> ObjectGraph
  {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "Person", attributes: [Attribute(name: "name", type: .string)],
        relationships: [
          Relationship(
            name: "ties", destination: "BowTie", isToMany: true, inverse: "owner",
            deleteRule: tiesRule,
            minCount: minTies, maxCount: maxTies)
        ]))
    try graph.define(
      Entity(
        name: "BowTie", attributes: [Attribute(name: "name", type: .string)],
        relationships: [
          Relationship(name: "owner", destination: "Person", isToMany: false, inverse: "ties"),
          Relationship(name: "tags", destination: "Tag", isToMany: true, inverse: "ties"),
        ]))
    try graph.define(
      Entity(
        name: "Tag", attributes: [Attribute(name: "name", type: .string)],
        relationships: [
          Relationship(name: "ties", destination: "BowTie", isToMany: true, inverse: "tags")
        ]))
    return graph
  }

  func insert(_ graph: inout ObjectGraph, _ entity: String, _ name: String) -> ObjectID {
    var row = graph.model.entity(named: entity)!.newRow
    row[0] = .string(name)
    return graph.insert(row, into: entity)
  }

  func testSettingAToOneUpdatesTheInverseAndLetsGoOfTheOldOwner() throws {
    var graph = try makeGraph()
    let ann = insert(&graph, "Person", "Ann")
    let bob = insert(&graph, "Person", "Bob")
    let red = insert(&graph, "BowTie", "Red")
    graph.setRelationship(red, "owner", to: [ann])
    XCTAssertEqual(graph.destinations(of: ann, "ties"), [red])
    let changed = graph.setRelationship(red, "owner", to: [bob])
    XCTAssertEqual(changed, [red, ann, bob])
    XCTAssertEqual(graph.destinations(of: ann, "ties"), [])
    XCTAssertEqual(graph.destinations(of: bob, "ties"), [red])
  }

  func testAddingToAToManySetsEachInverse() throws {
    var graph = try makeGraph()
    let ann = insert(&graph, "Person", "Ann")
    let red = insert(&graph, "BowTie", "Red")
    let blue = insert(&graph, "BowTie", "Blue")
    graph.addToRelationship(ann, "ties", [red, blue])
    XCTAssertEqual(graph.destinations(of: red, "owner"), [ann])
    XCTAssertEqual(graph.destinations(of: blue, "owner"), [ann])
    graph.removeFromRelationship(ann, "ties", [red])
    XCTAssertEqual(graph.destinations(of: red, "owner"), [])
    XCTAssertEqual(graph.destinations(of: ann, "ties"), [blue])
  }

  func testManyToManyKeepsBothSides() throws {
    var graph = try makeGraph()
    let red = insert(&graph, "BowTie", "Red")
    let blue = insert(&graph, "BowTie", "Blue")
    let silk = insert(&graph, "Tag", "silk")
    graph.addToRelationship(red, "tags", [silk])
    graph.addToRelationship(silk, "ties", [blue])
    XCTAssertEqual(graph.destinations(of: silk, "ties"), [red, blue])
    XCTAssertEqual(graph.destinations(of: blue, "tags"), [silk])
  }

  func testNullifyRemovesTheDeletedObjectFromInverses() throws {
    var graph = try makeGraph()
    let ann = insert(&graph, "Person", "Ann")
    let red = insert(&graph, "BowTie", "Red")
    graph.setRelationship(red, "owner", to: [ann])
    let deletion = try graph.delete([ann])
    XCTAssertEqual(deletion.deleted, [ann])
    XCTAssertEqual(deletion.updated, [red])
    XCTAssertEqual(graph.destinations(of: red, "owner"), [])
  }

  func testCascadeDeletesTheDestinations() throws {
    var graph = try makeGraph(tiesRule: .cascade)
    let ann = insert(&graph, "Person", "Ann")
    let red = insert(&graph, "BowTie", "Red")
    let silk = insert(&graph, "Tag", "silk")
    graph.addToRelationship(ann, "ties", [red])
    graph.addToRelationship(red, "tags", [silk])
    let deletion = try graph.delete([ann])
    XCTAssertEqual(Set(deletion.deleted), [ann, red])
    XCTAssertFalse(graph.contains(red))
    XCTAssertEqual(
      graph.destinations(of: silk, "ties"), [], "the cascaded tie is nullified in its tags")
  }

  func testDenyIsRecordedForValidation() throws {
    var graph = try makeGraph(tiesRule: .deny)
    let ann = insert(&graph, "Person", "Ann")
    let red = insert(&graph, "BowTie", "Red")
    graph.addToRelationship(ann, "ties", [red])
    let deletion = try graph.delete([ann])
    XCTAssertEqual(
      deletion.denied, [DeniedDeletion(object: ann, relationship: "ties", destinations: [red])])
    let errors = try Validator.validate([], in: graph, denied: deletion.denied)
    XCTAssertEqual(errors.map(\.code), [.deniedDelete])
    XCTAssertEqual(errors.first?.message, "Items cannot be deleted from ties.")
  }

  func testNoActionLeavesDestinationsPointingAtTheDeletedObject() throws {
    var graph = try makeGraph(tiesRule: .noAction)
    let ann = insert(&graph, "Person", "Ann")
    let red = insert(&graph, "BowTie", "Red")
    graph.addToRelationship(ann, "ties", [red])
    try graph.delete([ann])
    XCTAssertEqual(graph.destinations(of: red, "owner"), [ann])
  }

  func testToManyCountsAreValidatedOnlyWhenNotEmpty() throws {
    var graph = try makeGraph(minTies: 2, maxTies: 3)
    let ann = insert(&graph, "Person", "Ann")
    XCTAssertEqual(
      try Validator.validate([ann], in: graph), [], "an optional, empty to-many passes")
    let ties = (1...4).map { insert(&graph, "BowTie", "T\($0)") }
    graph.addToRelationship(ann, "ties", [ties[0]])
    XCTAssertEqual(
      try Validator.validate([ann], in: graph).map(\.code), [.relationshipLacksMinimumCount])
    graph.addToRelationship(ann, "ties", Array(ties[1...]))
    XCTAssertEqual(
      try Validator.validate([ann], in: graph).map(\.code), [.relationshipExceedsMaximumCount])
  }

  func testContextTracksRelationshipChangesForUndo() throws {
    var context = Context(graph: try makeGraph())
    let ann = context.insert(["Ann"].map(Value.string) + [.collection([])], into: "Person")
    let red = context.insert([.string("Red"), .null, .collection([])], into: "BowTie")
    context.markSaved()
    context.beginEdit()
    context.setRelationship(red, "owner", to: [ann])
    XCTAssertEqual(context.changes.count, 2)
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph.destinations(of: ann, "ties"), [])
  }

  /// Many objects' edits applied as one: each owner's list is read and written once, and the
  /// result is what applying the edits one by one gives.
  func testEditsOfManyObjectsAppliedAsOneMatchEditsOneByOne() throws {
    var batched = try makeGraph()
    let ann = insert(&batched, "Person", "Ann")
    let bob = insert(&batched, "Person", "Bob")
    let ties = (0..<300).map { insert(&batched, "BowTie", "T\($0)") }
    var oneByOne = batched
    var edits = ties.map {
      RelationshipEdit(object: $0, relationship: "owner", change: .set([ann]))
    }
    edits += ties.enumerated().filter { $0.offset % 3 == 0 }.map {
      RelationshipEdit(object: $0.element, relationship: "owner", change: .set([bob]))
    }
    edits.append(
      RelationshipEdit(object: ann, relationship: "ties", change: .remove(Array(ties.prefix(30)))))
    edits.append(
      RelationshipEdit(object: bob, relationship: "ties", change: .add([ties[1], ties[1]])))
    let changed = batched.apply(edits)
    var expectedChanged: Set<ObjectID> = []
    for edit in edits {
      switch edit.change {
      case .set(let targets):
        expectedChanged.formUnion(
          oneByOne.setRelationship(edit.object, edit.relationship, to: targets))
      case .add(let targets):
        expectedChanged.formUnion(
          oneByOne.addToRelationship(edit.object, edit.relationship, targets))
      case .remove(let targets):
        expectedChanged.formUnion(
          oneByOne.removeFromRelationship(edit.object, edit.relationship, targets))
      }
    }
    XCTAssertEqual(batched, oneByOne)
    XCTAssertEqual(changed, expectedChanged)
    let bobs = batched.destinations(of: bob, "ties")
    XCTAssertEqual(bobs, bobs.sorted(), "members are kept in key order")
    XCTAssertEqual(bobs.count, 101)
    XCTAssertEqual(batched.destinations(of: ann, "ties").count, 300 - 100 - 20)
    XCTAssertEqual(batched.destinations(of: ties[1], "owner"), [bob])
  }

  /// An edit that leaves a to-many as it was does not rewrite it, even when its members
  /// were stored out of key order.
  func testAnEditThatChangesNothingLeavesTheListAsStored() throws {
    var graph = try makeGraph()
    let ann = insert(&graph, "Person", "Ann")
    let red = insert(&graph, "BowTie", "Red")
    let blue = insert(&graph, "BowTie", "Blue")
    graph.update(ann, attribute: 1, to: .collection([.object(blue), .object(red)]))
    graph.update(red, attribute: 1, to: .object(ann))
    graph.update(blue, attribute: 1, to: .object(ann))
    let before = graph
    XCTAssertEqual(graph.addToRelationship(ann, "ties", [red]), [])
    XCTAssertEqual(graph, before)
  }
}
