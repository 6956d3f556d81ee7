import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// Scripts with errors that could swallow what follows them: brackets left open, failures in
/// the middle of a line. Each is reported where it is, and `--keep-going` goes on with the
/// statements after it.
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
}
