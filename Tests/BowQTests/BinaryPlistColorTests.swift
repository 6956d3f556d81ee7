import Foundation
import XCTest

@testable import BowQ

final class BinaryPlistColorTests: XCTestCase {
  /// Colors read with the key objects of earlier colors remembered are read as each alone
  /// is: valid colors whose dictionaries share their keys, in every key order, among
  /// dictionaries that are not colors (a key twice, another key, a value out of range,
  /// four entries), so that a remembered key never names a component it does not.
  func testRememberedKeysReadAsEachColorAlone() throws {
    let orders = [
      ["red", "green", "blue"], ["blue", "red", "green"], ["green", "blue", "red"],
    ]
    var colors: [PropertyList] = []
    for (n, order) in orders.enumerated() {
      let values: [String: Int64] = ["red": Int64(n), "green": 128, "blue": 255]
      colors.append(
        .dictionary(PropertyListDictionary(order.map { ($0, .integer(values[$0] ?? 0)) })))
    }
    colors += [
      ["red": 1, "green": 2, "Blue": 3], ["red": 1, "green": 2, "blues": 3],
      ["red": 1, "green": 2, "blue": 256], ["red": 1, "green": 2, "blue": -1],
      ["red": 1, "green": 2, "blue": "3"], ["red": 1, "green": 2],
      ["red": 1, "green": 2, "blue": 3, "alpha": 4], ["red": 1, "gre": 2, "blue": 3],
      ["red": 9, "green": 8, "blue": 7],
    ]
    let data = try BinaryPropertyListWriter.encode(.array(colors + colors.reversed()))
    try data.withUnsafeBytes { bytes in
      let scanner = try BinaryPlistScanner(bytes)
      let (count, refsStart, _) = try scanner.container(scanner.topObject)
      var keys = ColorKeys()
      var read = 0
      for element in 0..<count {
        let object = try scanner.reference(
          at: refsStart + element * scanner.refSize, in: scanner.topObject)
        let alone = try scanner.rgbColor(object)
        XCTAssertEqual(try scanner.rgbColor(object, keys: &keys), alone, "element \(element)")
        if alone != nil { read += 1 }
      }
      XCTAssertEqual(read, 2 * 4, "the valid colors are read")
    }
  }
}
