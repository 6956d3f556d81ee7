import BowQ
import BowQShell
import Foundation
import XCTest

final class CSVRendererTests: XCTestCase {
  func testHeaderRowThenOneRecordPerRowWithNilEmpty() {
    XCTAssertEqual(
      CSVRenderer().render(ResultSetFixtures.ties),
      """
      name,rating,timesWorn,lastWorn
      Red,4.5,3,2024-05-01T12:00:00Z
      蝴蝶结,,12,

      """)
  }

  func testQuotesFieldsAsRFC4180Says() {
    let result = ResultSetFixtures.result(
      [("name", .string), ("note", .string), ("tintColor", .transformable(.color))],
      [
        [.string("a,b"), .string("say \"hi\""), .color(Color(red: 1, green: 2, blue: 3))],
        [.string("two\nlines"), .string("cr\rhere"), .null],
        [.string(""), .string("plain text"), .null],
      ])
    XCTAssertEqual(
      CSVRenderer().render(result),
      "name,note,tintColor\n"
        + "\"a,b\",\"say \"\"hi\"\"\",\"rgb(1, 2, 3)\"\n"
        + "\"two\nlines\",\"cr\rhere\",\n"
        + "\"\",plain text,\n")
  }

  func testQuotesHeaderNamesToo() {
    let result = ResultSetFixtures.result([("a,b", .string)], [[.string("x")]])
    XCTAssertEqual(CSVRenderer().render(result), "\"a,b\"\nx\n")
  }

  func testBinaryIsBase64() {
    let result = ResultSetFixtures.result([("photoData", .binary)], [[.data(Data([0, 1, 2]))]])
    XCTAssertEqual(CSVRenderer().render(result), "photoData\nAAEC\n")
  }

  func testEmptyResultIsTheHeaderOnly() {
    XCTAssertEqual(CSVRenderer().render(ResultSetFixtures.none), "name,rating,timesWorn,lastWorn\n")
  }

  func testCount() {
    XCTAssertEqual(CSVRenderer().render(count: 7), "count\n7\n")
  }
}
