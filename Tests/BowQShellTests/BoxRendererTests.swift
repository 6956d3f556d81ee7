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

  func testAWiderPageClosesTheBoxAndOpensAWiderOne() {
    XCTAssertEqual(
      BoxRenderer(rowsPerPage: 2).render(ResultSetFixtures.growing),
      """
      ┌──────┬────────┐
      │ name │ rating │
      ├──────┼────────┤
      │ A    │      1 │
      │ B    │      2 │
      └──────┴────────┘
      ┌─────────────┬────────┐
      │ name        │ rating │
      ├─────────────┼────────┤
      │ Longer name │      3 │
      │ C           │      4 │
      └─────────────┴────────┘

      """)
  }

  func testWritesAPageAtATime() throws {
    let reads = ReadCounter()
    let result = ResultSetFixtures.counting(ResultSetFixtures.growing, in: reads)
    var readsPerPiece: [Int] = []
    try BoxRenderer(showsHeader: false, rowsPerPage: 3).write(result) { _ in
      readsPerPiece.append(reads.reads)
    }
    XCTAssertEqual(readsPerPiece, [3, 4, 4])
  }

  func testEmptyResult() {
    XCTAssertEqual(BoxRenderer().render(ResultSetFixtures.none), "(no objects)\n")
  }

  func testCount() {
    XCTAssertEqual(BoxRenderer().render(count: 0), "0\n")
  }
}
