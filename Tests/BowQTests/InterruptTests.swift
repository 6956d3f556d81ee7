import Dispatch
import Foundation
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
    interpreter.interrupt.request()
    XCTAssertThrowsError(try interpreter.run(statement), file: file, line: line) { error in
      XCTAssertTrue(error is Interrupted, "\(error)", file: file, line: line)
    }
    interpreter.interrupt.reset()
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

  /// A delete stopped in its own loops, once its objects are found, changes nothing: the
  /// edit it was part of puts back what it did, inverses included, whether it was to delete
  /// a few objects or most of a table.
  func testADeleteStopsInItsOwnLoopsAndChangesNothing() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run("update Tie set owner = Person where name == 'Ann'")
    for count in [100, 4_000] {
      var context = interpreter.context
      let before = context.graph
      context.beginEdit()
      Interrupt.request()
      XCTAssertThrowsError(
        try context.delete((1...count).map { ObjectID(entity: "Tie", key: Int64($0)) })
      ) { error in
        XCTAssertTrue(error is Interrupted, "\(error)")
      }
      Interrupt.reset()
      context.cancelEdit()
      XCTAssertEqual(context.graph, before, "\(count)")
    }
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
    interpreter.interrupt.request()
    interpreter.interrupt.reset()
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

  /// Two interpreters in one program are stopped apart: one is interrupted in the middle of
  /// a statement of some 400 million steps (once its token has been checked, not after a
  /// time), while the other, asked nothing, runs its statements to the end meanwhile.
  func testTwoInterpretersAreInterruptedApart() throws {
    let long = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try long.run(
      """
      entity Box { name: String, items: [Item] inverse box }
      entity Item { n: Int32, box: Box? inverse items }
      insert Box name = "b"
      """)
    try long.edit { context in
      for n in 0..<20_000 { context.insert([.int(Int64(n)), .null], into: "Item") }
    }
    _ = try long.run("update Box set items = Item where n >= 0")
    let before = long.context.graph
    let other = try makeInterpreter()
    let checked = long.interrupt.checks
    nonisolated(unsafe) var outcome: Result<[StatementResult], any Error>?
    let finished = DispatchSemaphore(value: 0)
    let work = UncheckedWork {
      outcome = Result { try long.run("update Item where ANY box.items.n < 0 set n = -1") }
      finished.signal()
    }
    DispatchQueue.global().async { work.body() }
    var ended = false
    while long.interrupt.checks == checked, !ended {
      ended = finished.wait(timeout: .now()) == .success
    }
    long.interrupt.request()
    XCTAssertEqual(
      try other.run(
        "count Tie where name CONTAINS '1'; update Tie where rating == 0 set rating = 5"),
      [.count(entity: "Tie", 2_084), .report(.updated(entity: "Tie", count: 834))])
    if !ended { finished.wait() }
    XCTAssertThrowsError(try XCTUnwrap(outcome).get()) { error in
      XCTAssertTrue(error is Interrupted, "\(error)")
    }
    XCTAssertEqual(long.context.graph, before)
    XCTAssertFalse(other.interrupt.isRequested)
  }
}
