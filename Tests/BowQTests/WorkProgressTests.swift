import Foundation
import XCTest

@testable import BowQ

/// How far long work has come, as the loops that poll ``Interrupt`` tell it: what the shell
/// shows of a statement that runs for more than a moment.
final class WorkProgressTests: XCTestCase {
  func testProgressCountsTheStepsChecksStandForAgainstTheWorkBegun() throws {
    let token = InterruptToken()
    XCTAssertNil(token.progress)
    try token.checkStep()
    token.begin("saving", steps: 4 * Interrupt.stepsPerCheck)
    XCTAssertEqual(token.progress, .init(work: "saving", fraction: 0), "steps before it began")
    try token.checkStep()
    try token.checkStep()
    XCTAssertEqual(token.progress?.fraction, 0.5)
    try token.checkStep(advancing: 100 * Interrupt.stepsPerCheck)
    XCTAssertEqual(token.progress?.fraction, 1, "never past the whole")
    token.begin("exporting Tie", steps: 0)
    XCTAssertEqual(token.progress, .init(work: "exporting Tie", fraction: 0))
    token.reset()
    XCTAssertNil(token.progress)
  }

  private func interpreter(saving path: String) throws -> Interpreter {
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()),
      store: .file(try StoreHandle(openingForWriting: path)))
    _ = try interpreter.run("entity Tie { name: String, rating: Int16 }")
    try interpreter.edit { context in
      for i in 0..<5_000 { context.insert([.string("T\(i)"), .int(Int64(i % 6))], into: "Tie") }
    }
    return interpreter
  }

  /// Each long statement names its work and comes to its end: the work of the statement's
  /// last loop, `fraction` at least `atLeast` of it done (a check stands for the 1,024 steps
  /// after it, so a loop of 5,000 ends with 4 or 5 of them).
  private func assertWork(
    _ statement: String, _ interpreter: Interpreter, _ work: String, atLeast: Double = 0.8,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    interpreter.interrupt.reset()
    _ = try interpreter.run(statement)
    let progress = try XCTUnwrap(interpreter.interrupt.progress, statement, file: file, line: line)
    XCTAssertEqual(progress.work, work, statement, file: file, line: line)
    XCTAssertGreaterThanOrEqual(progress.fraction, atLeast, statement, file: file, line: line)
  }

  func testLongStatementsSayWhatTheyDoAndHowFarTheyCame() throws {
    let folder = try makeTemporaryFolder("bowq-progress")
    let store = folder.appendingPathComponent("ties.bowq").path
    let interpreter = try interpreter(saving: store)
    try assertWork("count Tie where name CONTAINS 'T1'", interpreter, "filtering Tie")
    try assertWork("count Tie where name.length > 2", interpreter, "filtering Tie")
    try assertWork("fetch Tie sort by name", interpreter, "sorting Tie")
    try assertWork("update Tie set rating = 3", interpreter, "updating Tie")
    try assertWork("save", interpreter, "saving")
    let exported = folder.appendingPathComponent("ties.plist").path
    try assertWork("export Tie to \"\(exported)\"", interpreter, "exporting Tie")
    try assertWork("import \"\(exported)\" into Tie", interpreter, "importing into Tie")
    let entity = try XCTUnwrap(interpreter.context.graph.model.entity(named: "Tie"))
    for format in ["csv", "jsonl"] {
      let path = folder.appendingPathComponent("ties.\(format)").path
      try assertWork("export Tie to \"\(path)\" as \(format)", interpreter, "exporting Tie")
      let token = InterruptToken()
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let records = try Interrupt.$token.withValue(token) {
        format == "csv" ? try TextRecords.csv(data, for: entity) : try TextRecords.jsonLines(data)
      }
      guard case .array(let objects) = records else { return XCTFail("\(records)") }
      XCTAssertEqual(objects.count, 10_000)
      XCTAssertEqual(
        token.progress?.work, format == "csv" ? "importing into Tie" : "reading JSON lines")
      XCTAssertGreaterThanOrEqual(token.progress?.fraction ?? 0, 0.8)
    }

    let reopened = Interpreter(
      context: Context(graph: try StoreFile.load(from: store)), store: .memory)
    try assertWork("count Tie where rating == 3", reopened, "filtering Tie")
  }
}
