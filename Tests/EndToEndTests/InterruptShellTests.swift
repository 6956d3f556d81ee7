import BowQ
import Foundation
import XCTest

/// Ctrl-C at a real terminal (tmux) while a statement runs: the statement stops, the shell
/// says "Interrupted." and prompts again, and nothing changed.
final class InterruptShellTests: XCTestCase {
  /// A store of `count` objects `T { name, n }`, so that a statement takes a while.
  func makeStore(count: Int, in home: URL) throws -> String {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "T",
        attributes: [Attribute(name: "name", type: .string), Attribute(name: "n", type: .int64)]))
    for i in 0..<count {
      graph.insert([.string("object \(i) of \(count)"), .int(Int64(i))], into: "T")
    }
    let path = home.appendingPathComponent("big.bowq").path
    _ = try StoreFile.save(graph, to: path)
    return path
  }

  func testCtrlCStopsARunningStatementAndChangesNothing() throws {
    let home = try makeHome()
    let store = try makeStore(count: 300_000, in: home)
    let terminal = try startShell(["--store", store], home: home)
    for statement in [
      #"count T where name MATCHES ".*1.*2.*3.*4.*5.*6.*7" OR name MATCHES ".*7.*6.*5.*4.*3.*2.*1""#,
      "update T where name MATCHES \".*9.*9.*9.*9.*9.*9\" OR n >= 0 set n = n + 1",
    ] {
      try terminal.enter(statement)
      Thread.sleep(forTimeInterval: 0.5)
      try terminal.press("C-c")
      let screen = try terminal.waitFor("Interrupted.", timeout: 5)
      XCTAssertFalse(screen.contains("Updated"), screen)
      try terminal.waitFor("bowq>", count: 1, timeout: 5)
      try terminal.enter(".mode line")
    }
    try terminal.enter("changes")
    try terminal.enter("count T where n == 0")
    let screen = try terminal.waitFor("count = 1", timeout: 20)
    XCTAssertFalse(screen.contains("~ T/"), "the interrupted update changed objects:\n\(screen)")
  }

  /// A statement that runs for more than a moment says so at the terminal, with its seconds
  /// and that Ctrl-C stops it, on a line erased before what comes next.
  func testALongStatementSaysItIsStillRunningUntilItStops() throws {
    let home = try makeHome()
    let store = try makeStore(count: 300_000, in: home)
    let terminal = try startShell(["--store", store], home: home)
    let digits = String(repeating: ".*[0-9]", count: 8)
    try terminal.enter("count T where name MATCHES \"\(digits).*x\"")
    var screen = try terminal.waitFor("(Ctrl-C stops it)", timeout: 30)
    XCTAssertTrue(screen.contains("… still running, "), screen)
    screen = try terminal.waitFor("% (Ctrl-C stops it)", timeout: 30)
    XCTAssertTrue(screen.contains(" s: filtering T, "), screen)
    try terminal.press("C-c")
    screen = try terminal.waitFor("Interrupted.", timeout: 10)
    XCTAssertFalse(screen.contains("still running"), screen)
  }
}
