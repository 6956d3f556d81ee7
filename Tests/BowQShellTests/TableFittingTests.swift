import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// A table at a terminal is fitted to its width (issue 26, item 5): UUIDs, binary data,
/// colours and URLs take their compact forms, then the widest text is cut with an
/// ellipsis; what still cannot fit is shown as records by the shell.
final class TableFittingTests: XCTestCase {
  /// Two ties of the sample, as a fetch of whole objects gives them.
  private let ties = ResultSetFixtures.objects(
    ResultSetFixtures.result(
      [
        ("name", .string), ("searchKey", .string), ("rating", .double), ("lastWorn", .date),
        ("id", .uuid), ("url", .uri), ("photoData", .binary), ("tintColor", .transformable(.color)),
      ],
      [
        [
          .string("Red Bow Tie"), .string("R"), .double(3.5),
          .date(ResultSetFixtures.mayDay),
          .uuid(UUID(uuidString: "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01")!),
          .uri(URI("https://en.wikipedia.org/wiki/Bow_tie#Red")!),
          .data(Data(count: 108)), .color(Color(red: 255, green: 0, blue: 0)),
        ],
        [
          .string("Orange Bow Tie"), .string("O"), .double(2), .null,
          .uuid(UUID(uuidString: "0F4C9E2B-8D71-4A02-B6E3-5C2D1A9B7F02")!),
          .uri(URI("https://en.wikipedia.org/wiki/Bow_tie#Orange")!),
          .data(Data(count: 110)), .color(Color(red: 255, green: 165, blue: 0)),
        ],
      ]))

  private func render(_ result: ResultSet, width: Int?) -> String {
    TableRenderer(width: width).render(result)
  }

  /// The ties with only the columns named, as a fetch's objects.
  private func ties(_ names: Set<String>) -> ResultSet {
    var result = ties
    let kept = result.columns.indices.filter { names.contains(result.columns[$0].name) }
    result.columns = kept.map { result.columns[$0] }
    result.rows = ResultRows(result.rows.map { row in kept.map { row[$0] } })
    return result
  }

  /// At 120 columns the ties fit once UUIDs, binary data, colours and URLs are compact
  /// and the URLs cut in their middle; names, numbers and objects stay whole.
  func testAtAHundredAndTwentyColumns() {
    let text = render(ties, width: 120)
    XCTAssertEqual(
      text,
      """
      object     name            searchKey  rating  lastWorn             id         url                   photoData  tintColor
      ---------  --------------  ---------  ------  -------------------  ---------  --------------------  ---------  ---------
      BowTie/p1  Red Bow Tie     R             3.5  2024-05-01T12:00:0…  6E8B2A14…  en.wikipe…ow_tie#Red  <108 B>    #FF0000
      BowTie/p2  Orange Bow Tie  O               2  nil                  0F4C9E2B…  en.wikipe…tie#Orange  <110 B>    #FFA500

      """)
    XCTAssertTrue(text.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 120 })
    XCTAssertTrue(TableRenderer.fits(ties, width: 120, rowsPerPage: 40))
  }

  /// At 80 columns the whole ties cannot fit — the shell shows them as records — while
  /// fewer columns fit once cut: the widest text first, a date keeping its day.
  func testAtEightyColumns() {
    XCTAssertFalse(TableRenderer.fits(ties, width: 80, rowsPerPage: 24))
    XCTAssertEqual(render(ties, width: 80), render(ties, width: nil), "unfitted when it cannot")
    let fewer = ties(["name", "id", "url", "lastWorn", "rating"])
    XCTAssertTrue(TableRenderer.fits(fewer, width: 80, rowsPerPage: 24))
    XCTAssertEqual(
      render(fewer, width: 80),
      """
      object     name            rating  lastWorn          id         url
      ---------  --------------  ------  ----------------  ---------  ----------------
      BowTie/p1  Red Bow Tie        3.5  2024-05-01T12:0…  6E8B2A14…  en.wiki…_tie#Red
      BowTie/p2  Orange Bow Tie       2  nil               0F4C9E2B…  en.wiki…e#Orange

      """)
    XCTAssertEqual(
      render(ties(["name", "url"]), width: 40),
      """
      object     name           url
      ---------  -------------  --------------
      BowTie/p1  Red Bow Tie    en.wik…tie#Red
      BowTie/p2  Orange Bow T…  en.wik…#Orange

      """)
  }

  /// Without a terminal's width — a pipe, a file — nothing is shortened.
  func testWithoutAWidthEveryValueIsWhole() {
    let text = render(ties, width: nil)
    XCTAssertTrue(text.contains("6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"), text)
    XCTAssertTrue(text.contains("https://en.wikipedia.org/wiki/Bow_tie#Orange"), text)
    XCTAssertFalse(text.contains("…"), text)
  }

  /// Numbers are never cut: a table of numbers wider than the terminal does not fit.
  func testNumbersAreNeverCut() {
    let wide = ResultSetFixtures.result(
      (1...10).map { ("number\($0)", .int64) }, [(1...10).map { _ in .int(1_000_000_000) }])
    XCTAssertFalse(TableRenderer.fits(wide, width: 80, rowsPerPage: 24))
    XCTAssertTrue(TableRenderer.fits(wide, width: 120, rowsPerPage: 24))
  }

  /// A box is fitted as a table is, its borders counted: at 120 columns its lines stay
  /// inside, with the compact forms; at 80 it cannot fit, and is shown as records.
  func testABoxIsFittedAsATableIs() {
    let text = BoxRenderer(width: 120).render(ties)
    XCTAssertTrue(text.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 120 }, text)
    XCTAssertTrue(text.contains("6E8B2A14…"), text)
    XCTAssertTrue(text.contains("#FF0000"), text)
    XCTAssertTrue(BoxRenderer.fits(ties, width: 120, rowsPerPage: 40))
    XCTAssertFalse(BoxRenderer.fits(ties, width: 80, rowsPerPage: 24))
    XCTAssertFalse(
      OutputFormat.box.fits(ties, width: 80, rowsPerPage: 24, showsHeader: true))
    XCTAssertTrue(OutputFormat.csv.fits(ties, width: 10, rowsPerPage: 24, showsHeader: true))
    XCTAssertTrue(
      BoxRenderer().render(ties).contains("6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"),
      "without a width nothing is shortened")
  }
}
