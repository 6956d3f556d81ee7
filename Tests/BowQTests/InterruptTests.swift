import XCTest

@testable import BowQ

/// Ctrl-C through the engine's one seam: a statement stopped by ``Interrupt`` throws
/// ``Interrupted`` and changes nothing; a save stopped so writes nothing.
final class InterruptTests: XCTestCase {
  override func tearDown() {
    Interrupt.reset()
  }

  func makeInterpreter(store: StoreDestination = .memory) throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: store)
    _ = try interpreter.run(
      """
      entity Person { name: String, ties: [Tie] inverse owner }
      entity Tie { name: String, rating: Int16, owner: Person? inverse ties }
      insert Person name = "Ann"
      """)
    var rows: [[Value]] = []
    for i in 0..<5_000 { rows.append([.string("T\(i)"), .int(Int64(i % 6)), .null]) }
    try interpreter.edit { context in
      for row in rows { context.insert(row, into: "Tie") }
    }
    return interpreter
  }

  func assertInterrupted(
    _ statement: String, _ interpreter: Interpreter, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let before = interpreter.context.graph
    let changes = interpreter.context.changes.count
    Interrupt.request()
    XCTAssertThrowsError(try interpreter.run(statement), file: file, line: line) { error in
      XCTAssertTrue(error is Interrupted, "\(error)", file: file, line: line)
    }
    Interrupt.reset()
    XCTAssertEqual(interpreter.context.graph, before, statement, file: file, line: line)
    XCTAssertEqual(interpreter.context.changes.count, changes, file: file, line: line)
  }

  func testEveryLongStepStopsAndChangesNothing() throws {
    let interpreter = try makeInterpreter()
    for statement in [
      "fetch Tie where rating > 2",
      "count Tie where name CONTAINS 'T1'",
      "fetch Tie sort by rating desc, name",
      "fetch Tie sort by rating desc limit 5",
      "fetch Tie select name, rating",
      "fetch Tie select rating, count() as n group by rating",
      "update Tie set rating = 3",
      "update Tie set owner = Person where name == 'Ann'",
      "delete Tie where rating == 1",
      "validate",
    ] {
      assertInterrupted(statement, interpreter)
    }
    XCTAssertEqual(
      try interpreter.run("count Tie where rating == 3").last, .count(entity: "Tie", 833))
  }

  func testAnInterruptedSaveWritesNothingAndKeepsTheChangesPending() throws {
    let folder = try makeTemporaryFolder("bowq-interrupt")
    let path = folder.appendingPathComponent("s.bowq").path
    let handle = try StoreHandle(openingForWriting: path)
    let interpreter = try makeInterpreter(store: .file(handle))
    assertInterrupted("save", interpreter)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        !$0.hasSuffix(".lock")
      }, [])
    _ = try interpreter.run("save")
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
  }

  func testReadingAPropertyListStops() throws {
    let plist = PropertyList.array((0..<3_000).map { .dictionary(["name": .string("T\($0)")]) })
    let data = try BinaryPropertyListWriter.encode(plist)
    Interrupt.request()
    XCTAssertThrowsError(try PropertyListDecoding.decode(data)) { error in
      XCTAssertTrue(error is Interrupted, "\(error)")
    }
    Interrupt.reset()
    XCTAssertEqual(try PropertyListDecoding.decode(data).0, plist)
  }

  func testSortingStops() throws {
    let values = (0..<5_000).map { [Value.int(Int64($0 * 7919 % 5_000))] }
    let key = BoundSortKey(
      value: BoundExpression(kind: .slot(0), type: .integer, range: .nowhere), ascending: true,
      comparison: .compare)
    Interrupt.request()
    XCTAssertThrowsError(try SortOrder.sortedPositions(values, keys: [key])) { error in
      XCTAssertTrue(error is Interrupted, "\(error)")
    }
    Interrupt.reset()
    XCTAssertEqual(try SortOrder.sortedPositions(values, keys: [key]).first, 0)
  }

  func testValidationStops() throws {
    let interpreter = try makeInterpreter()
    let changed = interpreter.context.changedObjects
    Interrupt.request()
    XCTAssertThrowsError(try Validator.validate(changed, in: interpreter.context.graph)) { error in
      XCTAssertTrue(error is Interrupted, "\(error)")
    }
  }

  func testAnInterruptAskedBeforeIsForgottenOnReset() throws {
    let interpreter = try makeInterpreter()
    Interrupt.request()
    Interrupt.reset()
    XCTAssertEqual(try interpreter.run("count Tie").last, .count(entity: "Tie", 5_000))
  }

  /// A single long match stops at its next progress report, and the statement running it
  /// ends as interrupted, not with the match's own error.
  func testALongMatchStopsWhenInterrupted() throws {
    let regex = try RegularExpression("(?:a|b)*c", options: [])
    let subject = String(repeating: "ab", count: 200_000)
    Interrupt.request()
    XCTAssertThrowsError(try regex.matches(subject)) { error in
      XCTAssertTrue(
        (error as? EvaluationError)?.message.contains("was interrupted") == true, "\(error)")
    }
    Interrupt.reset()
    XCTAssertFalse(try regex.matches(String(repeating: "ab", count: 1_000)))
  }
}
