import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// The shell without a terminal: statements in, text out.
final class ShellTests: XCTestCase {
  typealias Capture = ShellFixtures.Capture

  func makeShell(_ capture: Capture, keepGoing: Bool = false) throws -> Shell {
    try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture, keepGoing: keepGoing)
  }

  func testBlanksAreTrimmedAsFoundationsWhitespacesAre() {
    for text in [
      "", "  ", "\t.help\t", " \u{00A0}\u{3000}count BowTie \u{2003}", "a b", " \u{301}x ",
      "x\r", "\n.quit",
    ] {
      XCTAssertEqual(
        Shell.trimmingBlanks(text), text.trimmingCharacters(in: .whitespaces),
        "\(text.debugDescription)")
    }
  }

  func testResultsGoToOutputAndReportsToErrorsOutsideThePrompt() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertTrue(shell.run(script: "count Hat\nupdate Hat set width = 4", name: "t.bowq"))
    XCTAssertEqual(capture.out, "1\n")
    XCTAssertEqual(capture.err, "Updated 1 Hat.\n")
  }

  func testAtThePromptReportsAreOutput() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    var reader = StreamLineReader(text: "update Hat set width = 4\n")
    XCTAssertTrue(shell.run(reader: &reader, interactive: true))
    XCTAssertEqual(capture.out, "Updated 1 Hat.\n")
  }

  func testAStatementContinuesWhileABracketIsOpen() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertTrue(shell.run(script: "count Hat where name IN {\n\"Fez\",\n\"Cap\"\n}", name: nil))
    XCTAssertEqual(capture.out, "1\n")
  }

  func testErrorsNameTheLineOfTheWholeInput() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertFalse(
      shell.run(script: "count Hat\n\ncount Hat where widht > 1\ncount Hat", name: "t.bowq"))
    XCTAssertEqual(
      capture.err,
      """
      t.bowq:3:17: error: unknown attribute "widht" on Hat. Did you mean "width"?
        count Hat where widht > 1
                        ^~~~~

      """)
    XCTAssertEqual(capture.out, "1\n", "the script stops at the error")
  }

  func testKeepGoingRunsEveryStatementButStillFails() throws {
    let capture = Capture()
    let shell = try makeShell(capture, keepGoing: true)
    XCTAssertFalse(shell.run(script: "count Nope\ncount Hat", name: nil))
    XCTAssertEqual(capture.out, "1\n")
  }

  func testDotCommands() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertTrue(shell.run(script: ".mode csv\nfetch Hat\n.schema", name: nil))
    XCTAssertEqual(
      capture.out,
      "object,name,width\nHat/p1,Fez,3\nentity Hat {\n  name: String\n  width: Int16 min 1\n}\n")
    XCTAssertFalse(shell.run(script: ".quti", name: nil))
    XCTAssertTrue(
      capture.err.contains("unknown command .quti. Did you mean \".quit\"?"), capture.err)
    XCTAssertFalse(shell.run(script: ".mode xml", name: nil))
  }

  func testAFailedSaveSaysNothingWasWrittenAndTheChangeIsPending() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertFalse(shell.run(script: "update Hat set width = 0\nsave", name: nil))
    XCTAssertTrue(capture.err.contains("2:1: error: save failed; nothing was written"), capture.err)
    XCTAssertTrue(
      capture.err.contains("width is too small. (value 0, minimum 1; Core Data error 1620"),
      capture.err)
    XCTAssertTrue(shell.interpreter.context.hasChanges)
  }

  func testChangesAreShownAsADiff() throws {
    let capture = Capture()
    let shell = try makeShell(capture)
    XCTAssertTrue(
      shell.run(script: "update Hat set width = 5\ninsert Hat name = \"Cap\"\nchanges", name: nil))
    XCTAssertEqual(capture.out, "~ Hat/p1: width 3 → 5\n+ Hat/p2 \"Cap\": name = \"Cap\"\n")
  }
}
