import Foundation
import XCTest

@testable import BowQ

/// ``JSONText`` writes what Foundation's `JSONSerialization` writes for the same values:
/// escapes, numbers, key order, and the pretty layout.
final class JSONTextTests: XCTestCase {
  private func foundation(_ plist: PropertyList, pretty: Bool, escapesSlashes: Bool) throws
    -> String
  {
    var options: JSONSerialization.WritingOptions = [.sortedKeys]
    if pretty { options.insert(.prettyPrinted) }
    if !escapesSlashes { options.insert(.withoutEscapingSlashes) }
    let object = try FoundationBridge.object(from: plist, forJSON: true)
    return String(
      decoding: try JSONSerialization.data(withJSONObject: object, options: options),
      as: UTF8.self)
  }

  private func written(_ plist: PropertyList, pretty: Bool, escapesSlashes: Bool) throws
    -> String
  {
    var json = JSONText(pretty: pretty, escapesSlashes: escapesSlashes)
    var text: [UInt8] = []
    try json.append(plist, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  func testWritesWhatFoundationWrites() throws {
    let control = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
    let strings: [PropertyList] = [
      .string(""), .string(control), .string("a/b \"q\" \\ é 😀 \u{7F} \u{2028}"),
    ]
    let reals: [PropertyList] = [
      0.1, 1.5, -2.0, 1e-300, 1.2345678901234567e20, 1e21, 3e-7, 100, 0, -0.0,
      .leastNonzeroMagnitude,
      1.7976931348623157e308, 0.30000000000000004, 1e16, 12_345_678_901_234_567_890.0,
    ].map { .real($0) }
    var keyed = PropertyListDictionary()
    for key in ["_", "a", "B", "é", "Z", "item10", "item9", "Item2", "aB", "AB", "a-b", "x01"] {
      keyed[key] = .integer(Int64(key.count))
    }
    var nested = PropertyListDictionary()
    nested["empty"] = .dictionary(PropertyListDictionary())
    nested["list"] = .array([.array([]), .bool(true), .bool(false), .integer(Int64.min)])
    nested["color"] = ["red": 255, "green": 128, "blue": 0]
    let values: [PropertyList] =
      [.array(strings), .array(reals), .dictionary(keyed), .dictionary(nested), .array([])]
      + [.array([.dictionary(keyed), .dictionary(PropertyListDictionary()), .array(strings)])]
    for value in values {
      for (pretty, escapesSlashes) in [(true, true), (false, false), (false, true)] {
        XCTAssertEqual(
          try written(value, pretty: pretty, escapesSlashes: escapesSlashes),
          try foundation(value, pretty: pretty, escapesSlashes: escapesSlashes),
          "pretty: \(pretty), \(value)")
      }
    }
  }

  func testRefusesWhatJSONCannotHold() {
    for value: PropertyList in [
      .array([.real(.nan)]), .array([.real(-.infinity)]), .array([.date(Date())]),
      .array([.data(Data([1]))]),
    ] {
      XCTAssertThrowsError(try written(value, pretty: false, escapesSlashes: false))
    }
  }
}
