import Foundation
import XCTest

/// `bowq-bench queries --bowq-only`, built beside `bowq`: bowq's timings alone, taken in
/// processes of their own, with no peer built or run, and the share of them spent waiting
/// for a CPU.
final class QueryBenchmarkCommandTests: XCTestCase {
  func testBowqOnlyTimesBowqAndRunsNoPeer() throws {
    let bench = Bowq.binary.deletingLastPathComponent().appendingPathComponent("bowq-bench")
    guard FileManager.default.isExecutableFile(atPath: bench.path) else {
      throw XCTSkip("bowq-bench is not built beside bowq")
    }
    let home = try makeHome()
    let result = try Bowq.run(
      ["queries", "--count", "2000", "--runs", "1", "--bowq-only"], home: home, executable: bench)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stdout.contains(#"count … rating > 3 AND name CONTAINS[c] "blue""#), result.stdout)
    XCTAssertTrue(result.stdout.contains("bowq indexed"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains("Waiting for a CPU (other work on the machine): bowq's runs "),
      result.stdout)
    for peer in ["sqlite3", "DuckDB", "Swift loop"] {
      XCTAssertFalse(result.stdout.contains(peer), result.stdout)
    }
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: home.appendingPathComponent(".cache").path),
      "DuckDB's environment was looked for")
  }
}
