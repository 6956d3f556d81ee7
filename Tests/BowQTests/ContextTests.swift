import XCTest

@testable import BowQ

/// The context as a scratch pad: pending changes, rollback, undo and redo.
final class ContextTests: XCTestCase {
  let hat = Entity(
    name: "Hat",
    attributes: [Attribute(name: "name", type: .string), Attribute(name: "size", type: .int16)])

  func makeContext() throws -> (Context, ObjectID) {
    var graph = ObjectGraph()
    try graph.define(hat)
    let id = graph.insert([.string("Fez"), .int(3)], into: "Hat")
    return (Context(graph: graph), id)
  }

  func testEditsArePendingUntilMarkedSaved() throws {
    var (context, fez) = try makeContext()
    XCTAssertFalse(context.hasChanges)
    context.beginEdit()
    context.update(fez, attribute: 1, to: .int(4))
    XCTAssertEqual(
      context.changes, [.updated(fez, [.init(name: "size", old: .int(3), new: .int(4))])])
    XCTAssertEqual(context.committed.value(of: fez, attribute: "size"), .int(3))
    XCTAssertEqual(context.graph.value(of: fez, attribute: "size"), .int(4))
    context.markSaved()
    XCTAssertFalse(context.hasChanges)
    XCTAssertEqual(context.committed.value(of: fez, attribute: "size"), .int(4))
  }

  func testAnInsertThenDeleteLeavesNoChange() throws {
    var (context, _) = try makeContext()
    context.beginEdit()
    let cap = context.insert([.string("Cap"), .int(1)], into: "Hat")
    XCTAssertEqual(context.changes.count, 1)
    context.delete([cap])
    XCTAssertEqual(context.changes, [])
  }

  func testSettingAValueBackToTheSavedOneIsNoChange() throws {
    var (context, fez) = try makeContext()
    context.update(fez, attribute: 1, to: .int(9))
    context.update(fez, attribute: 1, to: .int(3))
    XCTAssertFalse(context.hasChanges)
  }

  func testRollbackRestoresTheSavedGraphAndForgetsUndo() throws {
    var (context, fez) = try makeContext()
    context.beginEdit()
    context.delete([fez])
    XCTAssertEqual(
      context.changes,
      [
        .deleted(
          fez, [.init(name: "name", value: .string("Fez")), .init(name: "size", value: .int(3))])
      ])
    context.rollback()
    XCTAssertTrue(context.graph.contains(fez))
    XCTAssertFalse(context.canUndo)
  }

  func testUndoAndRedoStepThroughEdits() throws {
    var (context, fez) = try makeContext()
    context.beginEdit()
    context.update(fez, attribute: 1, to: .int(4))
    context.beginEdit()
    context.update(fez, attribute: 1, to: .int(5))
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph.value(of: fez, attribute: "size"), .int(4))
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph.value(of: fez, attribute: "size"), .int(3))
    XCTAssertFalse(context.undo())
    XCTAssertTrue(context.redo())
    XCTAssertEqual(context.graph.value(of: fez, attribute: "size"), .int(4))
    context.beginEdit()
    XCTAssertFalse(context.canRedo, "a new edit clears the redo stack")
  }

  func testAnEditThatChangesNothingIsNoUndoStep() throws {
    var (context, _) = try makeContext()
    context.beginEdit()
    context.discardEditIfUnchanged()
    XCTAssertFalse(context.canUndo)
  }

  func testRedefiningAnEntityKeepsValuesByNameAndAddsDefaults() throws {
    var (context, fez) = try makeContext()
    let wider = Entity(
      name: "Hat",
      attributes: [
        Attribute(name: "color", type: .string, defaultValue: .string("black")),
        Attribute(name: "name", type: .string),
      ])
    try context.define(wider)
    XCTAssertEqual(
      context.graph.table("Hat").row(for: fez.key), [.string("black"), .string("Fez")])
    XCTAssertEqual(context.changes.first, .entityDefined("Hat"))
  }

  func testKeysAreNeverReused() throws {
    var (context, fez) = try makeContext()
    context.delete([fez])
    let next = context.insert([.string("Cap"), .int(1)], into: "Hat")
    XCTAssertEqual(next.key, fez.key + 1)
  }
}
