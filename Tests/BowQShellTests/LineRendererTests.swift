import BowQShell
import XCTest

final class LineRendererTests: XCTestCase {
  /// Each record is headed by the object it is, as psql heads expanded records, with a
  /// rule to its widest line (issue 26, item 4).
  func testARecordPerObjectHeadedByItsName() {
    XCTAssertEqual(
      LineRenderer().render(ResultSetFixtures.objects(ResultSetFixtures.ties)),
      """
      -[ BowTie/p1 ]------------------
           name = Red
         rating = 4.5
      timesWorn = 3
       lastWorn = 2024-05-01T12:00:00Z
      -[ BowTie/p2 ]----
           name = 蝴蝶结
         rating = nil
      timesWorn = 12
       lastWorn = nil

      """)
  }

  /// The rows of `select` are values, not objects: their records are numbered.
  func testValuesAreNumberedRecords() {
    let result = ResultSetFixtures.result([("id", .int64)], [[.int(1)], [.int(2)]])
    XCTAssertEqual(
      LineRenderer().render(result), "-[ RECORD 1 ]\n   id = 1\n-[ RECORD 2 ]\n   id = 2\n")
  }

  /// The rule stops at 80 columns however wide a value is.
  func testTheRuleStopsAtEightyColumns() {
    let result = ResultSetFixtures.result(
      [("note", .string)], [[.string(String(repeating: "x", count: 200))]])
    let header = LineRenderer().render(result).split(separator: "\n")[0]
    XCTAssertEqual(header.count, 80)
  }

  func testEmptyResult() {
    XCTAssertEqual(LineRenderer().render(ResultSetFixtures.none), "(no objects)\n")
  }

  func testCount() {
    XCTAssertEqual(LineRenderer().render(count: 7), "count = 7\n")
  }
}
