import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// The hostile-input generator for `bowq plist`'s printers: every cut and every flipped bit
/// of a small binary and XML property list, and shared references of every depth, decoded as
/// `bowq plist` decodes them and printed readably and as JSON. Each ends in text or a
/// ``PropertyListError``, and no print makes more text than its input's budget allows (a
/// bound on the work that holds however loaded the machine is, unlike a time limit).
final class PropertyListPrinterHostileTests: XCTestCase {
  private static let sample: PropertyList = [
    "name": "Red Paisley", "unicode": "é 😀", "count": 12, "big": .unsignedInteger(.max),
    "rating": 4.5, "yes": true, "worn": .date(Date(timeIntervalSinceReferenceDate: 0)),
    "photo": .data(Data((0..<40).map { UInt8($0) })), "ties": [["k": "v"], [1, [2, []]], [:]],
  ]

  /// Prints `bytes` both ways; answers how much text was printed (0 for an error).
  @discardableResult
  private func print(_ bytes: [UInt8], _ label: @autoclosure () -> String) -> Int {
    do {
      let (plist, _) = try PropertyListDecoding.decode(Data(bytes))
      let readable = PropertyListPrinter.readable(plist)
      let json = PropertyListPrinter.json(plist)
      XCTAssertFalse(readable.isEmpty || json.isEmpty, label())
      return readable.utf8.count + json.utf8.count
    } catch let error as PropertyListError {
      XCTAssertFalse(error.message.isEmpty, label())
    } catch {
      XCTFail("\(label()): not a PropertyListError: \(error)")
    }
    return 0
  }

  func testEveryCutAndEveryFlippedBitPrintsOrFails() throws {
    for format in [PropertyListFormat.binary, .xml] {
      let seed = [UInt8](try PropertyListEncoding.encode(Self.sample, as: format))
      for cut in 0..<seed.count {
        print(Array(seed.prefix(cut)), "\(format) cut at \(cut)")
      }
      let step = format == .binary ? 1 : 7
      for at in stride(from: 0, to: seed.count, by: step) {
        for bit in 0..<8 {
          var flipped = seed
          flipped[at] ^= UInt8(1 << bit)
          print(flipped, "\(format) byte \(at) bit \(bit)")
        }
      }
    }
  }

  private func bigEndian(_ value: Int, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
  }

  /// `levels` arrays of `fanOut` references each to the next, then a string, with 4-byte
  /// offsets and 2-byte references.
  private func sharedChain(levels: Int, fanOut: Int) -> [UInt8] {
    var objects: [[UInt8]] = []
    for level in 0..<levels {
      let refs: [UInt8] = (0..<fanOut).flatMap { _ in bigEndian(level + 1, size: 2) }
      objects.append([0xAF, 0x11] + bigEndian(fanOut, size: 2) + refs)
    }
    objects.append([0x53] + Array("lol".utf8))
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets += bigEndian(bytes.count, size: 4)
      bytes += object
    }
    let table = bytes.count
    bytes += offsets + [0, 0, 0, 0, 0, 0, 4, 2]
    bytes += bigEndian(objects.count, size: 8) + bigEndian(0, size: 8) + bigEndian(table, size: 8)
    return bytes
  }

  func testSharedReferencesPrintWithinTheBudgetOrFail() {
    for levels in 1...14 {
      for fanOut in [2, 3, 16, 200] {
        let bytes = sharedChain(levels: levels, fanOut: fanOut)
        let printed = print(bytes, "\(levels) levels of \(fanOut)")
        XCTAssertLessThan(printed, 64 * PropertyListExpansion.budget(forLength: bytes.count))
      }
    }
  }

  /// Data prints as `plutil -p` shows it: its length and its first bytes in lowercase
  /// hexadecimal, `…` after them when there are more.
  func testDataPrintsItsLengthAndFirstBytes() {
    XCTAssertEqual(PropertyListPrinter.data(Data([0x01, 0xAB])), "{length = 2, bytes = 0x01ab}")
    XCTAssertEqual(PropertyListPrinter.data(Data()), "{length = 0, bytes = 0x}")
    XCTAssertEqual(
      PropertyListPrinter.data(Data((0..<40).map { UInt8($0 * 7 % 256) })),
      "{length = 40, bytes = 0x00070e151c232a31383f464d545b626970777e858c939aa1a8afb6bdc4cbd2d9…}")
  }
}
