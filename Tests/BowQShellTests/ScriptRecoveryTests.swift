import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// Scripts with errors that could swallow what follows them: brackets left open, failures in
/// the middle of a line, bytes that are not UTF-8. Each is reported where it is, and
/// `--keep-going` goes on with the statements after it.
final class ScriptRecoveryTests: XCTestCase {
  typealias Capture = ShellFixtures.Capture

  private func makeShell(_ capture: Capture, keepGoing: Bool = false) throws -> Shell {
    try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture, keepGoing: keepGoing)
  }

  func testAnUnclosedBraceEndsWhereTheNextStatementBegins() throws {
    let capture = Capture()
    let shell = try makeShell(capture, keepGoing: true)
    let script = "count Hat\ncount Hat where name IN {\"Fez\",\n  \"Cap\"\ncount Hat\n"
    XCTAssertFalse(shell.run(script: script, name: "t.bowq"))
    XCTAssertEqual(
      capture.err,
      """
      t.bowq:2:25: error: unclosed "{": add its closing "}"
        count Hat where name IN {"Fez",
                                ^

      """)
    XCTAssertEqual(capture.out, "1\n1\n", "the statement after the brace runs")
  }

  func testWithoutKeepGoingTheScriptStopsAtTheUnclosedBrace() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertFalse(shell.run(script: "entity E {\n  a: String\nfetch Hat\n", name: nil))
    XCTAssertTrue(capture.err.hasPrefix("1:10: error: unclosed \"{\""), capture.err)
    XCTAssertEqual(capture.out, "")
  }

  func testABracketOpenAtTheEndOfTheInputIsReportedWhereItOpened() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertFalse(shell.run(script: "count Hat\n\ncount Hat where (width > 1", name: nil))
    XCTAssertTrue(capture.err.hasPrefix("3:17: error: unclosed \"(\""), capture.err)
  }

  func testAPropertyNamedLikeAStatementStaysInItsEntity() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertTrue(
      shell.run(script: "entity E {\ncount: Int32\n  set: String?\n}\ncount E", name: nil),
      capture.err)
    XCTAssertEqual(capture.out, "0\n")
  }

  func testMessagesNameTheirPositionsInTheWholeScript() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertFalse(
      shell.run(script: "count Hat\ncount Hat where name IN {\"Fez\" \"Cap\"}", name: nil))
    XCTAssertTrue(
      capture.err.hasPrefix(#"2:32: error: expected "}" to close the "{" at 2:25, found "Cap""#),
      capture.err)
  }

  func testKeepGoingGoesOnWithinALine() throws {
    let capture = Capture()
    let shell = try makeShell(capture, keepGoing: true)
    XCTAssertFalse(shell.run(script: "count Nope; count 3x; count Hat", name: nil))
    XCTAssertEqual(capture.out, "1\n")
    XCTAssertEqual(capture.err.components(separatedBy: "error:").count, 3, capture.err)
  }

  func testStatementsBeforeAFailureInTheSameLineRun() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertFalse(shell.run(script: "count Hat; count Hat where 3abc; count Hat", name: nil))
    XCTAssertEqual(capture.out, "1\n")
  }

  /// A line after lines that end inside brackets is lexed alone, from the brackets they left
  /// open: a statement of thousands of lines is lexed once, not once a line. (The lines
  /// here would end inside a string if lexed again.)
  func testEachLineOfALongStatementIsLexedOnce() {
    let brace = Lexer.OpenBracket(
      punctuation: .leftBrace,
      range: SourceRange(
        SourceLocation(offset: 9, line: 1, column: 10),
        SourceLocation(offset: 10, line: 1, column: 11)))
    XCTAssertEqual(
      StatementAccumulator.ending(
        of: ["entity E {", "  \"not lexed again"], from: 1, endingAs: .openBrackets([brace]),
        then: "}", at: 3),
      .complete)
  }

  func testAnEntityOfThousandsOfLinesIsDefined() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    let lines = (0..<3000).map { "  a\($0): Int32" }
    XCTAssertTrue(
      shell.run(script: (["entity E {"] + lines + ["}"]).joined(separator: "\n"), name: nil))
    XCTAssertEqual(capture.err, "Defined entity E with 3000 properties.\n")
  }

  /// An error on a line of megabytes shows the part of the line around it, so that a
  /// thousand errors on it print a thousand short lines, not a thousand copies of it.
  func testAnErrorOnAHugeLineShowsThePartAroundIt() throws {
    let capture = Capture()
    let shell = try makeShell(capture, keepGoing: true)
    let line = String(repeating: "count Hat; ", count: 100_000) + "count Hta; count Hat é x"
    XCTAssertFalse(shell.run(script: line, name: "t.bowq"))
    XCTAssertEqual(capture.out.count, 100_000 * 2)
    let lines = capture.err.split(separator: "\n")
    XCTAssertEqual(lines.count, 6, capture.err)
    XCTAssertTrue(lines[0].hasPrefix("t.bowq:1:1100007: error: unknown entity \"Hta\""))
    XCTAssertEqual(
      lines[1], "  …ount Hat; count Hat; count Hat; count Hat; count Hat; count Hta; count Hat é x")
    XCTAssertEqual(lines[2], String(repeating: " ", count: 63) + "^~~")
    XCTAssertTrue(
      lines[3].hasPrefix("t.bowq:1:1100022: error: unexpected \"é\" after the statement"))
    XCTAssertEqual(lines[5], String(repeating: " ", count: 63) + "^")
  }

  /// The shell running `bytes` as a script read through a file descriptor, as a pipe is.
  private func run(bytes: [UInt8], keepGoing: Bool, capture: Capture) throws -> Bool {
    let path = try makeTemporaryFolder("bowq-recovery").appendingPathComponent("script").path
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let handle = try XCTUnwrap(FileHandle(forReadingAtPath: path))
    defer { try? handle.close() }
    var reader = StreamLineReader(fileDescriptor: handle.fileDescriptor)
    return try makeShell(capture, keepGoing: keepGoing)
      .run(reader: &reader, interactive: false, name: "<stdin>")
  }

  func testInvalidUTF8IsAnErrorAtItsPlace() throws {
    let capture = Capture()
    let bytes =
      Array("count Hat\n".utf8) + Array("insert Hat name = \"é".utf8) + [0xFF]
      + Array("\", width = 2\ncount Hat\n".utf8)
    XCTAssertFalse(try run(bytes: bytes, keepGoing: true, capture: capture))
    XCTAssertEqual(
      capture.err,
      """
      <stdin>:2:21: error: invalid UTF-8 byte 0xFF: bowq reads scripts as UTF-8
        insert Hat name = "é\u{FFFD}", width = 2
                            ^

      """)
    XCTAssertEqual(capture.out, "1\n1\n", "the statement with the byte is not run")
  }

  func testInvalidUTF8StopsAScriptWithoutKeepGoing() throws {
    let capture = Capture()
    let bytes = [0xC3] + Array(" count Hat\ncount Hat\n".utf8)
    XCTAssertFalse(try run(bytes: bytes, keepGoing: false, capture: capture))
    XCTAssertTrue(capture.err.hasPrefix("<stdin>:1:1: error: invalid UTF-8 byte 0xC3"))
    XCTAssertEqual(capture.out, "")
  }
}
