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
}
