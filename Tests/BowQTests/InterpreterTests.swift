import XCTest

@testable import BowQ

/// Statements run against an in-memory store.
final class InterpreterTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_717_243_200)

  func makeInterpreter(_ setup: String = "") throws -> Interpreter {
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory, clock: { [now] in now })
    _ = try interpreter.run(
      """
      entity Tie { name: String, rating: Double min 0 max 5 default 0, worn: Int16 default 0, lastWorn: Date? }
      insert Tie name = "Red", rating = 3.5
      insert Tie name = "Blue", rating = 5, worn = 2
      insert Tie name = "Green", rating = 1
      save
      \(setup)
      """)
    return interpreter
  }

  func names(_ result: StatementResult?) -> [String] {
    guard case .objects(let set)? = result else { return [] }
    return set.rows.map { $0[0].stringValue ?? "?" }
  }

  func testFetchFiltersSortsPagesAndSelects() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      names(try interpreter.run("fetch Tie where rating > 2 sort by rating desc").last),
      ["Blue", "Red"])
    XCTAssertEqual(
      names(try interpreter.run("fetch Tie sort by name limit 2 offset 1").last), ["Green", "Red"])
    XCTAssertEqual(
      try interpreter.run("count Tie where name BEGINSWITH \"G\"").last, .count(entity: "Tie", 1))
  }

  /// `FUNCTION(receiver, 'selector:', arguments…)` through the whole pipeline: parsed,
  /// bound, evaluated in a fetch and an edit, and printed back by explain.
  func testFunctionExpressionsRunInStatements() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      names(
        try interpreter.run("fetch Tie where FUNCTION(rating, 'raise:toPower:', 2) > 10").last),
      ["Red", "Blue"])
    XCTAssertEqual(
      try interpreter.run("count Tie where function(name, 'uppercase:') == 'GREEN'").last,
      .count(entity: "Tie", 1))
    _ = try interpreter.run(
      "fetch Tie where name == 'Green'; set worn = FUNCTION(worn, 'add:to:', 7), "
        + "lastWorn = FUNCTION(SELF, 'now')")
    XCTAssertEqual(
      interpreter.context.graph.table("Tie").rows[2],
      [.string("Green"), .double(1), .int(7), .date(now)])
    XCTAssertEqual(
      try interpreter.run("explain fetch Tie where FUNCTION(rating, 'modulus:by:', 2) == 1").last,
      .explanation([
        "scan 3 Tie objects",
        #"filter FUNCTION(rating, "modulus:by:" , 2) == 1 (at most 3 objects)"#,
        "select as the current selection",
      ]))
    XCTAssertThrowsError(try interpreter.run("fetch Tie where FUNCTION(name, 'length') == 3")) {
      error in
      XCTAssertEqual(
        (error as? LanguageError)?.description,
        #"1:17: unknown selector "length" in FUNCTION. bowq has no Objective-C methods to call: "#
          + #"FUNCTION takes only the selectors of the built-in functions, such as "sqrt:", "#
          + #""uppercase:" or "modulus:by:". Did you mean "length:"?"#)
    }
  }

  func testSetChangesTheLastFetchAndEveryRightSideSeesTheOldRow() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run(
      "fetch Tie where name == \"Blue\"; set worn = worn + 1, lastWorn = now(), rating = worn")
    let blue = interpreter.context.graph.table("Tie").rows[1]
    XCTAssertEqual(blue, [.string("Blue"), .double(2), .int(3), .date(now)])
  }

  func testSetWithoutAFetchIsAnError() throws {
    let interpreter = try makeInterpreter()
    XCTAssertThrowsError(try interpreter.run("set rating = 1")) { error in
      XCTAssertTrue((error as? LanguageError)?.message.contains("no current selection") == true)
    }
  }

  func testFetchesSeePendingChanges() throws {
    let interpreter = try makeInterpreter("insert Tie name = \"Polka\", rating = 4")
    XCTAssertEqual(
      try interpreter.run("count Tie where rating >= 3.5").last, .count(entity: "Tie", 3))
  }

  func testSaveValidatesAndKeepsFailedChangesPending() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run("update Tie where name == \"Red\" set rating = 7")
    XCTAssertThrowsError(try interpreter.run("save")) { error in
      XCTAssertEqual((error as? SaveError)?.errors.map(\.code), [.numberTooLarge])
    }
    XCTAssertEqual(interpreter.context.changes.count, 1)
    XCTAssertEqual(interpreter.context.committed.table("Tie").rows[0][1], .double(3.5))
    XCTAssertEqual(try interpreter.run("rollback").last, .report(.rolledBack(changes: 1)))
    XCTAssertEqual(try interpreter.run("save").last, .report(.saved(changes: 0)))
  }

  func testAssignmentsAreCheckedAgainstTheAttributeType() throws {
    let interpreter = try makeInterpreter()
    XCTAssertThrowsError(try interpreter.run("insert Tie name = 3")) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.message, "cannot store an integer in name, which is String")
    }
    XCTAssertThrowsError(try interpreter.run("insert Tie name = \"X\", worn = 40000")) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.message,
        "40000 is out of range for worn (Int16 holds -32768…32767)")
    }
    XCTAssertThrowsError(try interpreter.run("update Tie set worn = worn * 20000")) { error in
      XCTAssertTrue(error is EvaluationError, "the value is known only per object: \(error)")
    }
    XCTAssertFalse(interpreter.context.hasChanges, "a failed statement changes nothing")
  }

  func testAConstantAssignedIsTheValueTheSameExpressionGivesPerObject() throws {
    let constant = try makeInterpreter()
    let perObject = try makeInterpreter()
    _ = try constant.run("update Tie set rating = 2, worn = 7, name = \"Tie\"")
    _ = try perObject.run(
      "update Tie set rating = worn * 0 + 2, worn = worn * 0 + 7, name = \"Tie\"")
    XCTAssertEqual(constant.context.graph, perObject.context.graph)
    XCTAssertEqual(
      constant.context.graph.table("Tie").value(at: 0, slot: 1), .double(2),
      "the integer constant is stored as the attribute's Double")
  }

  func testDeleteUndoRedo() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.run("delete Tie where rating < 2").last,
      .report(.deleted(entity: "Tie", count: 1, cascaded: 0)))
    XCTAssertEqual(try interpreter.run("count Tie").last, .count(entity: "Tie", 2))
    _ = try interpreter.run("undo")
    XCTAssertEqual(try interpreter.run("count Tie").last, .count(entity: "Tie", 3))
    _ = try interpreter.run("redo")
    XCTAssertEqual(try interpreter.run("count Tie").last, .count(entity: "Tie", 2))
  }

  func testExplainShowsThePlanWithoutRunningIt() throws {
    let interpreter = try makeInterpreter()
    let plan = try interpreter.run("explain delete Tie where rating = 1").last
    XCTAssertEqual(
      plan,
      .explanation([
        "scan 3 Tie objects", "filter rating == 1 (1 object)",
        "delete, applying the delete rules (pending until save)",
      ]))
    XCTAssertEqual(try interpreter.run("count Tie").last, .count(entity: "Tie", 3))
  }

  func testImportReadsAnArrayOfDictionaries() throws {
    let folder = try makeTemporaryFolder("bowq-import")
    let plist = try PropertyListSerialization.data(
      fromPropertyList: [
        ["name": "Polka", "rating": 2.5, "lastWorn": Date(timeIntervalSince1970: 0)]
      ], format: .binary, options: 0)
    try plist.write(to: folder.appendingPathComponent("ties.plist"))
    let interpreter = try makeInterpreter()
    interpreter.baseDirectory = folder.path
    XCTAssertEqual(
      try interpreter.run("import \"ties.plist\" into Tie").last,
      .report(.imported(entity: "Tie", count: 1, path: "ties.plist")))
    XCTAssertEqual(
      try interpreter.run("count Tie where lastWorn == CAST(\"1970-01-01T00:00:00Z\", \"NSDate\")")
        .last, .count(entity: "Tie", 1))
    XCTAssertThrowsError(try interpreter.run("import \"missing.plist\" into Tie")) { error in
      XCTAssertEqual(
        (error as? EvaluationError)?.message,
        "cannot read \"missing.plist\": No such file or directory")
    }
  }

  func testAnImportIsOneEditWithTheKeysInsertsWouldGive() throws {
    let folder = try makeTemporaryFolder("bowq-import")
    let ties = (0..<2_500).map { ["name": "Tie \($0)", "rating": Double($0 % 6)] }
    try PropertyListSerialization.data(fromPropertyList: ties, format: .binary, options: 0)
      .write(to: folder.appendingPathComponent("ties.plist"))
    let interpreter = try makeInterpreter("delete Tie where name == 'Green'")
    interpreter.baseDirectory = folder.path
    let before = interpreter.context.graph
    _ = try interpreter.run("import \"ties.plist\" into Tie")
    let table = interpreter.context.graph.table("Tie")
    XCTAssertEqual(table.count, 2 + 2_500)
    XCTAssertEqual(Array(table.keys.prefix(4)), [1, 2, 4, 5], "keys go on after the deleted 3")
    XCTAssertEqual(table.row(for: 2_503)?.prefix(3), [.string("Tie 2499"), .double(3), .int(0)])
    XCTAssertEqual(interpreter.context.pendingChanges.count, 1 + 2_500)
    _ = try interpreter.run("fetch Tie where name == 'Tie 7'; set rating = 5")
    _ = try interpreter.run("undo")
    _ = try interpreter.run("undo")
    XCTAssertEqual(interpreter.context.graph.table("Tie"), before.table("Tie"), "one undo step")
    _ = try interpreter.run("redo")
    XCTAssertEqual(interpreter.context.graph.table("Tie"), table)
    _ = try interpreter.run("import \"ties.plist\" into Tie")
    XCTAssertEqual(interpreter.context.graph.table("Tie").keys.last, 5_003)
    XCTAssertEqual(
      try interpreter.run("count Tie where rating == 5").last, .count(entity: "Tie", 833))
  }

  func testAnImportIntoAnEmptyEntityKeepsItsNextKey() throws {
    let folder = try makeTemporaryFolder("bowq-import")
    try PropertyListSerialization.data(
      fromPropertyList: [["name": "Polka"], ["name": "Paisley"]], format: .binary, options: 0
    ).write(to: folder.appendingPathComponent("ties.plist"))
    let interpreter = try makeInterpreter("delete Tie")
    interpreter.baseDirectory = folder.path
    _ = try interpreter.run("import \"ties.plist\" into Tie")
    XCTAssertEqual(interpreter.context.graph.table("Tie").keys, [4, 5], "keys are never reused")
    _ = try interpreter.run("insert Tie name = 'Dots'")
    XCTAssertEqual(interpreter.context.graph.table("Tie").keys, [4, 5, 6])
    _ = try interpreter.run("rollback")
    XCTAssertEqual(interpreter.context.graph.table("Tie").count, 3)
  }

  func testTheSampleSeedsOnce() throws {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("SampleData.plist").path
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    XCTAssertTrue(try BowTiesSample.seed(interpreter, sampleDataPath: sample))
    XCTAssertFalse(try BowTiesSample.seed(interpreter, sampleDataPath: sample))
    XCTAssertEqual(interpreter.context.graph.table("BowTie").count, 7)
    XCTAssertFalse(interpreter.context.hasChanges, "seeding saves")
    let keys = interpreter.context.graph.table("BowTie").rows.map { $0[1].stringValue! }
    XCTAssertEqual(keys, ["R", "O", "Y", "G", "B", "I", "V"])
  }
}
