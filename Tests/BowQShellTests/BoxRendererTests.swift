import BowQShell
import XCTest

final class BoxRendererTests: XCTestCase {
  func testDrawsLinesAroundCellsPaddedByDisplayWidth() {
    XCTAssertEqual(
      BoxRenderer().render(ResultSetFixtures.ties),
      """
      ┌────────┬────────┬───────────┬──────────────────────┐
      │ name   │ rating │ timesWorn │ lastWorn             │
      ├────────┼────────┼───────────┼──────────────────────┤
      │ Red    │    4.5 │         3 │ 2024-05-01T12:00:00Z │
      │ 蝴蝶结 │    nil │        12 │ nil                  │
      └────────┴────────┴───────────┴──────────────────────┘

      """)
  }

  func testEmptyResult() {
    XCTAssertEqual(BoxRenderer().render(ResultSetFixtures.none), "(no objects)\n")
  }

  func testCount() {
    XCTAssertEqual(BoxRenderer().render(count: 0), "0\n")
  }
}
