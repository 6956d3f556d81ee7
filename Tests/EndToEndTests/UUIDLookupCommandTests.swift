import Foundation
import XCTest

/// Fetching a bow tie by its UUID, as an app does, through the real binary on the sample
/// store: the `unique` index of `id` answers it.
final class UUIDLookupCommandTests: XCTestCase {
  func testABowTieIsFoundByItsUUIDThroughItsIndex() throws {
    let home = try makeHome()
    let predicate = #"id == CAST("6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01", "NSUUID")"#
    let count = try Bowq.run(
      ["--memory", "--sample", "-c", "count BowTie where " + predicate], home: home)
    XCTAssertEqual(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "1")
    XCTAssertEqual(count.stderr, "")
    let explain = try Bowq.run(
      ["--memory", "--sample", "-c", "explain count BowTie where " + predicate], home: home)
    XCTAssertTrue(explain.stdout.contains("index unique(id)"), explain.stdout)
    XCTAssertFalse(explain.stdout.contains("scan"), explain.stdout)
    let warned = try Bowq.run(
      [
        "--memory", "--sample", "-c",
        #"count BowTie where id == "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01""#,
      ], home: home)
    XCTAssertTrue(
      warned.stderr.contains(
        #"write id == CAST("6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01", "NSUUID")"#),
      warned.stderr)
  }
}
