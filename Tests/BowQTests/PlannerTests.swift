import XCTest

@testable import BowQ

/// The plans the planner makes for each shape of statement, by their steps; the estimates
/// `explain` and the rows and times `explain analyze` print beside them; and that every plan
/// gives the answer a plain sort and filter give. How steps are worded is
/// ``PlanWordingTests``'.
final class PlannerTests: XCTestCase {
  /// A stopwatch that advances one millisecond each time it is read.
  final class SteppingStopwatch: @unchecked Sendable {
    private var now: UInt64 = 0
    func read() -> UInt64 {
      now += 1_000_000
      return now
    }
  }

  func makeInterpreter(ties: Int = 40, seed: UInt64 = 7) throws -> Interpreter {
    let interpreter = Interpreter.steppingInMemory()
    var random = SplitMix64(seed: seed)
    var script = """
      entity Tie { name: String, rating: Int16, worn: Int16, key: String }

      """
    for i in 0..<ties {
      script +=
        "insert Tie name = \"T\(i)\", rating = \(random.int(in: 0...5)), "
        + "worn = \(random.int(in: 0...3)), key = \"\(random.pick(["R", "G", "B"]))\"\n"
    }
    _ = try interpreter.run(script)
    return interpreter
  }

  func rows(_ statement: String, _ interpreter: Interpreter) throws -> [[Value]] {
    guard case .objects(let result)? = try interpreter.run(statement).last else {
      XCTFail("no result for \(statement)")
      return []
    }
    return Array(result.rows)
  }

  func testEachShapeOfFetchHasItsPlan() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(try interpreter.shape("fetch Tie where rating > 2"), ["scan(40)", "filter"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie sort by rating desc, name"), ["scan(40)", "sortObjects(2)"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where key == 'R' sort by rating desc limit 3 offset 2"),
      ["scan(40)", "filter", "topObjects(5)", "page(2, 3)"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie select name sort by worn limit 2"),
      ["scan(40)", "topObjects(2)", "page(0, 2)", "project"],
      "rows that stand for objects are sorted and paged as objects, by any property")
    XCTAssertEqual(
      try interpreter.shape(
        "fetch Tie select key, count() as n group by key having n > 1 sort by n desc limit 2"),
      ["scan(40)", "project", "having", "sortRows(1)", "page(0, 2)"])
    XCTAssertEqual(
      try interpreter.shape("fetch Tie select distinct key sort by key"),
      ["scan(40)", "project", "distinct", "sortRows(1)"])
    XCTAssertEqual(
      try interpreter.shape("count Tie where worn == 0"), ["scan(40)", "filter", "count"])
    XCTAssertEqual(
      try interpreter.shape("export Tie where worn == 0 to 'x.json'"), ["scan(40)", "filter"])
  }

  func testAFilterOfALargeTableIsEstimatedFromASample() throws {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "Tie",
        attributes: [
          Attribute(name: "name", type: .string), Attribute(name: "rating", type: .int16),
        ]))
    for i in 0..<5_000 { graph.insert([.string("T\(i)"), .int(Int64(i % 4))], into: "Tie") }
    let interpreter = Interpreter(context: Context(graph: graph), store: .memory)
    let sampled = PlanEstimate.sampleSize
    XCTAssertLessThan(sampled, 5_000, "the table is larger than the sample")
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie where rating == 1 sort by name limit 10"),
      [
        "scan 5000 Tie objects", "filter rating == 1 (about 1250 objects)",
        "keep the first 10 by name ascending (a heap, no full sort) (at most 10 objects)",
        "take 10 (at most 10 objects)", "select as the current selection",
      ])
    XCTAssertEqual(
      try interpreter.explanation("explain count Tie where rating == 9"),
      ["scan 5000 Tie objects", "filter rating == 9 (about 0 objects)", "count"])
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie select count()"),
      ["scan 5000 Tie objects", "select count() (1 row)"],
      "an aggregate without grouping is one row")
  }

  func testAPredicateThatFailsOnTheSampleEstimatesItsInputAsABound() throws {
    let interpreter = try makeInterpreter(ties: 3)
    XCTAssertEqual(
      try interpreter.explanation("explain count Tie where rating / 0 > 1"),
      ["scan 3 Tie objects", "filter rating / 0 > 1 (at most 3 objects)", "count"])
  }

  func testThePlanPicksAHeapOnlyWhenTheLimitIsKnownAndFits() throws {
    let interpreter = try makeInterpreter(ties: 3)
    XCTAssertEqual(
      try interpreter.shape("fetch Tie sort by name limit 9223372036854775807 offset 1"),
      ["scan(3)", "sortObjects(1)", "page(1, 9223372036854775807)"])
  }

  func testExplainAnalyzeShowsRowsAndTimesAndChangesNothing() throws {
    let interpreter = try makeInterpreter()
    let before = interpreter.context.graph
    let lines = try interpreter.explanation(
      "explain analyze fetch Tie where rating >= 3 sort by rating desc limit 4")
    let matching = try rows("fetch Tie where rating >= 3", interpreter).count
    XCTAssertEqual(
      lines,
      [
        "scan 40 Tie objects → 40 rows in 1.000 ms",
        "filter rating >= 3 (\(matching) objects) → \(matching) rows in 1.000 ms",
        "keep the first 4 by rating descending (a heap, no full sort) (4 objects) → 4 rows in 1.000 ms",
        "take 4 (4 objects) → 4 rows in 1.000 ms",
      ])
    XCTAssertEqual(
      try interpreter.explanation("explain analyze count Tie where key == 'G'").last,
      "count → \(try rows("fetch Tie where key == 'G'", interpreter).count) in 1.000 ms")
    XCTAssertEqual(interpreter.context.graph, before)
    XCTAssertThrowsError(try interpreter.run("explain analyze delete Tie")) { error in
      XCTAssertEqual(
        (error as? EvaluationError)?.message,
        "explain analyze runs only fetch and count, which change nothing; "
          + "explain alone shows how this statement would run")
    }
    XCTAssertEqual(try interpreter.run("count Tie").last, .count(entity: "Tie", 40))
  }

  func testMillisecondsKeepThreeDecimals() {
    XCTAssertEqual(Interpreter.milliseconds(0), "0.000 ms")
    XCTAssertEqual(Interpreter.milliseconds(1_234_567), "1.235 ms")
    XCTAssertEqual(Interpreter.milliseconds(40_000), "0.040 ms")
  }

  /// The heap keeps exactly the first objects a stable sort gives, ties in table order,
  /// for every limit and offset, with one key and with several.
  func testTheHeapKeepsWhatAStableSortGives() throws {
    for seed in UInt64(1)...4 {
      let interpreter = try makeInterpreter(ties: 60, seed: seed)
      for sort in ["rating desc", "rating", "worn desc, rating", "key, worn desc, name desc"] {
        let sorted = try rows("fetch Tie sort by \(sort)", interpreter)
        for (offset, limit) in [(0, 1), (0, 7), (3, 10), (55, 10), (0, 60), (0, 100), (70, 5)] {
          XCTAssertEqual(
            try rows("fetch Tie sort by \(sort) limit \(limit) offset \(offset)", interpreter),
            Array(sorted.dropFirst(offset).prefix(limit)), "\(sort) \(offset) \(limit)")
        }
      }
    }
  }

  func testSelectSortsByAnyPropertyAsAFetchRequestDoes() throws {
    let interpreter = try makeInterpreter()
    let objects = try rows("fetch Tie sort by worn desc, name limit 5", interpreter)
    XCTAssertEqual(
      try rows("fetch Tie select name sort by worn desc, name limit 5", interpreter),
      objects.map { [$0[0]] })
    XCTAssertThrowsError(
      try interpreter.run("fetch Tie select key, count() as n group by key sort by worn")
    ) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.message,
        "with group by, distinct or having, sort by one of the result columns: key, n")
    }
  }

  /// A column without `as` is named after its expression, and a sort key written as that
  /// expression sorts by the column: `sort by count()`, as by `n` for `count() as n`.
  func testGroupsSortByAColumnNamedAfterItsExpression() throws {
    let interpreter = try makeInterpreter(ties: 60, seed: 3)
    for (column, name) in [("count()", "count()"), ("sum(rating)", "sum(rating)")] {
      let named = try rows(
        "fetch Tie select key, \(column) as n group by key sort by n desc, key", interpreter)
      XCTAssertEqual(
        try rows(
          "fetch Tie select key, \(column) group by key sort by \(name) desc, key", interpreter),
        named)
      XCTAssertGreaterThan(named.count, 1)
    }
    XCTAssertEqual(
      try rows("fetch Tie select rating * 2 sort by rating * 2 desc limit 10", interpreter),
      try rows("fetch Tie select rating * 2 as d sort by rating desc limit 10", interpreter))
  }

  func testTopSelectionMatchesASortedPrefix() {
    var random = SplitMix64(seed: 99)
    for _ in 0..<200 {
      let items = (0..<random.int(in: 0...50)).map { _ in random.int(in: 0...9) }
      let count = random.int(in: 0...60)
      var selection = TopSelection<(Int, Int)>(count: count) { $0.0 < $1.0 }
      for (index, item) in items.enumerated() { selection.offer((item, index)) }
      let expected = items.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
        .prefix(count).map(\.offset)
      XCTAssertEqual(selection.sorted().map(\.1), Array(expected))
    }
  }

  func testStatementsWithoutAPlanSayTheirSteps() throws {
    let interpreter = try makeInterpreter(ties: 2)
    XCTAssertEqual(
      try interpreter.explanation(#"explain insert Tie name = "X", rating = 2"#),
      ["insert 1 Tie object (pending until save)", #"set name = "X""#, "set rating = 2"])
    XCTAssertEqual(
      try interpreter.explanation("explain save"),
      [
        "validate the pending changes as Core Data does at save",
        "write the whole graph to the store in one atomic replacement",
      ])
    XCTAssertEqual(
      try interpreter.explanation(#"explain import "ties.plist" into Tie"#),
      [
        #"read "ties.plist" as an array of dictionaries"#,
        "insert each as a Tie object (pending until save)",
      ])
    for statement in ["rollback", "undo", "redo", "validate", "changes", "entity Hat { n: Int16 }"]
    {
      let lines = try interpreter.explanation("explain \(statement)")
      XCTAssertFalse(lines.isEmpty, statement)
      XCTAssertFalse(lines.joined().contains("("), "\(statement): \(lines)")
    }
  }
}
