import Foundation
import XCTest

@testable import BowQ

/// The count of a string, data or container past 14 follows its marker as an integer; a
/// one-byte count (`0x10 n`), the common one, is read apart from the others and must read
/// and fail as the general path does.
final class BinaryPlistCountTests: XCTestCase {
  /// The ASCII string of `count` letters, its count written as an integer of `size` bytes.
  private func string(_ count: Int, countSize size: Int) -> [UInt8] {
    let exponent = UInt8(size.trailingZeroBitCount)
    return [0x5F, 0x10 | exponent] + CraftedPlist.bigEndian(UInt64(count), size: size)
      + [UInt8](repeating: 0x61, count: count)
  }

  func testOneByteCountsReadAsWiderOnesDo() throws {
    for count in [15, 16, 100, 255] {
      let expected = PropertyList.string(String(repeating: "a", count: count))
      for size in [1, 2, 4, 8] {
        let crafted = CraftedPlist([string(count, countSize: size)])
        XCTAssertEqual(try BinaryPropertyListReader.decode(crafted.data), expected, "\(size)")
      }
    }
  }

  func testAOneByteCountCutOffByTheOffsetTableFailsAsBefore() {
    for object in [[0x5F, 0x10], [0x4F, 0x10], [0x5F]] as [[UInt8]] {
      XCTAssertThrowsError(try BinaryPropertyListReader.decode(CraftedPlist([object]).data)) {
        let error = $0 as? PropertyListError
        XCTAssertEqual(error?.kind, .truncated, "\($0)")
        XCTAssertEqual(error?.offset, object.count == 1 ? 9 : 8, "\($0)")
      }
    }
  }

  func testAOneByteCountPastTheObjectsFailsAsBefore() {
    let crafted = CraftedPlist([[0x5F, 0x10, 0x20, 0x61, 0x62]])
    XCTAssertThrowsError(try BinaryPropertyListReader.decode(crafted.data)) {
      XCTAssertEqual(
        "\($0)",
        "byte 8: object 0 is an ASCII string of 32 bytes (32 bytes from byte 11), which runs "
          + "past the end of the object table at byte 13")
    }
  }
}
