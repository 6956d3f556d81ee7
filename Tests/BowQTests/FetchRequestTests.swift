import XCTest

@testable import BowQ

/// What fetch requests can do beyond objects: select, distinct, grouping with aggregates,
/// having, and the string sort selectors.
final class FetchRequestTests: XCTestCase {
  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Tie { name: String, key: String, rating: Double }
      insert Tie name = "item 10", key = "R", rating = 4
      insert Tie name = "Item 2", key = "R", rating = 2
      insert Tie name = "item 1", key = "G", rating = 5
      insert Tie name = "éclair", key = "B", rating = 3
      """)
    return interpreter
  }

  func rows(_ interpreter: Interpreter, _ statement: String) throws -> [[Value]] {
    guard case .objects(let result)? = try interpreter.run(statement).last else { return [] }
    return Array(result.rows)
  }

  func testSelectReturnsDictionariesAndLeavesTheSelectionAlone() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try rows(
        interpreter,
        "fetch Tie select name, rating * 2 as double where key == \"R\" sort by double desc"),
      [[.string("item 10"), .double(8)], [.string("Item 2"), .double(4)]])
    XCTAssertThrowsError(try interpreter.run("set rating = 1"), "a select is no selection")
  }

  func testDistinct() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try rows(interpreter, "fetch Tie select distinct key sort by key"),
      [[.string("B")], [.string("G")], [.string("R")]])
  }

  func testGroupByWithAggregatesAndHaving() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try rows(
        interpreter,
        "fetch Tie select key, count() as n, avg(rating) as mean, max(name) group by key having n > 1"
      ),
      [[.string("R"), .int(2), .double(3), .string("item 10")]])
    XCTAssertEqual(
      try rows(interpreter, "fetch Tie select count() as n, sum(rating)"), [[.int(4), .double(14)]])
    XCTAssertEqual(
      try rows(
        interpreter,
        "fetch Tie select key, FUNCTION(rating, 'sum:') as total, average:(rating) as mean "
          + "group by key sort by key"),
      [
        [.string("B"), .double(3), .double(3)], [.string("G"), .double(5), .double(5)],
        [.string("R"), .double(6), .double(3)],
      ],
      "the selector spellings are the same aggregates")
    XCTAssertThrowsError(try interpreter.run("fetch Tie select key, name group by key")) { error in
      XCTAssertTrue(
        (error as? LanguageError)?.message.contains("neither grouped nor an aggregate") == true)
    }
  }

  func testSortComparisons() throws {
    let interpreter = try makeInterpreter()
    func names(_ how: String) throws -> [String] {
      try rows(interpreter, "fetch Tie select name sort by name \(how)").map { $0[0].stringValue! }
    }
    XCTAssertEqual(
      try names(""), ["Item 2", "item 1", "item 10", "éclair"], "compare: by UTF-16 unit")
    XCTAssertEqual(
      try names("caseInsensitive").filter { $0.hasPrefix("i") || $0.hasPrefix("I") },
      ["item 1", "item 10", "Item 2"])
    XCTAssertEqual(
      try names("localizedStandard"), ["éclair", "item 1", "Item 2", "item 10"], "numbers by value")
  }
}
