import Foundation
import XCTest

@testable import BowQ

/// JSON integers of 19 digits or more, which Foundation reads as decimals, stay exact.
final class JSONLongIntegerTests: XCTestCase {
  func testLongIntegersStayExactIntegers() throws {
    let json = "[-9223372036854775808, -9223372036854775807, 18446744073709551615, 1e2, -1.5]"
    XCTAssertEqual(
      try PropertyListDecoding.decode(Data(json.utf8)).0,
      [.integer(.min), .integer(.min + 1), .unsignedInteger(.max), .real(100), .real(-1.5)])
  }

  func testLongNumbersThatAreNotIntegersAreReals() throws {
    let json = "[-1000000000000000000.5, 99999999999999999999]"
    XCTAssertEqual(
      try PropertyListDecoding.decode(Data(json.utf8)).0, [.real(-1e18), .real(1e20)])
  }
}
