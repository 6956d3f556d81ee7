import Foundation
import XCTest

/// Searching an ordered index of two attributes through the real binary, on a store file:
/// `explain` names the search and the order it keeps, and every answer — after edits and
/// undo too — is the one a store without the index gives.
final class CompoundIndexCommandTests: XCTestCase {
  /// The statements that make a store of 200 ties, with `byRatingName` or without it.
  private func creation(indexed: Bool) -> String {
    var script = """
      entity Tie {
        name: String?, rating: Int16?, worn: Double?
        \(indexed ? "index byRatingName (rating, name)" : "")
      }

      """
    let names = ["Blue", "Bow", "Mint", "Red", "Rose"]
    for i in 0..<200 {
      let name = i % 9 == 0 ? "nil" : "\"\(names[(i * 7) % names.count]) \(i % 4)\""
      let rating = i % 13 == 0 ? "nil" : "\((i * 5) % 6)"
      script += "insert Tie name = \(name), rating = \(rating), worn = \(Double(i % 5) / 2)\n"
    }
    return script + "save\n"
  }

  func testACompoundSearchAnswersAsAScanDoes() throws {
    let home = try makeHome()
    let indexed = home.appendingPathComponent("indexed.bowq").path
    let plain = home.appendingPathComponent("plain.bowq").path
    for (path, hasIndex) in [(indexed, true), (plain, false)] {
      let made = try Bowq.run(["--store", path, "-c", creation(indexed: hasIndex)], home: home)
      XCTAssertEqual(made.status, 0, made.stderr)
    }
    let explain = try Bowq.run(
      [
        "--store", indexed, "-c",
        "explain fetch Tie where rating == 4 AND name > \"M\"\n"
          + "explain fetch Tie where rating == 4 sort by name desc limit 3",
      ], home: home)
    XCTAssertTrue(
      explain.stdout.contains(#"search index byRatingName for rating == 4 AND name > "M" (about"#),
      explain.stdout)
    XCTAssertTrue(
      explain.stdout.contains(
        "search index byRatingName for rating == 4 in index order (name descending), "
          + "keeping the first 3 (no sort; finds"),
      explain.stdout)
    XCTAssertFalse(explain.stdout.contains("scan"), explain.stdout)
    let statements = """
      fetch Tie where rating == 4 AND name > "M" sort by name, worn
      fetch Tie where rating == 4 AND name BEGINSWITH "B" sort by worn desc
      fetch Tie where rating IN {1, 3} AND name == nil
      fetch Tie where rating == 4 sort by name limit 7
      fetch Tie where rating == 2 sort by name desc limit 7 offset 2
      fetch Tie select name, worn where rating == 0 AND name <= "Mint 2" sort by name limit 5
      update Tie where name BEGINSWITH "Mint" set rating = 4, name = "Ash"
      fetch Tie where rating == 4 sort by name limit 9
      undo
      fetch Tie where rating == 4 AND name < "C" sort by name desc
      """
    let fromIndex = try Bowq.run(
      ["--store", indexed, "--format", "csv", "-c", statements], home: home)
    let fromScan = try Bowq.run(
      ["--store", plain, "--format", "csv", "-c", statements], home: home)
    XCTAssertEqual(fromIndex.status, 0, fromIndex.stderr)
    XCTAssertEqual(fromIndex.stdout, fromScan.stdout)
    XCTAssertTrue(fromIndex.stdout.contains("Ash"), fromIndex.stdout)
  }
}
