import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// Text from scripts and data reaches the terminal with its control characters made visible,
/// wherever it is printed: error lines, the source line under a caret, `changes`, reports and
/// `bowq plist`.
final class TerminalEscapingTests: XCTestCase {
  typealias Capture = ShellFixtures.Capture

  private func run(_ script: String, keepGoing: Bool = true) throws -> Capture {
    let capture = Capture()
    let shell = try ShellFixtures.shell(
      after: ShellFixtures.hatShop, capture: capture, keepGoing: keepGoing)
    shell.run(script: script, name: "t.bowq")
    return capture
  }

  private func assertNoControlCharacters(
    _ text: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let controls = text.unicodeScalars.filter {
      $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
    }
    XCTAssertEqual(controls.map(\.value), [], text, file: file, line: line)
  }

  func testAnErrorLineShowsTheStatementEscapedWithTheCaretInPlace() throws {
    let capture = try run("count Hat where name == \"\u{1B}[2J\" and widht > 1")
    assertNoControlCharacters(capture.err)
    XCTAssertEqual(
      capture.err,
      """
      t.bowq:1:36: error: unknown attribute "widht" on Hat. Did you mean "width"?
        count Hat where name == "\\u{1B}[2J" and widht > 1
                                                ^~~~~

      """)
  }

  func testAValueInAMessageIsEscaped() throws {
    let capture = try run("insert Hat name = \"\\u{1B}]0;owned\\u{7}\", width = \"\\u{1B}[31m\"")
    assertNoControlCharacters(capture.err)
    XCTAssertTrue(capture.err.contains("\\u{1B}[31m"), capture.err)
  }

  func testAFileNameInAMessageIsEscaped() throws {
    let capture = try run("import \"\\u{1B}[31mhats.plist\" into Hat")
    assertNoControlCharacters(capture.err)
    XCTAssertTrue(capture.err.contains("\\u{1B}[31mhats.plist"), capture.err)
  }

  func testChangesShowValuesEscaped() throws {
    let capture = try run(
      "update Hat set name = \"\\u{1B}[2J\\u{9B}1m\"\ninsert Hat name = \"a\\u{1B}\", width = 1\nchanges"
    )
    assertNoControlCharacters(capture.out)
    XCTAssertEqual(
      capture.out,
      """
      ~ Hat/p1: name "Fez" → "\\u{1B}[2J\\u{9B}1m"
      + Hat/p2 "a\\u{1B}": name = "a\\u{1B}", width = 1

      """)
  }

  func testAnUnknownDotCommandIsEscaped() throws {
    let capture = try run(".\u{1B}[2J")
    assertNoControlCharacters(capture.err)
    XCTAssertTrue(
      capture.err.hasPrefix("t.bowq:1: error: unknown command .\\u{1B}[2J."), capture.err)
  }

  func testANulOutsideAStringIsShownEscaped() throws {
    let capture = try run("count Hat\u{0}")
    assertNoControlCharacters(capture.err)
    XCTAssertEqual(
      capture.err,
      """
      t.bowq:1:10: error: unexpected character U+0000 (a NUL byte)
        count Hat\\u{0}
                 ^~~~~

      """)
  }

  func testAPropertyListPrintsItsKeysAndStringsEscaped() {
    let plist = PropertyList.dictionary(["a\u{1B}[31m": .string("x\u{1B}]0;t\u{7}y")])
    XCTAssertEqual(
      PropertyListPrinter.readable(plist),
      "{\n  \"a\\u{1B}[31m\" => \"x\\u{1B}]0;t\\u{7}y\"\n}\n")
  }

  func testAParameterIsListedEscaped() throws {
    let capture = try run(".param set x \"\\u{1B}[31m\"\n.param list")
    XCTAssertEqual(capture.out, "$x = \"\\u{1B}[31m\"\n")
  }
}
