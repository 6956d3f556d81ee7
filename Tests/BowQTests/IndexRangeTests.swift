import XCTest

@testable import BowQ

/// Ranges an ordered index answers: several on one attribute are searched as the one range
/// they allow together, and a count that a search answers alone — a range, or equalities on
/// the first attributes and a range on the next — is counted in the index, not fetched.
/// Every answer is the scan's, through edits, undo and rollback.
final class IndexRangeTests: XCTestCase {
  private static let model = """
    entity Tie {
      name: String?, rating: Int16?, worn: Double?
      index byRatingName (rating, name)
      index worn
    }
    """

  private func makeInterpreter(indexed: Bool) throws -> Interpreter {
    try Interpreter.generated(Self.model, indexed: indexed, count: 120, seed: 23) { _, random in
      let name = random.chance(10) ? "nil" : "'\(random.pick(["Blue", "Bow", "Red", "Rose"]))'"
      let rating = random.chance(10) ? "nil" : "\(random.int(in: 0...5))"
      let worn = random.chance(10) ? "nil" : "\(Double(random.int(in: -4...8)) / 2)"
      return "insert Tie name = \(name), rating = \(rating), worn = \(worn)"
    }
  }

  func testACountOfASearchedRangeIsCountedInTheIndex() throws {
    let interpreter = try makeInterpreter(indexed: true)
    for (predicate, index) in [
      ("rating == 4 AND name > 'M'", "byRatingName[2]"), ("worn > 1", "worn"),
      ("worn BETWEEN {0, 2.5}", "worn"),
    ] {
      XCTAssertEqual(
        try interpreter.shape("count Tie where \(predicate)"), ["indexCount(\(index))"])
    }
    XCTAssertEqual(
      try interpreter.shape("count Tie where rating == 4 AND name BEGINSWITH 'B'"),
      ["indexLookup(byRatingName[2])", "filter", "count"], "a prefix is checked on each object")
    XCTAssertEqual(
      try interpreter.shape("count Tie where worn > 1 AND name == 'Red'").suffix(2),
      ["filter", "count"], "another conjunct is checked")
  }

  func testRangesOnOneAttributeAreSearchedAsOne() throws {
    let interpreter = try makeInterpreter(indexed: true)
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where worn > 1 AND worn < 4"), ["indexLookup(worn)"])
    XCTAssertEqual(
      try interpreter.shape("count Tie where worn > 1 AND worn < 4"), ["indexCount(worn)"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 2 AND name >= 'B' AND 'Rose' > name"),
      ["indexLookup(byRatingName[2])"])
    let (empty, _) = try interpreter.plan("count Tie where worn > 3 AND worn < 1")
    guard case .indexCount(let lookup)? = empty.steps.first?.operation else {
      return XCTFail("\(empty.shape)")
    }
    XCTAssertEqual(lookup.count(), 0, "ranges that leave nothing between them")
  }

  func testRangesAnswerAsTheScanDoes() throws {
    let predicates = [
      "worn > 1 AND worn < 4", "worn >= 1 AND worn <= 1", "worn > 1 AND worn <= 1",
      "worn >= 1 AND worn > 1", "worn < 3 AND worn <= 3 AND worn > -1",
      "worn BETWEEN {0, 3} AND worn > 0.5", "worn BETWEEN {0, 3} AND worn BETWEEN {2, 5}",
      "worn > 3 AND worn < 1", "worn > 1 AND worn < 2.5 AND name == 'Red'",
      "worn > 1", "worn <= -1", "1 < worn AND 4 > worn", "worn > 1 AND worn < 9007199254740993",
      "rating == 4 AND name > 'B' AND name < 'Red'",
      "rating == 2 AND name >= 'Bow' AND name <= 'Bow'",
      "rating IN {1, 3} AND name > 'A' AND name < 'Rose'", "rating == 3 AND name < 'C'",
      "rating == nil AND name > 'A'", "rating > 1 AND rating < 4", "rating >= 2 AND rating <= 2",
      "rating == 4 AND name > 'B' AND name BEGINSWITH 'R'",
    ]
    let indexed = try makeInterpreter(indexed: true)
    let plain = try makeInterpreter(indexed: false)
    let edits = [
      "update Tie where worn > 2 set worn = 1.5", "delete Tie where name == 'Bow'", "undo",
      "insert Tie name = 'Ruby', rating = 4, worn = 2", "save",
      "update Tie where rating == 4 set name = 'Blue 2', worn = nil", "rollback", "redo",
    ]
    for round in 0...edits.count {
      for predicate in predicates {
        XCTAssertEqual(
          try indexed.fetchedKeys("fetch Tie where \(predicate)"),
          try plain.fetchedKeys("fetch Tie where \(predicate)"), "\(predicate), round \(round)")
        XCTAssertEqual(
          try indexed.count(of: "Tie", where: predicate),
          try plain.count(of: "Tie", where: predicate), "count \(predicate), round \(round)")
        XCTAssertEqual(
          try indexed.fetchedKeys("fetch Tie where \(predicate) sort by worn desc limit 5"),
          try plain.fetchedKeys("fetch Tie where \(predicate) sort by worn desc limit 5"),
          "sorted \(predicate), round \(round)")
      }
      guard round < edits.count else { break }
      _ = try indexed.run(edits[round])
      _ = try plain.run(edits[round])
    }
  }
}
