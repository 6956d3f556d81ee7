import Foundation
import XCTest

/// A result taller than the terminal goes through `$PAGER` at the prompt, as psql's do; a
/// short one, `.pager off`, and every pipe print directly.
final class PagerTests: XCTestCase {
  func testATallResultGoesThroughThePager() throws {
    let home = try makeHome()
    let paged = home.appendingPathComponent("paged.txt").path
    let terminal = try startShell(
      ["--memory", "--sample"], home: home, environment: ["PAGER": "cat > '\(paged)'"])
    try terminal.enter(".mode line")
    try terminal.enter("fetch BowTie")
    try terminal.enter("count BowTie")
    try terminal.waitFor("count = 7")
    let text = try String(contentsOfFile: paged, encoding: .utf8)
    XCTAssertTrue(text.contains("name = Violet Bow Tie"), text)
    XCTAssertFalse(try terminal.screen().contains("Violet Bow Tie"), "printed as well as paged")
    try terminal.enter("fetch BowTie where searchKey == \"R\"")
    try terminal.enter(".pager off")
    try terminal.enter("fetch BowTie where searchKey == \"O\"")
    try terminal.waitFor("name = Orange Bow Tie")
    let screen = try terminal.screen()
    XCTAssertTrue(screen.contains("name = Red Bow Tie"), "a short result is not paged:\n\(screen)")
  }

  func testAPipeNeverPages() throws {
    let home = try makeHome()
    let result = try Bowq.run(
      ["--memory", "--sample", "--format", "line", "-c", "fetch BowTie"], home: home,
      environment: ["PAGER": "false"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.output.contains("name = Violet Bow Tie"))
  }

  /// A pager that cannot be started, or that ends at once in failure, does not swallow the
  /// result: it is printed directly, the reason said once, and later results print directly
  /// without trying the pager again (issue 23, item 14).
  func testAPagerThatCannotRunLeavesTheResultOnTheScreen() throws {
    for (pager, reason) in [
      ("nonexistent", "the shell found no such command (status 127)"),
      ("false", "it ended with status 1"),
    ] {
      let home = try makeHome()
      let terminal = try startShell(
        ["--memory", "--sample"], home: home, environment: ["PAGER": pager])
      try terminal.enter(".mode line")
      try terminal.enter("fetch BowTie")
      try terminal.waitFor("name = Violet Bow Tie")
      try terminal.enter("fetch BowTie where searchKey != \"R\"")
      try terminal.waitFor("name = Violet Bow Tie", count: 2)
      try terminal.enter("count BowTie")
      let screen = try terminal.waitFor("count = 7", joined: true)
      let said =
        "cannot start the pager \"\(pager)\": \(reason); printing directly, as from now on "
        + "in this session (PAGER names the pager)"
      XCTAssertEqual(screen.components(separatedBy: said).count - 1, 1, screen)
    }
  }
}
