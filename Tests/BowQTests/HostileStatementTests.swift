import Foundation
import XCTest

@testable import BowQ

/// Thousands of malformed statements (``HostileStatements``) each end in a result or a clear,
/// positioned error: no crash, no hang, and a statement that fails leaves the pending changes
/// as they were. Hundreds go through the `bowq` binary too, which exits with 0 or 1.
final class HostileStatementTests: XCTestCase {
  /// The longest one statement may take, far beyond any of these.
  private let bound: TimeInterval = 5

  private func makeInterpreter(in folder: URL) throws -> Interpreter {
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory, baseDirectory: folder.path)
    let sample = HostileStatements.root.appendingPathComponent("SampleData.plist").path
    XCTAssertTrue(try BowTiesSample.seed(interpreter, sampleDataPath: sample))
    return interpreter
  }

  func testHostileStatementsEndInAResultOrAPositionedError() throws {
    let folder = try makeTemporaryFolder("bowq-hostile")
    let interpreter = try makeInterpreter(in: folder)
    var generator = HostileStatements(seed: 12, seeds: try HostileStatements.exampleSeeds())
    var failures = 0
    for index in 0..<10_000 {
      let text = generator.next()
      if index % 50 == 0 { interpreter.context.rollback() }
      var statements = StatementStream(text)
      while true {
        let changes = interpreter.context.changes.count
        let started = Date()
        do {
          guard let statement = try statements.next() else { break }
          _ = try interpreter.execute(statement)
        } catch let error as LanguageError {
          failures += 1
          assertPositioned(error.message, error.range, in: text)
          XCTAssertEqual(interpreter.context.changes.count, changes, text)
        } catch let error as EvaluationError {
          failures += 1
          XCTAssertFalse(error.message.isEmpty, text)
          XCTAssertEqual(interpreter.context.changes.count, changes, text)
        } catch is SaveError {
          failures += 1
        } catch {
          XCTFail("\(text): an error with no message or place: \(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), bound, text)
      }
    }
    XCTAssertGreaterThan(failures, 3000, "the statements are hostile")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  /// A language error has a message and a place inside `text`.
  private func assertPositioned(
    _ message: String, _ range: SourceRange, in text: String, line: UInt = #line
  ) {
    XCTAssertFalse(message.isEmpty, text, line: line)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    XCTAssert((1...lines).contains(range.start.line), "\(range.start) in \(text)", line: line)
    XCTAssertGreaterThanOrEqual(range.start.column, 1, text, line: line)
    XCTAssertLessThanOrEqual(range.start.offset, text.utf8.count, text, line: line)
  }

  func testHostileStatementsThroughTheBinaryExitWithZeroOrOne() throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("bowq")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw XCTSkip("the bowq binary is built beside the tests by `swift build`")
    }
    let folder = try makeTemporaryFolder("bowq-hostile")
    let home = try makeTemporaryFolder("bowq-hostile")
    var generator = HostileStatements(seed: 26, seeds: try HostileStatements.exampleSeeds())
    let statements = (0..<400).map { _ in generator.next() }
    for text in statements.prefix(100) {
      let (status, errors) = try run(
        binary, ["--memory", "--sample", "-c", text], in: folder, home: home)
      XCTAssert([0, 1].contains(status), "status \(status) for \(text)")
      if status == 1 { XCTAssertTrue(errors.contains("error"), "\(text): \(errors)") }
    }
    let piped = statements.joined(separator: "\n")
    let (status, _) = try run(
      binary, ["--memory", "--sample", "--keep-going"], in: folder, home: home, input: piped)
    XCTAssertEqual(status, 1)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  /// Runs `binary` in `folder` with `input` on its standard input and its own `home`,
  /// killed after a few times ``bound``; gives its exit status and standard error.
  private func run(
    _ binary: URL, _ arguments: [String], in folder: URL, home: URL, input: String = ""
  ) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = [
      "HOME": home.path, "XDG_DATA_HOME": home.path, "XDG_STATE_HOME": home.path,
      "XDG_CONFIG_HOME": home.path, "LANG": "C.UTF-8", "NO_COLOR": "1",
      "BOWQ_SAMPLE_DATA": HostileStatements.root.appendingPathComponent("SampleData.plist").path,
    ]
    let stdin = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = stderr
    try process.run()
    let timer = DispatchWorkItem { process.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + bound * 4, execute: timer)
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    timer.cancel()
    XCTAssertEqual(process.terminationReason, .exit, "killed: \(arguments)")
    return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
  }
}
