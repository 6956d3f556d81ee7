import Foundation
import XCTest

@testable import BowQ

/// zlib's inflate behind ``Inflation``: raw and zlib-wrapped DEFLATE, bounded output, and
/// clear errors for damaged data.
final class InflationTests: XCTestCase {
  private let text = Data(
    String(repeating: "NSEntityDescription NSAttributeDescription ", count: 500).utf8)

  private func failure(_ data: Data, limit: Int = 1 << 20) -> InflationError? {
    do {
      _ = try Inflation.inflate(data, limit: limit)
      return nil
    } catch {
      return error
    }
  }

  func testRawDeflateInflates() throws {
    let raw = Deflater.deflate(text, raw: true)
    XCTAssertFalse(Inflation.hasZlibHeader(raw))
    XCTAssertEqual(try Inflation.inflate(raw, limit: text.count), text)
  }

  func testZlibWrappedDataInflates() throws {
    let wrapped = Deflater.deflate(text, raw: false)
    XCTAssertTrue(Inflation.hasZlibHeader(wrapped))
    XCTAssertEqual(try Inflation.inflate(wrapped, limit: text.count), text)
  }

  func testOutputPastTheLimitIsRefused() {
    let bomb = Deflater.deflate(Data(count: 8 << 20), raw: true)
    XCTAssertLessThan(bomb.count, 64 << 10)
    XCTAssertEqual(failure(bomb, limit: 1 << 20), .tooLarge(limit: 1 << 20))
    XCTAssertEqual(
      failure(Deflater.deflate(text, raw: true), limit: text.count - 1),
      .tooLarge(limit: text.count - 1))
  }

  func testTruncatedDataIsRefused() {
    let raw = Deflater.deflate(text, raw: true)
    guard case .truncated = failure(raw.prefix(raw.count / 2)) else {
      return XCTFail("expected a truncation")
    }
    XCTAssertEqual(failure(Data()), .truncated(produced: 0))
  }

  func testGarbageIsInvalid() {
    guard case .invalid(let message) = failure(Data([0xFF, 0xFF, 0xFF, 0xFF])) else {
      return XCTFail("expected invalid data")
    }
    XCTAssertFalse(message.isEmpty)
  }

  func testBytesAfterTheStreamAreRefused() {
    let raw = Deflater.deflate(text, raw: true) + Data([1, 2, 3])
    XCTAssertEqual(failure(raw), .trailingBytes(count: 3))
  }

  func testErrorsReadAsSentences() {
    XCTAssertEqual(
      InflationError.tooLarge(limit: 10).description,
      "the compressed data inflates to more than 10 bytes")
  }
}
