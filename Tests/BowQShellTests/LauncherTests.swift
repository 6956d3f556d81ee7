import BowQ
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

  func testTheBannerNamesAFewEntitiesAndTotalsMany() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      "entity Hat { name: String }\nentity Scarf { name: String }\ninsert Hat name = \"Fez\"")
    XCTAssertEqual(
      Launcher.banner(interpreter),
      "bowq \(Launcher.version) — store: in memory (nothing is written) (1 Hat, 0 Scarf objects)"
        + "\nType .help for help, .quit or Ctrl-D to leave.")
    for name in ["Glove", "Sock", "Tie"] { _ = try interpreter.run("entity \(name) { n: Int16 }") }
    _ = try interpreter.run("insert Tie n = 1\ninsert Tie n = 2")
    XCTAssertEqual(
      Launcher.banner(interpreter).split(separator: "\n").first,
      "bowq \(Launcher.version) — store: in memory (nothing is written) "
        + "(5 entities, 3 objects: .entities lists them)")
  }
}
