import Foundation
import XCTest

@testable import BowQ

/// ``JSONReader`` reads what ``PropertyListDecoding`` reads through Foundation's
/// `JSONSerialization` to the same property lists, and refuses what is not JSON, or what a
/// property list cannot hold, naming the byte.
final class JSONReaderTests: XCTestCase {
  private func read(_ text: String) throws -> PropertyList {
    var bytes = Array(text.utf8)
    return try read(bytes: &bytes)
  }

  private func read(bytes: inout [UInt8]) throws -> PropertyList {
    try bytes.withUnsafeBytes { try JSONReader.value(of: $0) }
  }

  func testReadsWhatFoundationReads() throws {
    for text in [
      #"{"name":"Red","worn":3,"rating":4.5,"new":true,"old":false,"tags":[1,[],{}],"none":{}}"#,
      #"  [ 0, -0, 1e2, 1E-2, -2.5e+3, 0.1, 1.0, 9223372036854775807, -9223372036854775808 ] "#,
      #"[18446744073709551615, 3.141592653589793, 5e-324, 1.7976931348623157e308]"#,
      #"{"s":"q\"b\\s\/n\nr\rt\tb\bf\f","u":"\u00e9\u20AC\ud83d\ude00","é":"😀 raw"}"#,
      #"{"z":1,"a":{"y":[{"b":2,"a":1}]},"m":"","A":"case"}"#, "[\"just a string\", 42]",
      "[\n\t{\"a\" : 1 } ,\r\n {\"b\":2}]",
    ] {
      XCTAssertEqual(
        try read(text), try PropertyListDecoding.decode(Data(text.utf8)).0, text)
    }
  }

  func testReadsAValueAtTheTopLevel() throws {
    XCTAssertEqual(try read(#" "just a string" "#), .string("just a string"))
    XCTAssertEqual(try read("42"), .integer(42))
  }

  func testKeysAreOrderedAndNumbersKeepTheirKinds() throws {
    guard case .dictionary(let object) = try read(#"{"b":1,"a":1.0,"c":1e0,"d":-0}"#) else {
      return XCTFail("not an object")
    }
    XCTAssertEqual(object.keys, ["a", "b", "c", "d"])
    XCTAssertEqual(object.values, [.real(1), .integer(1), .real(1), .integer(0)])
  }

  func testRefusesWhatIsNotJSONNamingTheByte() {
    for (text, offset, message) in [
      (#"{"a":1,}"#, 7, "not valid JSON: expected a key in double quotes"),
      ("[1,]", 3, "not valid JSON: expected a value"),
      ("{a:1}", 1, "not valid JSON: expected a key in double quotes"),
      ("01", 0, "not valid JSON: a number starts with 0"),
      ("1.", 2, #"not valid JSON: a number needs a digit after ".""#),
      (".5", 0, "not valid JSON: expected a value"),
      ("-", 1, "not valid JSON: a number needs a digit"),
      ("1e", 2, "not valid JSON: a number needs a digit in its exponent"),
      (#""\x""#, 2, #"not valid JSON: an unknown escape \x"#),
      (
        #""\ud800""#, 7,
        #"not valid JSON: a \u escape of a high surrogate without the low one after it"#
      ),
      (
        #""\udc00""#, 7,
        #"not valid JSON: a \u escape of a low surrogate without the high one before it"#
      ),
      (#""\u12""#, 3, #"not valid JSON: a \u escape needs four hex digits"#),
      (
        "\"a\u{1}\"", 2,
        #"not valid JSON: a control character in a string must be escaped (\n, \t, \u00XX)"#
      ),
      (#"{"a":1} x"#, 8, "not valid JSON: text after the JSON value"),
      ("tru", 0, "not valid JSON: expected a value"),
      (#""abc"#, 4, "not valid JSON: a string is not closed by a double quote"),
      ("", 0, "not valid JSON: the text ends where a value belongs"),
      (
        #"{"a":[1,{"b":null}]}"#, nil,
        "value at .a[1].b: null has no property-list value; leave the key out instead"
      ),
      (
        #"{"a":1,"a":2}"#, 7,
        #"the key "a" appears twice in the top-level object; JSON readers keep only one of the values, so remove the other"#
      ),
      ("1e999", 0, "the number 1e999 is too large"),
    ] as [(String, Int?, String)] {
      XCTAssertThrowsError(try read(text), text) { error in
        XCTAssertEqual((error as? PropertyListError)?.offset, offset, text)
        XCTAssertEqual((error as? PropertyListError)?.message, message, text)
      }
    }
  }

  func testRefusesInvalidUTF8AndNestingTooDeep() {
    // Without an escape and with one, which reads the string another way.
    for var invalid: [UInt8] in [[0x22, 0x61, 0xFF, 0x22], [0x22, 0x5C, 0x6E, 0xFF, 0x22]] {
      XCTAssertThrowsError(try read(bytes: &invalid)) { error in
        XCTAssertEqual((error as? PropertyListError)?.kind, .badString)
      }
    }
    let depth = BinaryPropertyListReader.maximumDepth + 1
    XCTAssertThrowsError(
      try read(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    ) { error in
      XCTAssertEqual((error as? PropertyListError)?.kind, .tooDeep)
    }
    let fits = depth - 1
    XCTAssertNoThrow(
      try read(String(repeating: "[", count: fits) + String(repeating: "]", count: fits)))
  }
}
