import BowQShell
import XCTest

final class JSONValueTests: XCTestCase {
  func testSerializesCompactlyKeepingKeyOrder() {
    let value = JSONValue.object([
      ("z", .integer(1)), ("a", .array([.bool(false), .null, .string("x")])),
      ("m", .object([])),
    ])
    XCTAssertEqual(value.serialized(), #"{"z":1,"a":[false,null,"x"],"m":{}}"#)
  }

  func testNumbersAreWrittenAsGiven() {
    XCTAssertEqual(JSONValue.number("1.50").serialized(), "1.50")
    XCTAssertEqual(JSONValue.integer(Int32(-7)).serialized(), "-7")
  }
}
