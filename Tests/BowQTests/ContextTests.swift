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
    try context.delete([cap])
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
    try context.delete([fez])
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
    context.endEdit()
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
    try context.delete([fez])
    let next = context.insert([.string("Cap"), .int(1)], into: "Hat")
    XCTAssertEqual(next.key, fez.key + 1)
  }

  func testChangesCompareObjectsThatMovedAndColumnsTheEditReplaced() throws {
    var (context, fez) = try makeContext()
    let cap = context.insert([.string("Cap"), .int(1)], into: "Hat")
    let bowler = context.insert([.string("Bowler"), .int(2)], into: "Hat")
    context.markSaved()
    context.beginEdit()
    try context.delete([fez])
    context.update(cap, attribute: 0, to: .string("Cap"))
    context.update(bowler, attribute: 1, to: .int(5))
    context.endEdit()
    XCTAssertEqual(context.pendingChanges.count, 2, "the cap moved but kept its values")
    XCTAssertEqual(
      context.changes.map(\.self).last,
      .updated(
        bowler,
        [
          .init(name: "size", old: .int(2), new: .int(5))
        ]))
    XCTAssertEqual(context.pendingChanges.first, context.changes.first)
  }

  func testManyObjectsUpdatedAtOnceAreOneUndoStepKeepingTheLastValue() throws {
    var (context, fez) = try makeContext()
    let cap = context.insert([.string("Cap"), .int(1)], into: "Hat")
    context.markSaved()
    context.beginEdit()
    try context.update(
      "Hat", attribute: 1, [(fez.key, .int(7)), (cap.key, .int(8)), (fez.key, .int(9))])
    context.endEdit()
    XCTAssertEqual(context.graph.value(of: fez, attribute: "size"), .int(9))
    XCTAssertEqual(context.graph.value(of: cap, attribute: "size"), .int(8))
    XCTAssertEqual(context.changedObjects, [fez, cap])
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, context.committed)
    XCTAssertFalse(context.hasChanges)
    XCTAssertTrue(context.redo())
    XCTAssertEqual(context.graph.value(of: fez, attribute: "size"), .int(9))
  }

  func testAnInterruptedUpdateOfManyObjectsIsCancelledWhole() throws {
    var (context, _) = try makeContext()
    for size in 0..<5_000 {
      context.insert([.string("Hat \(size)"), .int(Int64(size))], into: "Hat")
    }
    context.markSaved()
    let keys = context.graph.table("Hat").keys
    context.beginEdit()
    Interrupt.request()
    defer { Interrupt.reset() }
    XCTAssertThrowsError(try context.update("Hat", attribute: 1, keys.map { ($0, .int(-1)) }))
    context.cancelEdit()
    XCTAssertEqual(context.graph, context.committed)
    XCTAssertFalse(context.hasChanges)
  }
}

/// Undo keeps what each edit replaced, not a copy of the graph, and a bounded number of
/// steps.
final class ContextUndoJournalTests: XCTestCase {
  let hat = Entity(
    name: "Hat",
    attributes: [Attribute(name: "name", type: .string), Attribute(name: "size", type: .int16)])

  func makeContext(hats: Int) throws -> Context {
    var graph = ObjectGraph()
    try graph.define(hat)
    for i in 0..<hats { graph.insert([.string("H\(i)"), .int(Int64(i % 100))], into: "Hat") }
    return Context(graph: graph)
  }

  func testEachStepRecordsOnlyTheRowsItChanged() throws {
    var context = try makeContext(hats: 5_000)
    for i in 0..<50 {
      context.beginEdit()
      context.update(ObjectID(entity: "Hat", key: Int64(i + 1)), attribute: 1, to: .int(1000))
    }
    context.beginEdit()
    context.insert([.string("New"), .int(1)], into: "Hat")
    context.endEdit()
    XCTAssertEqual(context.recordedRowCounts, Array(repeating: 1, count: 51))
  }

  func testUndoAndRedoOfInsertsDeletesAndUpdatesRestoreTheGraphExactly() throws {
    var context = try makeContext(hats: 20)
    var states = [context.graph]
    context.beginEdit()
    try context.delete([3, 7, 8, 15].map { ObjectID(entity: "Hat", key: $0) })
    states.append(context.graph)
    context.beginEdit()
    let cap = context.insert([.string("Cap"), .int(1)], into: "Hat")
    context.update(ObjectID(entity: "Hat", key: 1), attribute: 0, to: .string("Fez"))
    states.append(context.graph)
    context.beginEdit()
    try context.delete([cap, ObjectID(entity: "Hat", key: 20)])
    states.append(context.graph)
    context.endEdit()
    for expected in states.reversed().dropFirst() {
      XCTAssertTrue(context.undo())
      XCTAssertEqual(context.graph, expected)
      XCTAssertEqual(context.graph.table("Hat").keys, expected.table("Hat").keys, "row order")
    }
    XCTAssertFalse(context.undo())
    XCTAssertFalse(context.hasChanges)
    for expected in states.dropFirst() {
      XCTAssertTrue(context.redo())
      XCTAssertEqual(context.graph, expected)
      XCTAssertEqual(context.graph.table("Hat").keys, expected.table("Hat").keys, "row order")
    }
    XCTAssertEqual(context.changes.count, 6)
  }

  func testAnUpdateOfEveryObjectKeepsOneValueEachNotRows() throws {
    var context = try makeContext(hats: 1_000)
    let before = context.graph
    context.beginEdit()
    for key in 1...1_000 {
      context.update(ObjectID(entity: "Hat", key: Int64(key)), attribute: 1, to: .int(2))
    }
    context.endEdit()
    XCTAssertEqual(context.recordedRowCounts, [1_000])
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, before)
  }

  /// A delete of a quarter of a table or more keeps the table as it was (its storage, shared
  /// until the removal writes new columns), not a row for each object; undo and redo
  /// restore the graph exactly, rows in their order.
  func testADeleteOfMostObjectsKeepsTheTableNotARowEach() throws {
    var context = try makeContext(hats: 1_000)
    let before = context.graph
    context.beginEdit()
    try context.delete((1...600).map { ObjectID(entity: "Hat", key: Int64($0 * 3 % 1_000 + 1)) })
    let after = context.graph
    context.endEdit()
    XCTAssertEqual(after.table("Hat").count, 400)
    XCTAssertEqual(context.recordedRowCounts, [0])
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, before)
    XCTAssertEqual(context.graph.table("Hat").keys, before.table("Hat").keys, "row order")
    XCTAssertTrue(context.redo())
    XCTAssertEqual(context.graph, after)
    XCTAssertEqual(context.changes.count, 600)
  }

  func testValuesUpdatedThenRemovedInOneEditComeBackAsTheyWere() throws {
    var context = try makeContext(hats: 10)
    let before = context.graph
    let hats = [2, 5, 10].map { ObjectID(entity: "Hat", key: $0) }
    context.beginEdit()
    for hat in hats { context.update(hat, attribute: 0, to: .string("Beret")) }
    try context.delete(hats)
    let after = context.graph
    context.endEdit()
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, before)
    XCTAssertTrue(context.redo())
    XCTAssertEqual(context.graph, after)
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, before)
  }

  func testValuesUpdatedBeforeARedefinitionInOneEditComeBack() throws {
    var context = try makeContext(hats: 3)
    let before = context.graph
    context.beginEdit()
    context.update(ObjectID(entity: "Hat", key: 2), attribute: 1, to: .int(9))
    try context.define(
      Entity(name: "Hat", attributes: [Attribute(name: "name", type: .string)]))
    context.endEdit()
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, before)
  }

  func testUndoOfARedefinitionRestoresTheModelAndTheRows() throws {
    var context = try makeContext(hats: 3)
    let before = context.graph
    context.beginEdit()
    try context.define(
      Entity(name: "Hat", attributes: [Attribute(name: "name", type: .string)]))
    context.endEdit()
    XCTAssertEqual(context.graph.table("Hat").rows.first, [.string("H0")])
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, before)
  }

  func testAFailedEditIsPutBackWithoutAStep() throws {
    var context = try makeContext(hats: 3)
    let before = context.graph
    context.beginEdit()
    context.update(ObjectID(entity: "Hat", key: 2), attribute: 1, to: .int(9))
    context.insert([.string("Cap"), .int(1)], into: "Hat")
    context.cancelEdit()
    XCTAssertEqual(context.graph, before)
    XCTAssertFalse(context.canUndo)
    XCTAssertFalse(context.hasChanges)
  }

  func testOnlyTheLastUndoLevelsStepsAreKept() throws {
    var context = try makeContext(hats: 1)
    context.undoLevels = 3
    for size in 1...5 {
      context.beginEdit()
      context.update(ObjectID(entity: "Hat", key: 1), attribute: 1, to: .int(Int64(size)))
    }
    context.endEdit()
    var undone = 0
    while context.undo() { undone += 1 }
    XCTAssertEqual(undone, 3)
    XCTAssertEqual(
      context.graph.value(of: ObjectID(entity: "Hat", key: 1), attribute: "size"), .int(2))
  }

  /// The keys `context.update(_:attribute:_:)` gets to set slot 1 of hats `keys` to `size`.
  private func sizes(_ keys: some Sequence<Int>, _ size: Int64) -> [(key: Int64, value: Value)] {
    keys.map { (Int64($0), .int(size)) }
  }

  func testAnUpdateOfMostObjectsKeepsTheColumnAndUndoesAndRedoes() throws {
    var context = try makeContext(hats: 1_000)
    let before = context.graph
    context.beginEdit()
    try context.update("Hat", attribute: 1, sizes(1...800, 7))
    let after = context.graph
    context.endEdit()
    XCTAssertEqual(context.recordedRowCounts, [1_000], "one column of every hat")
    XCTAssertEqual(context.changes.count, 792, "hats whose size was 7 already are unchanged")
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, before)
    XCTAssertTrue(context.redo())
    XCTAssertEqual(context.graph, after)
  }

  func testAFewObjectsUpdatedKeepOneValueEach() throws {
    var context = try makeContext(hats: 1_000)
    let before = context.graph
    context.beginEdit()
    try context.update("Hat", attribute: 1, sizes(1...10, 7))
    context.endEdit()
    XCTAssertEqual(context.recordedRowCounts, [10])
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, before)
  }

  func testAColumnKeptByAnUpdateComesBackAroundInsertsAndDeletes() throws {
    var context = try makeContext(hats: 100)
    let before = context.graph
    context.beginEdit()
    try context.update("Hat", attribute: 1, sizes(1...100, 7))
    context.insert([.string("Cap"), .int(1)], into: "Hat")
    try context.delete([ObjectID(entity: "Hat", key: 5), ObjectID(entity: "Hat", key: 50)])
    try context.update("Hat", attribute: 1, sizes(1...101, 8))
    let after = context.graph
    context.endEdit()
    XCTAssertTrue(context.undo())
    XCTAssertEqual(context.graph, before)
    XCTAssertEqual(context.graph.table("Hat").keys, before.table("Hat").keys, "row order")
    XCTAssertTrue(context.redo())
    XCTAssertEqual(context.graph, after)
  }

  func testAColumnKeptByAnUpdateIsPutBackWhenTheEditFails() throws {
    var context = try makeContext(hats: 100)
    let before = context.graph
    context.beginEdit()
    try context.update("Hat", attribute: 1, sizes(1...100, 7))
    try context.delete([ObjectID(entity: "Hat", key: 3)])
    context.cancelEdit()
    XCTAssertEqual(context.graph, before)
    XCTAssertFalse(context.canUndo)
    XCTAssertFalse(context.hasChanges)
  }

  func testAnUpdateOfMostObjectsThatChangesNothingLeavesNoStep() throws {
    var context = try makeContext(hats: 100)
    context.beginEdit()
    try context.update(
      "Hat", attribute: 1, (1...100).map { (Int64($0), .int(Int64(($0 - 1) % 100))) })
    context.endEdit()
    XCTAssertFalse(context.canUndo)
    XCTAssertFalse(context.hasChanges)
  }

  func testObjectsTouchedOutOfKeyOrderAreListedInKeyOrder() throws {
    var ascending = try makeContext(hats: 50)
    var shuffled = try makeContext(hats: 50)
    ascending.beginEdit()
    try ascending.update("Hat", attribute: 1, sizes(1...50, 200))
    shuffled.beginEdit()
    try shuffled.update("Hat", attribute: 1, sizes((1...50).reversed(), 200))
    XCTAssertEqual(shuffled.changedObjects, ascending.changedObjects)
    XCTAssertEqual(
      ascending.changedObjects, (1...50).map { ObjectID(entity: "Hat", key: Int64($0)) })
    XCTAssertTrue(shuffled.undo())
    XCTAssertEqual(shuffled.changedObjects, [])
    XCTAssertTrue(shuffled.redo())
    XCTAssertEqual(shuffled.changedObjects, ascending.changedObjects)
  }

  func testObjectSetsAddedInAndOutOfKeyOrderHoldEachKeyOnce() {
    let ascending: [Int64] = [2, 3, 5, 8, 13, 21]
    var set = ObjectSet()
    XCTAssertTrue(set.isEmpty)
    for key in ascending { XCTAssertTrue(set.insert(ObjectID(entity: "T", key: key))) }
    for key in ascending { XCTAssertFalse(set.insert(ObjectID(entity: "T", key: key)), "\(key)") }
    XCTAssertEqual(set.insert([1, 5, 34, 4, 34], of: "T"), [1, 34, 4])
    XCTAssertFalse(set.insert(ObjectID(entity: "T", key: 4)))
    XCTAssertTrue(set.insert(ObjectID(entity: "A", key: 9)))
    XCTAssertEqual(
      set.sorted(),
      [ObjectID(entity: "A", key: 9)]
        + [1, 2, 3, 4, 5, 8, 13, 21, 34].map {
          ObjectID(entity: "T", key: $0)
        })
    var others = ObjectSet()
    _ = others.insert([3, 8, 40], of: "T")
    var inOrder = ObjectSet()
    _ = inOrder.insert(ascending, of: "T")
    inOrder.subtract(others)
    XCTAssertEqual(inOrder.sorted().map(\.key), [2, 5, 13, 21])
    set.subtract(others)
    set.formUnion(inOrder)
    XCTAssertEqual(set.sorted().filter { $0.entity == "T" }.map(\.key), [1, 2, 4, 5, 13, 21, 34])
    let all = inOrder
    inOrder.subtract(all)
    XCTAssertTrue(inOrder.isEmpty)
  }
}
