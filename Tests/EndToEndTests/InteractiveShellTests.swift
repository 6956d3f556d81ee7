import Foundation
import XCTest

/// The shell at a real terminal (tmux): the five-minute tour of README, typed key by key.
final class InteractiveShellTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  /// The tour at an 80-column terminal, as README shows it.
  func testTheTourFetchSetChangesSaveAndReopen() throws {
    let terminal = try startShell(home: home, columns: 80, rows: 24)
    XCTAssertTrue(try terminal.screen(joined: true).contains("(7 BowTie objects)"))

    try terminal.enter("fetch BowTie where searchKey == \"R\"")
    let fetched = try terminal.waitFor("bowq>", count: 2)
    XCTAssertTrue(
      fetched.contains("-[ BowTie/p1 ]---") && fetched.contains("      name = Red Bow Tie"),
      "a table that cannot fit 80 columns shows a record per object:\n\(fetched)")
    try terminal.enter("set rating = 4")
    try terminal.waitFor("Updated 1 BowTie.")
    try terminal.enter("changes")
    try terminal.waitFor("~ BowTie/p1: rating 3.5 → 4")
    try terminal.enter("save")
    try terminal.waitFor("Saved 1 change.")

    try terminal.press("Up")
    try terminal.waitFor("bowq> save", count: 2)
    try terminal.press("C-u")
    try terminal.pressAtPrompt("C-d")
    try terminal.waitFor("[EXIT=0]")

    let reopened = try startShell(home: home)
    try reopened.enter(".mode line")
    try reopened.enter("fetch BowTie where searchKey == \"R\"")
    try reopened.waitFor("rating = 4")
  }

  func testAFailedSaveAndTyposAreShownWithTheirCaret() throws {
    let terminal = try startShell(home: home)
    try terminal.enter("fetch BowTie where searchKey == \"R\"")
    try terminal.enter("set rating = 7")
    try terminal.enter("save")
    try terminal.waitFor("Core Data error 1610 NSValidationNumberTooLargeError")
    try terminal.enter("fetch BowTie where ratng > 3")
    try terminal.waitFor("Did you mean \"rating\"?")
    let screen = try terminal.screen()
    XCTAssertTrue(screen.contains("1:20: error: unknown attribute \"ratng\" on BowTie."), screen)
    XCTAssertTrue(screen.contains("\n                     ^~~~~\n"), screen)
    try terminal.enter("changes")
    try terminal.waitFor("~ BowTie/p1: rating 3.5 → 7")
  }

  func testCtrlCDropsTheLineAndMultiLineStatementsContinue() throws {
    let terminal = try startShell(home: home)
    try terminal.type("fetch BowTie where")
    try terminal.press("C-c")
    try terminal.waitFor("bowq>", count: 2)
    try terminal.enter("count BowTie where searchKey IN {")
    try terminal.waitFor("...>")
    try terminal.enter("\"R\", \"G\" }")
    let screen = try terminal.waitFor("bowq>", count: 3)
    XCTAssertTrue(screen.contains("\n2\n"), screen)
    try terminal.enter("count BowTie where name == \"领结 é\"")
    let unicode = try terminal.waitFor("bowq>", count: 4)
    XCTAssertTrue(unicode.contains("name == \"领结 é\""), unicode)
    XCTAssertTrue(unicode.contains("\n0\n"), unicode)
  }

  func testNoColorMeansNoEscapes() throws {
    let terminal = try startShell(home: home, environment: ["NO_COLOR": "1"])
    try terminal.enter("fetch Nope")
    try terminal.waitFor("unknown entity")
    XCTAssertFalse(try terminal.screen(escapes: true).contains("\u{1B}["))
  }
}
