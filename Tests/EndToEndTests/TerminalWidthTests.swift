import Foundation
import XCTest

/// Results at ordinary terminals (issue 26, item 5): a table is fitted to the width first,
/// its UUID, binary, colour, URL and long text cells shortened with a visible ellipsis, and
/// becomes records headed by their object only when it truly cannot fit. Output that goes
/// anywhere but a terminal is never shortened.
final class TerminalWidthTests: XCTestCase {
  /// At 120×40 the whole sample fits as a table, its cells shortened.
  func testTheSampleFitsAHundredAndTwentyColumns() throws {
    let home = try makeHome()
    let terminal = try startShell(
      ["--memory", "--sample"], home: home, environment: ["PAGER": ""], columns: 120, rows: 40)
    try terminal.enter("fetch BowTie")
    let screen = try terminal.waitFor("bowq>", count: 2, joined: true)
    let lines = screen.split(separator: "\n")
    let header = try XCTUnwrap(lines.first { $0.hasPrefix("object ") }, screen)
    XCTAssertTrue(header.contains(" tintColor"), screen)
    let red = try XCTUnwrap(lines.first { $0.hasPrefix("BowTie/p1 ") }, screen)
    for shortened in ["Red Bow", "2024-03-01…", "6E8B2A14…", "…e#Red", "<108 B>", "#FF0000"] {
      XCTAssertTrue(red.contains(shortened), "\(shortened) in \(red)")
    }
    XCTAssertTrue(lines.contains { $0.hasPrefix("BowTie/p7 ") }, screen)
    XCTAssertTrue(
      lines.allSatisfy { $0.count <= 120 }, "a line wider than the terminal:\n\(screen)")
  }

  /// At 80×24 a narrower result is a fitted table; the whole tie cannot fit, so it is a
  /// record headed by the object; seven of them are taller than the screen and are paged.
  func testEightyColumnsFitWhatCanAndHeadEachRecord() throws {
    let home = try makeHome()
    let paged = home.appendingPathComponent("paged.txt").path
    let terminal = try startShell(
      ["--memory", "--sample"], home: home, environment: ["PAGER": "cat > '\(paged)'"],
      columns: 80, rows: 24)
    try terminal.enter("fetch BowTie select name, url, id, rating sort by name limit 2")
    let table = try terminal.waitFor("bowq>", count: 2, joined: true)
    XCTAssertTrue(
      table.contains(
        "Blue Bow Tie   https://en.wikipedia.org/wiki/Bow_tie#Blue   C81F4A63…       5"),
      table)
    try terminal.enter("fetch BowTie where searchKey == \"R\"")
    let record = try terminal.waitFor("bowq>", count: 3, joined: true)
    XCTAssertTrue(record.contains("-[ BowTie/p1 ]------"), record)
    XCTAssertTrue(record.contains("        id = 6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"), record)
    XCTAssertTrue(
      record.split(separator: "\n").allSatisfy { $0.count <= 80 }, "wider than 80:\n\(record)")
    try terminal.enter("fetch BowTie")
    try terminal.enter("count BowTie")
    try terminal.waitFor("bowq>", count: 5)
    let text = try String(contentsOfFile: paged, encoding: .utf8)
    XCTAssertTrue(text.hasPrefix("-[ BowTie/p1 ]"), text)
    XCTAssertTrue(text.contains("\n-[ BowTie/p7 ]"), text)
  }

  /// A pipe gets every value whole, however wide.
  func testAPipeIsNeverShortened() throws {
    let home = try makeHome()
    let result = try Bowq.run(["--memory", "--sample", "-c", "fetch BowTie"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"), result.stdout)
    XCTAssertTrue(result.stdout.contains("https://en.wikipedia.org/wiki/Bow_tie#Red"))
    XCTAssertFalse(result.stdout.contains("…"), result.stdout)
  }
}
