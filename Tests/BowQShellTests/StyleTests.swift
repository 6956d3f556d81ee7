import BowQShell
import XCTest

final class StyleTests: XCTestCase {
  func testPlainLeavesTextAlone() {
    let style = Style.plain
    XCTAssertEqual(style.error("Error:"), "Error:")
    XCTAssertEqual(style.bold("name"), "name")
    XCTAssertEqual(style.dim("nil"), "nil")
    XCTAssertEqual(style.prompt("bowq> ", invisibleMarker: "\u{1}"), "bowq> ")
  }

  func testEnabledWrapsTextInEscapeCodes() {
    let style = Style(isEnabled: true)
    XCTAssertEqual(style.error("Error:"), "\u{1B}[1;31mError:\u{1B}[0m")
    XCTAssertEqual(style.bold("name"), "\u{1B}[1mname\u{1B}[0m")
    XCTAssertEqual(style.dim("nil"), "\u{1B}[2mnil\u{1B}[0m")
    XCTAssertEqual(style.prompt("bowq>"), "\u{1B}[1;34mbowq>\u{1B}[0m")
  }

  func testPromptMarksEscapeCodesForTheLineEditor() {
    XCTAssertEqual(
      Style(isEnabled: true).prompt("bowq> ", invisibleMarker: "\u{1}"),
      "\u{1}\u{1B}[1;34m\u{1}bowq>\u{1}\u{1B}[0m\u{1} ")
  }

  func testPromptLeavesTrailingSpacesUncoloured() {
    XCTAssertEqual(Style(isEnabled: true).prompt("  ...>  "), "\u{1B}[1;34m  ...>\u{1B}[0m  ")
    XCTAssertEqual(Style(isEnabled: true).prompt("   "), "   ")
  }

  func testEmptyTextStaysEmpty() {
    XCTAssertEqual(Style(isEnabled: true).bold(""), "")
  }
}
