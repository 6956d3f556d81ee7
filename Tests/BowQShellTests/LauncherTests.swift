import XCTest

@testable import BowQShell

/// The launcher tells the interpreter that more statements may come unless the process runs
/// one statement and ends (``Interpreter/expectsMoreStatements``).
final class LauncherTests: XCTestCase {
  func testOnlyASingleStatementGivenWithDashCExpectsNoMore() {
    XCTAssertFalse(Launcher.expectsMoreStatements(.commands([#"count BowTie where name == "R""#])))
    XCTAssertFalse(Launcher.expectsMoreStatements(.commands(["count BowTie where rating > 3;"])))
    for source: StatementSource in [
      .commands(["count BowTie; count BowTie where rating > 3"]),
      .commands(["count BowTie", "count BowTie where rating > 3"]),
      .commands(["explain count BowTie where rating > 3"]),
      .commands(["explain analyze count BowTie where rating > 3"]), .commands([".mode csv"]),
      .commands(["count BowTie where"]), .commands([""]),
      .script(path: "checks.bowq", arguments: []), .standardInput,
    ] {
      XCTAssertTrue(Launcher.expectsMoreStatements(source), "\(source)")
    }
  }
}
