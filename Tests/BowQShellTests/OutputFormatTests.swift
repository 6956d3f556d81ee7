import BowQShell
import XCTest

final class OutputFormatTests: XCTestCase {
  func testEachFormatHasItsRenderer() {
    let result = ResultSetFixtures.ties
    XCTAssertEqual(OutputFormat.table.renderer().render(result), TableRenderer().render(result))
    XCTAssertEqual(OutputFormat.box.renderer().render(result), BoxRenderer().render(result))
    XCTAssertEqual(
      OutputFormat.json.renderer().render(result),
      JSONRenderer(isLineDelimited: false).render(result))
    XCTAssertEqual(
      OutputFormat.jsonl.renderer().render(result),
      JSONRenderer(isLineDelimited: true).render(result))
    XCTAssertEqual(OutputFormat.csv.renderer().render(result), CSVRenderer().render(result))
    XCTAssertEqual(OutputFormat.line.renderer().render(result), LineRenderer().render(result))
  }

  func testMachineFormatsNeverHaveColour() {
    let colour = Style(isEnabled: true)
    for format in [OutputFormat.json, .jsonl, .csv] {
      XCTAssertFalse(
        format.renderer(style: colour).render(ResultSetFixtures.ties).contains("\u{1B}"),
        format.rawValue)
    }
  }

  func testNamesAreTheCommandLineValues() {
    XCTAssertEqual(
      OutputFormat.allCases.map(\.rawValue), ["table", "box", "json", "jsonl", "csv", "line"])
  }
}
