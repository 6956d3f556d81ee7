import XCTest

@testable import BowQ

/// The plans that use indexes — a lookup by equality, `IN`, range or prefix, a count in the
/// index, a walk for `sort … limit` — by their steps, how `explain` words a guess and how
/// `explain analyze` shows actual rows, and the answers they give, which are the scan's.
final class IndexPlanTests: XCTestCase {
  private static let model = """
    entity Tie {
      name: String, rating: Int16, worn: Double?, key: String, code: String unique
      index key using hash
      index byRating (rating, name)
      index name
      index worn
    }
    """

  /// An interpreter on `ties` generated ties, with the indexes of ``model`` or none.
  private func makeInterpreter(ties: Int = 64, seed: UInt64 = 5, indexed: Bool = true) throws
    -> Interpreter
  {
    try Interpreter.generated(Self.model, indexed: indexed, count: ties, seed: seed) {
      i, random in
      let worn = random.chance(20) ? "nil" : "\(Double(random.int(in: -4...8)) / 2)"
      return "insert Tie name = \"\(random.pick(["Blue", "Red", "Green", "Paisley"])) \(i % 10)\", "
        + "rating = \(random.int(in: 0...5)), worn = \(worn), "
        + "key = \"\(random.pick(["R", "G", "B", "Y"]))\", code = \"c\(i)\""
    }
  }

  func testAFetchWithoutPredicateOrSortBuildsNoIndex() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      Self.model + "\ninsert Tie name = \"Red\", rating = 1, key = \"R\", code = \"c1\"")
    _ = try interpreter.run("fetch Tie limit 1; fetch Tie select name; explain fetch Tie")
    XCTAssertTrue(
      interpreter.context.graph.builtIndexes(of: "Tie").isEmpty,
      "a plain fetch streams at once instead of building indexes it cannot use")
    _ = try interpreter.run("fetch Tie sort by rating limit 1")
    XCTAssertFalse(interpreter.context.graph.builtIndexes(of: "Tie").isEmpty)
  }

  func testAStatementBuildsOnlyTheIndexesItCouldUse() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      Self.model + "\ninsert Tie name = \"Red\", rating = 1, key = \"R\", code = \"c1\"")
    func built() -> Set<String> {
      Set(interpreter.context.graph.builtIndexes(of: "Tie").map(\.definition.name))
    }
    _ = try interpreter.run("count Tie where rating > 0 AND name CONTAINS[c] 'e' OR key == 'R'")
    XCTAssertEqual(built(), [], "no conjunct compares an attribute with a constant")
    _ = try interpreter.run("count Tie where rating > 0 AND name CONTAINS[c] 'e'")
    XCTAssertEqual(built(), ["byRating"], "code's unique index cannot answer this count")
    _ = try interpreter.run("fetch Tie where worn != nil sort by name limit 1")
    XCTAssertEqual(built(), ["byRating", "worn", "name"])
    _ = try interpreter.run("update Tie where key == 'R' set rating = 2")
    XCTAssertEqual(built(), ["byRating", "worn", "name", "key"])
    XCTAssertEqual(try interpreter.count(of: "Tie", where: "rating == 2 AND name == 'Red'"), 1)
    _ = try interpreter.run("explain count Tie where code == 'c1'")
    XCTAssertEqual(built().count, 5)
  }

  func testEachAccessPathHasItsPlan() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where key == 'R' and rating > 2"),
      ["indexLookup(key)", "filter"])
    XCTAssertEqual(try interpreter.shape("count Tie where key == 'R'"), ["indexCount(key)"])
    XCTAssertEqual(
      try interpreter.shape("count Tie where key IN {'R', 'G'}"), ["indexCount(key)"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating > 3 and worn == nil"),
      ["indexLookup(worn)", "filter"], "equality before a range")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating between {2, 3}"), ["indexLookup(byRating)"])
    XCTAssertEqual(
      try interpreter.shape("delete Tie where 2 < rating and name != 'x'"),
      ["indexLookup(byRating)", "filter"])
    XCTAssertEqual(
      try interpreter.shape("count Tie where name beginswith 'Blue'"),
      ["indexLookup(name)", "filter", "count"], "a prefix range is checked again")
    XCTAssertEqual(
      try interpreter.shape("count Tie where code == 'c7'"), ["indexCount(unique(code))"],
      "unique makes an index")
    XCTAssertEqual(
      try interpreter.shape("count Tie where name ==[c] 'blue 1' or key == 'R'"),
      ["scan(64)", "filter", "count"], "no index answers [c] or an OR")
  }

  func testACompoundHashIndexAnswersEqualityOnAllItsAttributesAtOnce() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    var script = """
      entity Tie {
        name: String, rating: Int16, key: String?
        index byKeyRating (key, rating) using hash
      }

      """
    var random = SplitMix64(seed: 11)
    for i in 0..<64 {
      let key = random.chance(10) ? "nil" : "\"\(random.pick(["R", "G", "B"]))\""
      script += "insert Tie name = \"T\(i)\", rating = \(random.int(in: 0...3)), key = \(key)\n"
    }
    _ = try interpreter.run(script)
    let reds = try interpreter.count(of: "Tie", where: "key == 'R' and rating == 3")
    XCTAssertGreaterThan(reds, 0)
    XCTAssertEqual(
      try interpreter.shape("count Tie where key == 'R' and rating == 3"),
      ["indexCount(byKeyRating)"])
    let (plan, _) = try interpreter.plan(
      "fetch Tie where rating == 3.0 and name beginswith 'T1' and 'R' == key")
    XCTAssertEqual(plan.shape, ["indexLookup(byKeyRating)", "filter"])
    guard case .indexLookup(let lookup, _) = plan.steps[0].operation else {
      return XCTFail("\(plan.shape)")
    }
    XCTAssertEqual(
      lookup.count(), reds,
      "the conjuncts are found in any order and a probe is converted to the attribute's type")
    XCTAssertEqual(plan.steps[0].syntax.searched.count, 2)
    let (fraction, _) = try interpreter.plan("count Tie where key == 'R' and rating == 2.5")
    guard case .indexCount(let none)? = fraction.steps.first?.operation else {
      return XCTFail("\(fraction.shape)")
    }
    XCTAssertEqual(none.count(), 0, "no Int16 equals 2.5")
    XCTAssertEqual(
      try interpreter.shape("count Tie where key == 'R'"), ["scan(64)", "filter", "count"],
      "a compound hash index answers only all its attributes at once")
    XCTAssertEqual(
      try interpreter.shape("count Tie where key == nil and rating == 1"),
      ["indexCount(byKeyRating)"])
    let plain = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try plain.run(script.replacingOccurrences(of: "index byKeyRating", with: "-- index"))
    for predicate in [
      "key == 'R' and rating == 3", "key == nil and rating == 1", "key == 'G' and rating == 1.0",
      "rating == 0 and key == 'B' and name != 'T3'", "key == 'R' and rating == 2.5",
    ] {
      XCTAssertEqual(
        try interpreter.fetchedKeys("fetch Tie where \(predicate)"),
        try plain.fetchedKeys("fetch Tie where \(predicate)"), predicate)
    }
  }

  func testSortByLimitWalksAnOrderedIndex() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.shape("fetch Tie sort by rating desc limit 3 offset 1"),
      ["indexWalk(byRating, 4)", "page(1, 3)"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie select name, worn where rating > 1 sort by worn limit 2"),
      ["indexWalk(worn, filtered, 2)", "page(0, 2)", "project"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where code == 'c3' sort by rating limit 2"),
      ["indexLookup(unique(code))", "topObjects(2)", "page(0, 2)"],
      "an equality that finds few objects beats the walk")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie sort by key limit 2"),
      ["scan(64)", "topObjects(2)", "page(0, 2)"], "a hash index has no order")
  }

  func testExplainAnalyzeShowsTheRowsOfIndexSteps() throws {
    let interpreter = try makeInterpreter()
    let gs = try interpreter.count(of: "Tie", where: "key == 'G'")
    let greens = try interpreter.count(of: "Tie", where: "key == 'G' and rating >= 3")
    XCTAssertEqual(
      try interpreter.explanation("explain analyze fetch Tie where key == 'G' and rating >= 3"),
      [
        #"search index key for key == "G" (\#(gs) Tie objects) → \#(gs) rows in 1.000 ms"#,
        "filter rating >= 3 (about 8 objects) → \(greens) rows in 1.000 ms",
      ])
    XCTAssertEqual(
      try interpreter.explanation("explain analyze count Tie where key == 'G'"),
      [
        #"count in index key for key == "G" (\#(gs) Tie objects, counted in the index) → "#
          + "\(gs) rows in 1.000 ms"
      ])
  }

  /// Every predicate gives the same objects, in the same order, with the indexes as
  /// without, and so do sorted, limited fetches — after edits, undo and rollback too.
  func testIndexedAnswersAreTheScansAnswers() throws {
    let predicates = [
      "key == 'R'", "key == 'Q'", "key != 'R'", "key IN {'R', 'B', 'R'}", "key IN {}",
      "'G' == key", "rating == 2", "rating == 2.0", "rating == 2.5", "rating == YES",
      "rating IN {1, 2.0, 3.5}", "rating IN {2, 2.0, YES}", "worn IN {1, 1.0, nil, nil}",
      "rating > 2", "rating >= 2.5", "rating < 1.5", "rating <= 0",
      "3 > rating", "rating BETWEEN {1.5, 3}", "rating BETWEEN {3, 1}", "worn == nil",
      "worn != nil", "worn == 1", "worn == 1.5", "worn > -1", "worn < 0 AND rating > 1",
      "worn IN {nil, 2}", "name BEGINSWITH 'Blue'", "name BEGINSWITH 'Blue 1'",
      "name BEGINSWITH ''", "name > 'P'", "name <= 'Green 3'", "name == 'Red 4'",
      "name ==[c] 'red 4'", "name BEGINSWITH[c] 'blue'", "code == 'c9' AND key == 'R'",
      "(key == 'R' AND rating > 1) AND worn >= 0", "NOT key == 'R'", "key == 'R' OR rating == 5",
      "rating == 9223372036854775807", "rating > 9007199254740993.0", "worn == 2.0 AND key == 'B'",
    ]
    let sorted = [
      "sort by rating desc limit 5", "sort by rating limit 7 offset 3", "sort by worn limit 9",
      "sort by worn desc limit 9", "sort by name desc limit 4", "sort by name limit 100",
      "where key == 'R' sort by rating desc limit 3", "where rating > 1 sort by worn desc limit 6",
      "select name, rating where worn != nil sort by rating limit 4",
    ]
    let indexed = try makeInterpreter(ties: 300)
    let plain = try makeInterpreter(ties: 300, indexed: false)
    let edits = [
      "update Tie where rating == 3 set key = 'Y', worn = 2.5", "delete Tie where key == 'G'",
      "insert Tie name = 'Blue 11', rating = 4, key = 'R', code = 'x1'", "undo",
      "update Tie where name beginswith 'Red' set rating = 1", "rollback",
      "update Tie where worn == nil set worn = 0", "redo",
    ]
    for round in 0...edits.count {
      try Interpreter.assertSameAnswers(indexed, plain, for: predicates, round: round)
      for request in sorted {
        let statement = "fetch Tie \(request)"
        if request.hasPrefix("select") {
          XCTAssertEqual(
            try interpreter(indexed, rows: statement), try interpreter(plain, rows: statement),
            statement)
        } else {
          XCTAssertEqual(
            try indexed.fetchedKeys(statement), try plain.fetchedKeys(statement), statement)
        }
      }
      if round < edits.count {
        let edit = edits[round]
        _ = try indexed.run(edit)
        _ = try plain.run(edit)
        IndexMaintenanceTests.assertIndexesMatchTheObjects(indexed.context.graph, "Tie", edit)
      }
    }
  }

  private func interpreter(_ interpreter: Interpreter, rows statement: String) throws -> [[Value]] {
    guard case .objects(let result)? = try interpreter.run(statement).last else { return [] }
    return Array(result.rows)
  }

  /// An index whose strings are not all ASCII, or whose numbers include NaN, is not used
  /// where its order would not be the engine's.
  func testAnIndexIsLeftAsideWhereItsOrderIsNotExact() throws {
    let interpreter = try makeInterpreter(ties: 8)
    _ = try interpreter.run("insert Tie name = 'E\u{301}mile', rating = 1, key = 'R', code = 'e'")
    XCTAssertEqual(
      try interpreter.shape("count Tie where name == 'Red 1'"), ["scan(9)", "filter", "count"])
    XCTAssertEqual(
      try interpreter.shape("count Tie where key == 'é'"), ["indexCount(key)"],
      "a hash index compares strings as the engine does")
  }

  /// A guess of how many objects a search finds is never none where it may find some: on a
  /// table or stretch of fewer than four objects, a quarter of which would round to none,
  /// the step says it finds at most all of them; where there is none to find, it says so.
  func testAGuessOnATinyTableIsNeverNone() throws {
    let interpreter = Interpreter.steppingInMemory()
    _ = try interpreter.run(
      """
      entity Tie { name: String, rating: Int16, index byRatingName (rating, name) }
      insert Tie name = "Red", rating = 1
      insert Tie name = "Blue", rating = 2
      insert Tie name = "Bow", rating = 2
      """)
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie where rating > 1").first,
      "search index byRatingName for rating > 1 (at most 3 of 3 Tie objects)")
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie where rating == 2 AND name > 'B' sort by name")
        .first,
      #"search index byRatingName for rating == 2 AND name > "B" in index order (name ascending) (no sort; finds at most 2 of 3 Tie objects)"#
    )
    _ = try interpreter.run("entity Hat { width: Int16, index width }")
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Hat where width > 1").first,
      "search index width for width > 1 (0 Hat objects)", "there are none to find")
    _ = try interpreter.run(#"insert Tie name = "Rose", rating = 5"#)
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie where rating < 5 AND name != 'x'"),
      [
        "search index byRatingName for rating < 5 (about 1 of 4 Tie objects, a guess)",
        #"filter name != "x" (about 1 object)"#, "select as the current selection",
      ])
  }

  /// An index holds its own entity's objects, not those of sub-entities: a statement over a
  /// hierarchy searches each member through its own index, scans a member that has none,
  /// and counts in the indexes when every member's answers alone.
  func testEachMemberOfAHierarchyIsSearchedThroughItsOwnIndex() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Car { name: String, index name }
      entity SportCar : Car { topSpeed: Int32 }
      entity Racer : Car { wins: Int32, index name }
      insert Car name = "a"
      """)
    XCTAssertEqual(try interpreter.shape("count Car where name == 'a'"), ["indexCount(name)"])
    _ = try interpreter.run("insert SportCar name = \"a\", topSpeed = 300")
    XCTAssertEqual(try interpreter.count(of: "Car", where: "name == 'a'"), 2)
    XCTAssertEqual(
      try interpreter.shape("count Car where name == 'a'"),
      ["memberSearch(name, scan+filter)", "count"])
    _ = try interpreter.run(
      "insert Racer name = \"a\", wins = 3; insert Racer name = \"b\", wins = 1; delete SportCar")
    XCTAssertEqual(try interpreter.count(of: "Car", where: "name == 'a'"), 2)
    XCTAssertEqual(
      try interpreter.shape("count Car where name == 'a'"), ["memberCount(name, name)"])
  }
}
