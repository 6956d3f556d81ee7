import XCTest

@testable import BowQ

/// How ``PlanRenderer`` words a chosen plan for `explain`: one statement for each family of
/// steps — scans, filters, heaps and pages; `select`, `group by` and `having`; index
/// searches, counts and walks with what they find; a hierarchy's members; the plan after a
/// whole read. Which steps a plan has is asserted by structure in the plan tests.
final class PlanWordingTests: XCTestCase {
  private func makeInterpreter() throws -> Interpreter {
    try Interpreter.generated(
      """
      entity Tie {
        name: String, rating: Int16, key: String, code: String unique
        index key using hash
        index byRating (rating, name)
      }
      """, indexed: true, count: 64, seed: 5
    ) { i, random in
      "insert Tie name = \"\(random.pick(["Blue", "Red"])) \(i % 10)\", "
        + "rating = \(random.int(in: 0...5)), key = \"\(random.pick(["R", "G", "B", "Y"]))\", "
        + "code = \"c\(i)\""
    }
  }

  func testScansFiltersHeapsAndPagesAreWordedFromTheStatement() throws {
    let interpreter = try makeInterpreter()
    let greens = try interpreter.count(of: "Tie", where: "name != 'x' AND key == 'G'")
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie where name != 'x' sort by name desc, rating limit 3 offset 2"),
      [
        "scan 64 Tie objects", #"filter name != "x" (64 objects)"#,
        "keep the first 5 by name descending, rating ascending (a heap, no full sort) (5 objects)",
        "skip 2, take 3 (3 objects)", "select as the current selection",
      ])
    XCTAssertEqual(
      try interpreter.explanation("explain count Tie where name != 'x' AND key == 'G'"),
      [
        #"search index key for key == "G" (\#(greens) Tie objects)"#,
        #"filter name != "x" (about \#(greens) objects)"#, "count",
      ])
  }

  func testSelectGroupByAndHavingAreWordedAsWritten() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie select key, count() as n group by key having n > 1 sort by n desc limit 2"
      ),
      [
        "scan 64 Tie objects", "group by key, then select key, count() as n (at most 64 rows)",
        "having n > 1 (at most 64 rows)", "sort by n descending (at most 64 rows)",
        "take 2 (at most 2 rows)",
      ])
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie select distinct key sort by key"),
      [
        "scan 64 Tie objects", "select distinct key (64 rows)",
        "keep distinct rows (at most 64 rows)", "sort by key ascending (at most 64 rows)",
      ])
  }

  func testIndexStepsSayWhatTheyFind() throws {
    let interpreter = try makeInterpreter()
    let rs = try interpreter.count(of: "Tie", where: "key == 'R'")
    let fours = try interpreter.count(of: "Tie", where: "rating == 4")
    XCTAssertEqual(
      try interpreter.explanation("explain count Tie where key == 'R'"),
      [#"count in index key for key == "R" (\#(rs) Tie objects, counted in the index)"#])
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie where rating between {2, 3}").first,
      "search index byRating for rating BETWEEN {2, 3} (about 16 of 64 Tie objects, a guess)")
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie sort by rating desc limit 3 offset 1"),
      [
        "walk index byRating descending, keeping the first 4 (no sort; at most 4 Tie objects)",
        "skip 1, take 3 (at most 3 objects)", "select as the current selection",
      ])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie where name > 'M' AND 4 == rating AND key != 'Y' sort by rating desc, name desc"
      ).first,
      #"search index byRating for 4 == rating AND name > "M" in index order (rating descending, name descending), keeping those that match key != "Y" (no sort; finds about \#(fours / 4) of 64 Tie objects, a guess)"#,
      "the conjuncts are named in index order, as written")
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie where rating == 4 sort by name limit 3")
        .first,
      "search index byRating for rating == 4 in index order (name ascending), keeping the first 3 (no sort; finds \(fours) Tie objects)"
    )
  }

  func testAHierarchysSearchNamesEachMember() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Car { name: String, index name }
      entity SportCar : Car { topSpeed: Int32 }
      entity Racer : Car { wins: Int32, index name }
      insert Car name = "a"
      insert SportCar name = "a", topSpeed = 300
      """)
    XCTAssertEqual(
      try interpreter.explanation("explain count Car where name == 'a'"),
      [
        "search Car and its sub-entity SportCar, each in its own table: "
          + #"Car: search index name for name == "a" (1 Car object); "#
          + #"SportCar: scan 1 SportCar object, filter name == "a" (about 2 objects)"#,
        "count",
      ])
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Car sort by name").first,
      "scan 2 Car objects (Car, SportCar, Racer)")
    _ = try interpreter.run("insert Racer name = \"a\", wins = 3; delete SportCar")
    XCTAssertEqual(
      try interpreter.explanation("explain count Car where name == 'a'"),
      [
        "count in the indexes of Car and its sub-entity Racer, each in its own table: "
          + #"Car: search index name for name == "a" (1 Car object); "#
          + #"Racer: search index name for name == "a" (1 Racer object)"#
      ])
  }
}
