import Foundation
import XCTest

/// Statements laid out over several lines as SQL is: a clause on the next line continues the
/// statement above it in scripts, pipes and `-c`, and a `\` at the end of a line at the
/// prompt — so the first half of a statement never runs alone.
final class StatementLayoutTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  func testADeleteWhoseWhereIsOnTheNextLineDeletesOnlyTheMatches() throws {
    let store = home.appendingPathComponent("ties.plist").path
    let script = home.appendingPathComponent("prune.bowq")
    try "delete BowTie\n  where rating < 2\nsave\n".write(
      to: script, atomically: true, encoding: .utf8)
    let run = try Bowq.run(["--store", store, "--sample", "--keep-going", script.path], home: home)
    XCTAssertEqual(run.status, 0, run.stderr)
    let count = try Bowq.run(["--store", store, "-c", "count BowTie"], home: home)
    XCTAssertEqual(count.stdout, "6\n", count.stderr)
  }

  func testClausesOnTheirOwnLinesInAPipe() throws {
    let run = try Bowq.run(
      ["--memory", "--sample", "--format", "csv"],
      input: """
        fetch BowTie select name
          where rating > 3
            and name CONTAINS[c] "blue"
          sort by name desc
          limit 1
        update BowTie
          where searchKey == "R"
          set rating = 1
        count BowTie
          where rating == 1
        fetch BowTie where searchKey == "G"
        set rating = 2
        count BowTie where rating == 2 AND searchKey == "G"
        """, home: home)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.hasPrefix("name\nBlue Bow Tie\ncount\n1\nobject,name,searchKey"), run.stdout)
    XCTAssertTrue(run.stdout.hasSuffix("\ncount\n1\n"), run.stdout)
    XCTAssertTrue(run.stderr.contains("Updated 1 BowTie.\nUpdated 1 BowTie."), run.stderr)
  }

  func testAClauseThatBeginsAStatementIsRefusedWithHowToContinue() throws {
    let run = try Bowq.run(
      ["--memory", "--sample", "-c", "count BowTie\n\nwhere rating > 3"], home: home)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, "7\n")
    XCTAssertTrue(
      run.stderr.contains("-c:3:1: error: a statement cannot begin with \"where\""), run.stderr)
  }

  func testABackslashContinuesALineAtThePrompt() throws {
    let terminal = try startShell(["--memory", "--sample"], home: home)
    try terminal.enter("count BowTie \\")
    try terminal.waitFor("...>")
    try terminal.enter("  where rating > 4")
    let screen = try terminal.waitFor("bowq>", count: 2)
    XCTAssertTrue(screen.contains("\n2\n"), screen)
    XCTAssertFalse(screen.contains("\n7\n"), screen)
  }

  func testPsqlCommandsAreToldTheirDotCommand() throws {
    let run = try Bowq.run(
      ["--memory", "--sample", "--keep-going"], input: "\\q\n\\d BowTie\n\\dx\ncount BowTie\n",
      home: home)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, "7\n")
    XCTAssertEqual(
      run.stderr,
      "<stdin>:1: error: bowq's commands begin with a dot: \\q is .quit here\n"
        + "<stdin>:2: error: bowq's commands begin with a dot: \\d is .schema here\n"
        + "<stdin>:3: error: bowq's commands begin with a dot; .help lists them\n")
  }
}
