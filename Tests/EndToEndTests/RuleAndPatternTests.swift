import Foundation
import XCTest

/// Regular expressions, rules and validation errors as a user meets them through the
/// binary: patterns that cannot hang, rules read from a store checked at load, and short
/// errors about many objects.
final class RuleAndPatternTests: XCTestCase {
  func testCatastrophicPatternsAreRefusedAndAMatchThatGivesUpIsAnError() throws {
    let home = try makeHome()
    for pattern in ["(a|a)+$", "(a|aa)+$", "(a+){1,100}$", "(.*a){25}"] {
      let result = try Bowq.run(
        ["--memory", "--sample", "-c", "count BowTie where name MATCHES \"\(pattern)\""],
        home: home)
      XCTAssertEqual(result.status, 1, pattern)
      XCTAssertTrue(result.stderr.contains("\"\(pattern)\""), result.stderr)
    }
    let start = Date()
    let result = try Bowq.run(
      [
        "--memory", "--sample", "-c",
        "count BowTie where name MATCHES \".*.*.*.*.*.*.*.*=|.*\"",
      ], home: home)
    XCTAssertEqual(result.status, 1, "not a count of 0")
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(result.stderr.contains("gave up after"), result.stderr)
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
  }

  func testAStoreWithABadRuleIsRefusedAtLoadAndSalvagedWithoutIt() throws {
    let home = try makeHome()
    let store = home.appendingPathComponent("ties.bowq")
    let made = try Bowq.run(
      [
        "--store", store.path, "-c",
        """
        entity T { name: String, code: String matches "[A-Z]+", check name != code else "differ" }
        insert T name = "a", code = "A"
        save
        """,
      ], home: home)
    XCTAssertEqual(made.status, 0, made.stderr)
    var root = try XCTUnwrap(
      try PropertyListSerialization.propertyList(from: Data(contentsOf: store), format: nil)
        as? [String: Any])
    var model = try XCTUnwrap(root["model"] as? [String: Any])
    var entities = try XCTUnwrap(model["entities"] as? [[String: Any]])
    entities[0]["rules"] = [["predicate": "garbage (((", "message": "rule garbage((("]]
    model["entities"] = entities
    root["model"] = model
    try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
      .write(to: store)
    let before = try Data(contentsOf: store)

    let refused = try Bowq.run(["--store", store.path, "-c", "count T"], home: home)
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(
      refused.stderr.contains(
        "model.entities[0].rules[0].predicate: the rule \"garbage (((\" of T is not a valid "
          + "predicate"), refused.stderr)
    XCTAssertEqual(try Data(contentsOf: store), before, "a store that fails to load is untouched")

    let salvaged = try Bowq.run(
      ["--store", store.path, "--read-only", "-c", "count T"], home: home)
    XCTAssertEqual(salvaged.status, 0, salvaged.stderr)
    XCTAssertEqual(salvaged.stdout, "1\n")
    XCTAssertTrue(salvaged.stderr.contains("rules[0].predicate"), salvaged.stderr)
  }

  func testTenThousandUniquenessConflictsPrintAFewKilobytes() throws {
    let home = try makeHome()
    let script = home.appendingPathComponent("conflicts.bowq")
    let inserts = (0..<10_000).map { "insert T name = \"t\($0)\", id = 1" }
    try (["entity T { name: String, id: Int32 unique }"] + inserts + ["save"])
      .joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
    let result = try Bowq.run(["--memory", script.path], home: home, mergingOutput: true)
    XCTAssertEqual(result.status, 1)
    let failure = try XCTUnwrap(result.output.range(of: "save failed"))
    let report = result.output[failure.lowerBound...]
    XCTAssertLessThan(report.utf8.count, 8_000, String(report))
    XCTAssertTrue(report.contains("and 9,989 more; Core Data error 133021"), String(report))
    XCTAssertTrue(report.contains("… and 9,980 more: 9,980 × 133021"), String(report))
  }
}
