import BowQ
import BowQShell
import XCTest

final class TableRendererTests: XCTestCase {
  func testAlignsByDisplayWidthWithNumbersOnTheRight() {
    XCTAssertEqual(
      TableRenderer().render(ResultSetFixtures.ties),
      """
      name    rating  timesWorn  lastWorn
      ------  ------  ---------  --------------------
      Red        4.5          3  2024-05-01T12:00:00Z
      蝴蝶结     nil         12  nil

      """)
  }

  func testNoLineEndsInSpaces() {
    let text = TableRenderer().render(
      ResultSetFixtures.result(
        [("name", .string), ("searchKey", .string)],
        [[.string("A long name"), .string("A")], [.string("B"), .string("Bee")]]))
    XCTAssertEqual(
      text,
      """
      name         searchKey
      -----------  ---------
      A long name  A
      B            Bee

      """)
  }

  func testALongCollectionShowsTheMembersThatFitAndHowManyItHas() {
    let pages = (1...99).map { Value.object(ObjectID(entity: "Page", key: Int64($0))) }
    let rows: [[Value]] = [
      [.string("long"), .collection(pages)],
      [.string("short"), .collection(Array(pages.prefix(2)))],
      [.string("none"), .collection([])],
    ]
    let text = TableRenderer().render(
      ResultSet(
        entity: "Book",
        columns: [
          ResultColumn(name: "title", type: .string),
          ResultColumn(name: "pages", type: .collection(of: .object(entity: "Page"))),
        ],
        ids: (1...3).map { ObjectID(entity: "Book", key: Int64($0)) }, rows: rows))
    XCTAssertEqual(
      text,
      """
      object   title  pages
      -------  -----  ----------------------------------------------------------------------------
      Book/p1  long   {Page/p1, Page/p2, Page/p3, Page/p4, Page/p5, Page/p6, Page/p7, … 99 in all}
      Book/p2  short  {Page/p1, Page/p2}
      Book/p3  none   {}

      """)
  }

  func testPrintsEveryKindOfValueReadably() {
    let text = TableRenderer().render(
      ResultSetFixtures.result(
        [("photoData", .binary), ("tintColor", .transformable(.color)), ("isFavorite", .bool)],
        [[.data(Data([1, 2, 3])), .color(Color(red: 255, green: 0, blue: 128)), .bool(true)]]))
    XCTAssertEqual(
      text,
      """
      photoData  tintColor         isFavorite
      ---------  ----------------  ----------
      <3 bytes>  rgb(255, 0, 128)  YES

      """)
  }

  func testShowsControlCharactersAsEscapes() {
    let text = TableRenderer().render(
      ResultSetFixtures.result(
        [("name", .string), ("note", .string)],
        [[.string("two\nlines"), .string("\u{1B}[31mred\ttab")]]))
    XCTAssertEqual(
      text,
      """
      name        note
      ----------  ------------------
      two\\nlines  \\u{1B}[31mred\\ttab

      """)
  }

  func testAWiderPagePrintsTheHeaderAgainWithWiderColumns() {
    XCTAssertEqual(
      TableRenderer(rowsPerPage: 2).render(ResultSetFixtures.growing),
      """
      name  rating
      ----  ------
      A          1
      B          2

      name         rating
      -----------  ------
      Longer name       3
      C                 4

      """)
  }

  func testPagesNoWiderThanTheFirstKeepOneHeader() {
    XCTAssertEqual(
      TableRenderer(rowsPerPage: 2).render(ResultSetFixtures.ties),
      TableRenderer().render(ResultSetFixtures.ties))
    XCTAssertEqual(
      TableRenderer(rowsPerPage: 1).render(ResultSetFixtures.ties),
      """
      name  rating  timesWorn  lastWorn
      ----  ------  ---------  --------------------
      Red      4.5          3  2024-05-01T12:00:00Z

      name    rating  timesWorn  lastWorn
      ------  ------  ---------  --------------------
      蝴蝶结     nil         12  nil

      """)
  }

  func testWritesTheFirstPageBeforeReadingTheRest() throws {
    let reads = ReadCounter()
    let rows = (0..<10_000).map { [Value.string("tie \($0)"), .int(Int64($0))] }
    let result = ResultSetFixtures.counting(
      ResultSetFixtures.result([("name", .string), ("rating", .int64)], rows), in: reads)
    var readsAtFirstPiece: Int?
    var lines = 0
    try TableRenderer(rowsPerPage: 50).write(result) { piece in
      if readsAtFirstPiece == nil { readsAtFirstPiece = reads.reads }
      lines += piece.count { $0 == "\n" }
    }
    XCTAssertEqual(readsAtFirstPiece, 50)
    XCTAssertEqual(reads.reads, 10_000)
    XCTAssertGreaterThanOrEqual(lines, 10_002)
  }

  func testEmptyResult() {
    XCTAssertEqual(TableRenderer().render(ResultSetFixtures.none), "(no objects)\n")
  }

  func testCount() {
    XCTAssertEqual(TableRenderer().render(count: 7), "7\n")
  }

  func testColourMakesHeadersBoldAndNilDimWithPaddingOutside() {
    let text = TableRenderer(style: Style(isEnabled: true)).render(
      ResultSetFixtures.result([("rating", .double), ("name", .string)], [[.null, .string("A")]]))
    XCTAssertEqual(
      text,
      "\u{1B}[1mrating\u{1B}[0m  \u{1B}[1mname\u{1B}[0m\n"
        + "------  ----\n"
        + "   \u{1B}[2mnil\u{1B}[0m  A\n")
  }
}
