import Foundation
import XCTest

@testable import BowQ
@testable import BowQShell

/// What the shell does while it waits for a person: it takes the store file's kept indexes
/// into use (``Interpreter/prepareKeptIndexesWhileIdle()``) at the prompt, and not while it
/// runs a script, whose next statement is already there.
final class ShellIdleWorkTests: XCTestCase {
  typealias Capture = ShellFixtures.Capture

  /// Lines from a list, telling `waiting` before each whether the shell waits now with the
  /// kept indexes being taken into use.
  private struct WatchingReader: LineReader {
    var lines: [String]
    let interpreter: Interpreter
    var waiting: [Bool] = []

    mutating func readLine(prompt: String) -> LineInput {
      waiting.append(interpreter.idleWork != nil)
      return lines.isEmpty ? .endOfInput : .line(lines.removeFirst())
    }
    var invalidByte: InvalidByte? { nil }
    mutating func hasLineWaiting() -> Bool { !lines.isEmpty }
    mutating func addToHistory(_ statement: String) {}
  }

  /// A session on a store file that keeps `index key` and `index rating`.
  private func session() throws -> Interpreter {
    let store = try makeTemporaryFolder("bowq-idle").appendingPathComponent("t.bowq").path
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Tie { key: String, rating: Int16
        index key using hash
        index rating }
      insert Tie key = "R", rating = 1
      insert Tie key = "G", rating = 2
      insert Tie key = "R", rating = 3
      """)
    interpreter.context.prepareIndexes(for: "Tie")
    try StoreFile.save(interpreter.context.graph, to: store)
    return try StoreOpening(path: store, readOnly: false).open().interpreter
  }

  func testAtThePromptTheKeptIndexesAreTakenIntoUseWhileTheShellWaits() throws {
    let capture = Capture()
    let interpreter = try session()
    let shell = Shell(interpreter: interpreter, output: capture.output)
    var reader = WatchingReader(
      lines: [#"count Tie where key == "R""#, "count Tie where rating > 1"],
      interpreter: interpreter)
    XCTAssertTrue(shell.run(reader: &reader, interactive: true))
    XCTAssertEqual(capture.out, "2\n2\n")
    XCTAssertEqual(reader.waiting, [true, false, false], "taken by the first statement")
    XCTAssertEqual(
      Set(interpreter.context.graph.builtIndexes(of: "Tie").map(\.definition.name)),
      ["key", "rating"])
  }

  func testAScriptRunsWithoutIt() throws {
    let capture = Capture()
    let interpreter = try session()
    let shell = Shell(interpreter: interpreter, output: capture.output)
    var reader = WatchingReader(lines: [#"count Tie where key == "R""#], interpreter: interpreter)
    XCTAssertTrue(shell.run(reader: &reader, interactive: false))
    XCTAssertEqual(capture.out, "2\n")
    XCTAssertEqual(reader.waiting, [false, false])
  }
}
