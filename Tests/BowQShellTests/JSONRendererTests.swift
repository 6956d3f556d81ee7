import BowQ
import BowQShell
import Foundation
import XCTest

final class JSONRendererTests: XCTestCase {
  func testArrayWithOneObjectPerRowInColumnOrder() {
    XCTAssertEqual(
      JSONRenderer(isLineDelimited: false).render(ResultSetFixtures.ties),
      """
      [
        {"name":"Red","rating":4.5,"timesWorn":3,"lastWorn":"2024-05-01T12:00:00Z"},
        {"name":"蝴蝶结","rating":null,"timesWorn":12,"lastWorn":null}
      ]

      """)
  }

  func testJSONLinesHasOneObjectPerLine() {
    XCTAssertEqual(
      JSONRenderer(isLineDelimited: true).render(ResultSetFixtures.ties),
      """
      {"name":"Red","rating":4.5,"timesWorn":3,"lastWorn":"2024-05-01T12:00:00Z"}
      {"name":"蝴蝶结","rating":null,"timesWorn":12,"lastWorn":null}

      """)
  }

  func testEveryKindOfValue() {
    let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    let values: [(String, AttributeType, Value)] = [
      ("flag", .bool, .bool(true)),
      ("int", .int64, .int(-9_223_372_036_854_775_808)),
      ("whole", .double, .double(4)),
      ("tenth", .double, .double(0.1)),
      ("huge", .double, .double(1e100)),
      ("notANumber", .double, .double(.nan)),
      ("infinite", .double, .double(.infinity)),
      ("decimal", .decimal, .decimal(Decimal(string: "3.14159265358979323846")!)),
      ("date", .date, .date(ResultSetFixtures.mayDay)),
      ("data", .binary, .data(Data([0, 1, 2]))),
      ("id", .uuid, .uuid(uuid)),
      ("url", .uri, .uri(URI("https://example.com/a?b=c")!)),
      ("tint", .transformable(.color), .color(Color(red: 255, green: 0, blue: 128))),
      ("owner", .string, .object(ObjectID(entity: "Person", key: 3))),
      ("many", .string, .collection([.int(1), .string("a"), .null])),
    ]
    let result = ResultSetFixtures.result(values.map { ($0.0, $0.1) }, [values.map(\.2)])
    XCTAssertEqual(
      JSONRenderer(isLineDelimited: true).render(result),
      #"{"flag":true,"int":-9223372036854775808,"whole":4,"tenth":0.1,"huge":1e+100,"#
        + #""notANumber":null,"infinite":null,"decimal":3.14159265358979323846,"#
        + #""date":"2024-05-01T12:00:00Z","data":"AAEC","#
        + #""id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","url":"https://example.com/a?b=c","#
        + #""tint":{"red":255,"green":0,"blue":128},"owner":"Person/p3","many":[1,"a",null]}"#
        + "\n")
  }

  func testEscapesStringsAndKeys() {
    let result = ResultSetFixtures.result(
      [("say \"hi\"", .string)], [[.string("q\"b\\s/\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}é领😀")]])
    XCTAssertEqual(
      JSONRenderer(isLineDelimited: true).render(result),
      #"{"say \"hi\"":"q\"b\\s/\n\r\t\b\f\u0000\u001f"# + "\u{7F}é领😀\"}\n")
  }

  func testEmptyResult() {
    XCTAssertEqual(JSONRenderer(isLineDelimited: false).render(ResultSetFixtures.none), "[]\n")
    XCTAssertEqual(JSONRenderer(isLineDelimited: true).render(ResultSetFixtures.none), "")
  }

  func testCount() {
    XCTAssertEqual(JSONRenderer(isLineDelimited: false).render(count: 7), "[\n  {\"count\":7}\n]\n")
    XCTAssertEqual(JSONRenderer(isLineDelimited: true).render(count: 7), "{\"count\":7}\n")
  }

  func testOutputParsesAsJSON() throws {
    let text = JSONRenderer(isLineDelimited: false).render(ResultSetFixtures.ties)
    let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
    XCTAssertEqual(parsed?.count, 2)
    XCTAssertEqual(parsed?[1]["name"] as? String, "蝴蝶结")
  }
}
