import Foundation
import XCTest

@testable import BowQ

final class SHA256Tests: XCTestCase {
  private func hex(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBytes { SHA256.hexDigest($0) }
  }

  private func hex(_ text: String) -> String {
    hex(Array(text.utf8))
  }

  /// The examples of FIPS 180-4 (NIST's "SHA256.pdf" and "SHA2_Additional.pdf").
  func testFIPSVectors() {
    XCTAssertEqual(
      hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    XCTAssertEqual(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    XCTAssertEqual(
      hex(
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
          + "lmnopqrsmnopqrstnopqrstu"),
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    XCTAssertEqual(
      hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  /// Lengths around the padding's edges: the length field fits in the last block (55), needs
  /// another (56), fills a block (63, 64), and spans two (119).
  func testPaddingBoundaries() {
    let expected = [
      55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
      56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
      63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
      64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
      119: "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb",
    ]
    for (length, digest) in expected {
      XCTAssertEqual(
        hex([UInt8](repeating: UInt8(ascii: "a"), count: length)), digest, "length \(length)")
    }
  }

  func testDigestIsThirtyTwoBytes() {
    let digest = [UInt8]("abc".utf8).withUnsafeBytes { SHA256.digest($0) }
    XCTAssertEqual(digest.count, 32)
    XCTAssertEqual(Array(digest.prefix(4)), [0xba, 0x78, 0x16, 0xbf])
  }
}
