import Foundation
import XCTest

/// The shell's commands through the real binary and a pipe, as a script would use them:
/// `.tables`, `.mode`, `.headers`, `.once`/`.output`, `.read`, `.timer`, `changes all`, and
/// JSON for every statement with `--json`.
final class ShellCommandsThroughAPipeTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  func testDotCommandsThroughAPipe() throws {
    let lesson = home.appendingPathComponent("lesson.bowq").path
    let once = home.appendingPathComponent("once.csv").path
    try "count BowTie where isFavorite == YES\n".write(
      toFile: lesson, atomically: true, encoding: .utf8)
    let result = try Bowq.run(
      ["--memory", "--sample"],
      input: """
        .tables
        .mode
        .mode CSV
        .headers off
        fetch BowTie select name where searchKey == "R"
        .headers on
        .once \(once)
        fetch BowTie select name where searchKey == "O"
        .read \(lesson)
        .timer on
        count BowTie

        """, home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.output, "BowTie  7 objects\ntable\nRed Bow Tie\ncount\n3\ncount\n7\n")
    XCTAssertEqual(try String(contentsOfFile: once, encoding: .utf8), "name\nOrange Bow Tie\n")
    XCTAssertTrue(result.stderr.hasPrefix("Time: "), result.stderr)
  }

  func testChangesAreSummarisedAndEveryOutputIsJSONWithJSON() throws {
    let inserts = (0..<60).map { "insert BowTie name = \"T\($0)\", searchKey = \"T\"" }
    let text = try Bowq.run(
      ["--memory", "--sample"], input: inserts.joined(separator: "\n") + "\nchanges\n",
      home: home)
    XCTAssertTrue(
      text.output.hasSuffix("… and 10 more; `changes all` lists every one\n"), text.output)
    let json = try Bowq.run(
      ["--memory", "--sample", "--json"],
      input: "update BowTie where searchKey == 'R' set rating = 1\nchanges all\n"
        + "explain count BowTie\n",
      home: home)
    let documents = json.output.split(separator: "\n").map { line in
      try? JSONSerialization.jsonObject(with: Data(line.utf8))
    }
    XCTAssertEqual(documents.count, 2, json.output)
    XCTAssertFalse(documents.contains { $0 == nil }, json.output)
  }
}
