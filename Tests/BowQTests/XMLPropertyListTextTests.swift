import Foundation
import XCTest

@testable import BowQ

/// ``XMLPropertyListText`` writes what Foundation's `PropertyListSerialization` writes for
/// the same values: escapes, numbers, dates, data lines, key order and layout.
final class XMLPropertyListTextTests: XCTestCase {
  /// A date beyond any calendar is written, not trapped on.
  func testWritesADateBeyondTheCalendar() {
    var text: [UInt8] = []
    XMLPropertyListText.append(
      .date(Date(timeIntervalSinceReferenceDate: 1e300)), depth: 0, to: &text)
    XCTAssertEqual(
      String(decoding: text, as: UTF8.self), "<date>1e+300 seconds since 2001-01-01</date>\n")
  }

  func testWritesWhatFoundationWrites() throws {
    var keyed = PropertyListDictionary()
    for key in ["_", "a", "B", "é", "Z", "item10", "item9", "aB", "AB", "a-b"] {
      keyed[key] = .integer(Int64(key.count))
    }
    var values = PropertyListDictionary()
    values["strings"] = .array(
      ["", "a<b>&c\"'", "line\nbreak\ttab\r\u{7F}", "é 😀"].map { .string($0) })
    values["reals"] = .array(
      [0.1, 2, 0, -0.0, 1e21, 1e-7, .greatestFiniteMagnitude, .nan, .infinity, -.infinity].map {
        .real($0)
      })
    values["integers"] = .array([.integer(Int64.min), .integer(0), .unsignedInteger(.max)])
    values["dates"] = .array(
      [660_000_000.75, -0.5, -1e10, 0].map { .date(Date(timeIntervalSinceReferenceDate: $0)) })
    values["data"] = .array(
      [0, 1, 44, 45, 46, 100].map { .data(Data(repeating: 0xAB, count: $0)) })
    values["nested"] = .array([
      .dictionary(keyed), .dictionary(PropertyListDictionary()), .array([]), .bool(true),
      .bool(false),
    ])
    let plist = PropertyList.dictionary(values)
    var text = XMLPropertyListText.header
    XMLPropertyListText.append(plist, depth: 0, to: &text)
    text += XMLPropertyListText.footer
    XCTAssertEqual(
      String(decoding: text, as: UTF8.self),
      String(decoding: try PropertyListEncoding.encode(plist, as: .xml), as: UTF8.self))
  }
}
