import XCTest

@testable import BowQShell

/// The launcher keeps the columns statements decode unless the process runs one statement
/// and ends: then a count needs no column whole (``Interpreter/keepsDecodedColumns``).
final class LauncherTests: XCTestCase {
  func testOnlyASingleStatementGivenWithDashCKeepsNoDecodedColumn() {
    XCTAssertFalse(Launcher.keepsDecodedColumns(.commands([#"count BowTie where name == "R""#])))
    XCTAssertFalse(Launcher.keepsDecodedColumns(.commands(["count BowTie where rating > 3;"])))
    for source: StatementSource in [
      .commands(["count BowTie; count BowTie where rating > 3"]),
      .commands(["count BowTie", "count BowTie where rating > 3"]),
      .commands([".mode csv"]), .commands(["count BowTie where"]), .commands([""]),
      .script(path: "checks.bowq", arguments: []), .standardInput,
    ] {
      XCTAssertTrue(Launcher.keepsDecodedColumns(source), "\(source)")
    }
  }
}
