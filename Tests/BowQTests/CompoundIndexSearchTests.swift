import XCTest

@testable import BowQ

/// An ordered index of several attributes is searched as SQLite searches a multi-column
/// index: by equalities on its first attributes, then an equality, `IN`, range or prefix on
/// the next. The plan searches the index for the conjuncts it answers, and every answer is the
/// scan's — nils, mixed numbers, `[c]` and duplicates included — through edits and undo.
final class CompoundIndexSearchTests: XCTestCase {
  private static let model = """
    entity Tie {
      name: String?, rating: Int16?, worn: Double?, fit: Int64, code: String unique
      index byRatingName (rating, name)
      index byWornFit (worn, fit)
      index triple (fit, worn desc, name)
    }
    """

  /// An interpreter on `ties` random ties, with the indexes of ``model`` or none.
  private func makeInterpreter(ties: Int = 64, seed: UInt64 = 3, indexed: Bool = true) throws
    -> Interpreter
  {
    try Interpreter.generated(Self.model, indexed: indexed, count: ties, seed: seed) {
      i, random in
      let name =
        random.chance(15) ? "nil" : "'\(random.pick(["Blue 1", "Blue 2", "Bow", "Red", "Rose"]))'"
      let rating = random.chance(10) ? "nil" : "\(random.int(in: 0...5))"
      let worn = random.chance(15) ? "nil" : "\(Double(random.int(in: -4...4)) / 2)"
      return "insert Tie name = \(name), rating = \(rating), worn = \(worn), "
        + "fit = \(random.int(in: 0...3)), code = 'c\(i)'"
    }
  }

  /// The edits after which the differential tests check again: updates of indexed
  /// attributes, a delete, an insert undone, a rollback, an undo and a redo.
  private static let edits = [
    "update Tie where rating == 4 set name = 'Blue 3', worn = 1",
    "delete Tie where name == 'Bow'",
    "insert Tie name = 'Ruby', rating = 4, worn = 1, fit = 2, code = 'x1'", "undo",
    "update Tie where name beginswith 'Re' set rating = nil, fit = 3", "rollback",
    "update Tie where worn == nil set worn = 0.5, name = nil", "undo", "redo",
  ]

  /// Runs `check` (given the round, from 0) on the objects as they are, then again after
  /// each of ``edits``, each run on both `indexed` and `plain`.
  private func afterEachEdit(
    of indexed: Interpreter, and plain: Interpreter, _ check: (_ round: Int) throws -> Void
  ) throws {
    for round in 0...Self.edits.count {
      try check(round)
      guard round < Self.edits.count else { break }
      _ = try indexed.run(Self.edits[round])
      _ = try plain.run(Self.edits[round])
    }
  }

  func testTheSearchFollowsTheEqualitiesOnTheFirstAttributes() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 4 AND name > 'M'"),
      ["indexLookup(byRatingName[2])"],
      "a range after an equality is searched, and not checked again")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where name > 'M' AND 4 == rating"),
      ["indexLookup(byRatingName[2])"], "the conjuncts are found in any order")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 4 AND name BEGINSWITH 'B'"),
      ["indexLookup(byRatingName[2])", "filter"], "only the prefix is checked again")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 4 AND name == 'Rose'"),
      ["indexLookup(byRatingName[2])"])
    XCTAssertEqual(
      try interpreter.shape("count Tie where rating == 4 AND name == 'Rose'"),
      ["indexCount(byRatingName[2])"])
    XCTAssertEqual(
      try interpreter.shape("count Tie where rating IN {1, 3} AND name == nil"),
      ["indexCount(byRatingName[2])"],
      "IN on the first attribute searches a stretch for each value")
    for i in 0..<8 {
      _ = try interpreter.run("insert Tie name = 'Bow', worn = 1, fit = 2, code = 'x\(i)'")
    }
    let matching = try interpreter.count(
      of: "Tie", where: "fit == 2 AND worn == 1 AND name BEGINSWITH 'B'")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where name BEGINSWITH 'B' AND fit == 2 AND worn == 1"),
      ["indexLookup(triple[3])", "filter"], "the index answering the most conjuncts")
    XCTAssertTrue(
      try interpreter.explanation(
        "explain analyze fetch Tie where name BEGINSWITH 'B' AND fit == 2 AND worn == 1")[1]
        .hasSuffix("→ \(matching) rows in 1.000 ms"))
  }

  func testASearchIsLeftWhereItWouldNotBeExact() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where code == 'c7' AND rating == 4 AND name > 'M'").first,
      "indexLookup(unique(code))", "a unique equality finds fewer objects")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 4 AND name ==[c] 'rose'").first,
      "indexLookup(byRatingName)", "an index never answers [c]")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating IN {4, nil} AND name > 'M'").first,
      "indexLookup(byRatingName)", "objects whose first value is nil are kept apart from the order")
    _ = try interpreter.run("insert Tie name = 'E\u{301}mile', rating = 4, fit = 0, code = 'e'")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 4 AND name > 'M'").first,
      "indexLookup(byRatingName)", "a string not in NFC leaves the second attribute's order inexact"
    )
  }

  func testASearchInTheSortOrderSortsNothing() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 4 sort by name limit 3"),
      ["indexWalk(search byRatingName, 3)", "page(0, 3)"])
    XCTAssertEqual(
      try interpreter.shape(
        "fetch Tie where name > 'M' AND rating == 4 AND worn > 0 sort by rating desc, name desc"),
      ["indexWalk(search byRatingName[2], filtered)"],
      "a key on an attribute held to one value is passed over; the other conjuncts are checked")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where fit IN {1, 2} sort by fit, worn limit 4"),
      ["indexWalk(search triple, 4)", "page(0, 4)"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie sort by rating desc, name desc limit 5"),
      ["indexWalk(byRatingName, 5)", "page(0, 5)"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 4 sort by name, worn limit 3").first,
      "indexLookup(byRatingName)", "the index holds no order of worn after name")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 4 sort by name desc, fit limit 3").first,
      "indexLookup(byRatingName)", "one direction only")
    let analyzed = try interpreter.explanation(
      "explain analyze fetch Tie where rating == 4 sort by name limit 3")
    XCTAssertTrue(analyzed[0].hasSuffix("→ 3 rows in 1.000 ms"), "\(analyzed)")
  }

  /// Sorted fetches that an index search or walk answers in order give the scan's objects
  /// in the scan's order — nils first going up and last going down, ties in table order —
  /// after each edit, undo, redo and rollback too.
  func testSearchesInTheSortOrderAnswerAsTheScanDoes() throws {
    let requests = [
      "where rating == 4 sort by name limit 10", "where rating == 4 sort by name desc limit 10",
      "where rating == 4 sort by name", "where rating == 4 sort by name desc",
      "where rating == 4 AND name > 'M' sort by name limit 3",
      "where rating == 4 AND name BEGINSWITH 'B' sort by name desc limit 4",
      "where rating == 4 AND name == nil sort by name limit 4",
      "sort by rating, name limit 10", "sort by rating desc, name desc limit 10",
      "sort by rating, name limit 300", "sort by rating desc, name desc limit 300",
      "where rating IN {1, 3} sort by rating, name limit 20",
      "where rating IN {1, 3} AND name < 'R' sort by rating desc, name desc",
      "where rating == 2 sort by rating, name limit 6 offset 2",
      "where rating == 2 sort by name, rating desc limit 6 offset 200",
      "where worn == 1 sort by fit desc limit 5", "where worn == 1.0 sort by worn, fit",
      "where fit == 2 AND worn > 0 sort by worn, name limit 7",
      "where fit == 2 AND worn > 0 sort by worn desc, name desc",
      "where fit == 2 sort by worn desc, name desc limit 9",
      "where fit IN {3, 0} AND worn IN {1, -1} sort by fit desc, worn desc, name desc",
      "where rating == 4 AND worn > 0 sort by name limit 2",
      "select name, rating where rating == 5 sort by name limit 4",
      "where rating == 4 sort by name, worn limit 5", "sort by fit, worn, name limit 50",
      "sort by worn, fit limit 40", "sort by worn desc, fit desc limit 40",
      "where code == 'c7' AND rating == 4 sort by name limit 2",
    ]
    let indexed = try makeInterpreter(ties: 300)
    let plain = try makeInterpreter(ties: 300, indexed: false)
    try afterEachEdit(of: indexed, and: plain) { round in
      for request in requests {
        let statement = "fetch Tie \(request)"
        if request.hasPrefix("select") {
          XCTAssertEqual(
            try rows(statement, indexed), try rows(statement, plain), "\(statement), round \(round)"
          )
        } else {
          XCTAssertEqual(
            try indexed.fetchedKeys(statement), try plain.fetchedKeys(statement),
            "\(statement), round \(round)"
          )
        }
      }
    }
  }

  private func rows(_ statement: String, _ interpreter: Interpreter) throws -> [[Value]] {
    guard case .objects(let result)? = try interpreter.run(statement).last else { return [] }
    return Array(result.rows)
  }

  /// Every compound search gives the scan's objects and counts, after each edit, undo, redo
  /// and rollback too.
  func testCompoundSearchesAnswerAsTheScanDoes() throws {
    let listed = [
      "rating == 4 AND name BEGINSWITH 'B'", "rating == 4 AND name BEGINSWITH 'Blue 1'",
      "rating == 4 AND name > 'M'", "rating == 4 AND name >= 'Red'", "rating == 4 AND name < 'C'",
      "rating == 4 AND name <= 'Bow'", "rating == 4 AND name == 'Rose'",
      "rating == 4 AND name == nil",
      "rating == 4 AND name != nil", "rating == 4.0 AND name BETWEEN {'B', 'R'}",
      "rating == 4.5 AND name > 'A'", "rating IN {1, 3, 5} AND name < 'C'",
      "rating IN {1, nil} AND name == 'Red'", "name > 'M' AND rating == 2",
      "'M' < name AND 2 == rating", "rating == 2 AND name IN {'Red', nil, 'Bow'}",
      "rating == nil AND name == 'Red'", "rating == 3 AND name ==[c] 'red'",
      "rating == 3 AND name BEGINSWITH[c] 'b'", "rating == YES AND name > 'B'",
      "rating == 2 AND name IN {}", "rating == 4 AND name > 'M' AND worn > 0",
      "worn == 1 AND fit > 1", "worn == 1.0 AND fit >= 1.5", "worn == 0.5 AND fit == 2",
      "worn == nil AND fit == 1", "worn IN {-1, 0.5} AND fit < 2",
      "worn == 1 AND fit BETWEEN {1, 2}",
      "worn == 1 AND fit > 9007199254740993.0", "worn == -1 AND fit <= 2.5",
      "fit == 2 AND worn == 1 AND name BEGINSWITH 'B'",
      "fit == 1 AND worn == -0.5 AND name > 'Bow'",
      "fit IN {0, 3} AND worn IN {0, 1.5} AND name == nil", "fit == 2 AND worn > 0",
      "fit == 2 AND worn == nil AND name < 'Rose'", "fit == 0 AND worn < 1 AND name == 'Red'",
    ]
    let many = (0..<70).map(String.init).joined(separator: ", ")
    let predicates =
      listed + [
        "rating IN {\(many)} AND name > 'M'", "fit IN {\(many)} AND fit > 1 AND worn == 1",
      ]
    let indexed = try makeInterpreter(ties: 300)
    let plain = try makeInterpreter(ties: 300, indexed: false)
    try afterEachEdit(of: indexed, and: plain) { round in
      if round > 0 {
        IndexMaintenanceTests.assertIndexesMatchTheObjects(
          indexed.context.graph, "Tie", Self.edits[round - 1])
      }
      try Interpreter.assertSameAnswers(indexed, plain, for: predicates, round: round)
    }
    XCTAssertEqual(
      try indexed.shape("fetch Tie where rating == 4 AND name > 'M'"),
      ["indexLookup(byRatingName[2])"])
  }
}
