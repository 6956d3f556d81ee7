import BowQShell
import XCTest

final class LineRendererTests: XCTestCase {
  func testOneAttributePerLineAndABlankLineBetweenRows() {
    XCTAssertEqual(
      LineRenderer().render(ResultSetFixtures.ties),
      """
           name = Red
         rating = 4.5
      timesWorn = 3
       lastWorn = 2024-05-01T12:00:00Z

           name = 蝴蝶结
         rating = nil
      timesWorn = 12
       lastWorn = nil

      """)
  }

  func testNamesAreAlignedToAtLeastFiveColumns() {
    let result = ResultSetFixtures.result([("id", .int64)], [[.int(1)], [.int(2)]])
    XCTAssertEqual(LineRenderer().render(result), "   id = 1\n\n   id = 2\n")
  }

  func testEmptyResult() {
    XCTAssertEqual(LineRenderer().render(ResultSetFixtures.none), "(no objects)\n")
  }

  func testCount() {
    XCTAssertEqual(LineRenderer().render(count: 7), "count = 7\n")
  }
}
