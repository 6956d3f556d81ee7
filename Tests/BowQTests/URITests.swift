import Foundation
import XCTest

@testable import BowQ

final class URITests: XCTestCase {
  func testAcceptsWhatURLAccepts() {
    for text in [
      "https://shop.example.com/bow-ties/12-sky-blue", "mailto:ann@example.com", "x:y",
      "relative/path?q=1#top", "http://a:8080/", "http://[::1]/", "https://example.com/a b",
      "http://x.com/ü",
    ] {
      XCTAssertEqual(URI(text)?.absoluteString, text, text)
    }
  }

  func testRefusesWhatURLRefuses() {
    for text in ["", "http://a:b/", "1http://x", "http://[::1", "http://%zz", "http://a:80:90/"] {
      XCTAssertNil(URI(text), text)
    }
  }

  func testConvertsToAndFromURL() throws {
    let url = try XCTUnwrap(URL(string: "https://example.com/ties?id=1"))
    XCTAssertEqual(URI(url).absoluteString, "https://example.com/ties?id=1")
    XCTAssertEqual(URI(url).url, url)
    XCTAssertEqual(URI(url).scheme, "https")
    XCTAssertNil(URI("ties/1")?.scheme)
  }

  /// The shortcut that skips `URL` may only ever say yes where `URL` says yes: random
  /// strings over the characters it looks at, weighted towards the shapes it treats
  /// specially (schemes, authorities, ports, percent signs, brackets).
  /// Checks 50,000 random strings of one to eight `pieces`: each one the shortcut takes as
  /// plainly valid must be a URL `URL(string:)` accepts, and the shortcut must take many.
  private func assertPlainShapesAreURLs(
    joining pieces: [String], _ random: inout SplitMix64, line: UInt = #line
  ) {
    var plain = 0
    for _ in 0..<50_000 {
      let text = (0..<random.int(in: 1...8)).map { _ in random.pick(pieces) }.joined()
      if URI.isPlainlyValid(text) {
        plain += 1
        XCTAssertNotNil(URL(string: text), "\(text) was taken as plainly valid", line: line)
      }
    }
    XCTAssertGreaterThan(
      plain, 5_000, "the generator should reach the shortcut often", line: line)
  }

  func testPlainShapeIsAlwaysAValidURL() {
    var random = SplitMix64(seed: 0xC0FFEE)
    let pieces = [
      "http", "://", ":", "//", "/", "@", "%", "%2F", "[", "]", "?", "#", "a", "Z", "9", "-",
      ".", "+", "~", "!", "$", "&", "'", "(", ")", "*", ",", ";", "=", "80", "x.y", " ", "é",
    ]
    assertPlainShapesAreURLs(joining: pieces, &random)
  }

  /// Scalars that are not ASCII past the scheme and authority keep the shortcut, which must
  /// still only say yes where `URL` does: random strings of the shapes above mixed with
  /// letters, marks, controls and symbols beyond ASCII.
  func testPlainShapeWithScalarsBeyondASCIIIsAlwaysAValidURL() {
    var random = SplitMix64(seed: 0xB0771E)
    let pieces = [
      "https", "://", ":", "//", "/", "@", "%", "%2F", "[", "]", "?", "#", "a", "9", "-", ".",
      "80", "x.y", "é", "Crème", "brûlée", "ü", "\u{85}", "\u{A0}", "\u{200E}", "\u{FEFF}",
      "\u{2028}", "🎀", "中", "\u{301}",
    ]
    assertPlainShapesAreURLs(joining: pieces, &random)
    XCTAssertTrue(URI.isPlainlyValid("https://shop.example.com/bow-ties/7-crème-brûlée"))
    XCTAssertFalse(URI.isPlainlyValid("https://crème.example.com/"), "a host is ASCII")
  }

  /// The byte check's two constant words hold exactly the plain characters: RFC 3986's
  /// unreserved and reserved characters but `[` and `]`, and `%`; every byte past ASCII
  /// passes too (the scalars `URL` percent-encodes).
  func testPlainBytesAreTheReservedAndUnreservedCharactersAndPercent() {
    let plain = Set(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:/?#@%".utf8)
    for byte in UInt8.min...UInt8.max {
      XCTAssertEqual(URI.isPlainByte(byte), byte >= 128 || plain.contains(byte), "byte \(byte)")
    }
  }

  /// The eight-byte test may only pass words whose every byte the byte-by-byte check
  /// passes: each byte value at each position of a word of common characters.
  func testCommonWordsHoldOnlyPlainBytes() {
    let filler = Array("ab-./:9Z".utf8)
    XCTAssertTrue(URI.isCommonWord(word(filler)))
    var common = 0
    for position in 0..<8 {
      for byte in UInt8.min...UInt8.max {
        var bytes = filler
        bytes[position] = byte
        guard URI.isCommonWord(word(bytes)) else { continue }
        common += 1
        XCTAssertTrue(URI.isPlainByte(byte), "byte \(byte) at \(position) passed as common")
      }
    }
    // Letters in both cases, digits, and - . / : at each of the eight positions.
    XCTAssertEqual(common, 8 * (52 + 10 + 4))
  }

  /// The word-at-a-time check of a URI's bytes answers as the byte loop does for every
  /// length up to three words, with any byte at any position (word boundaries included).
  func testPlainBytesAgreeWithTheByteLoop() {
    let base = Array("https://shop.example.com/bow-ties".utf8)
    for length in 1...24 {
      for position in 0..<length {
        for byte in UInt8.min...UInt8.max {
          var bytes = Array(base[0..<length])
          bytes[position] = byte
          let expected = bytes.allSatisfy(URI.isPlainByte)
          bytes.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(
              URI.hasOnlyPlainBytes(buffer), expected, "byte \(byte) at \(position) of \(length)")
          }
        }
      }
    }
  }

  /// Characters outside the plain set, and bad ports, are refused at word boundaries as
  /// anywhere else: never taken as plainly valid, and left for `URL` to judge.
  func testRefusesAtWordBoundaries() {
    let base = "https://shop.example.com/bow-ties/12"
    for position in [6, 7, 8, 9, 15, 16, 17, 23, 24, 25] {
      for bad in ["<", ">", "\"", " ", "\\", "^", "`", "{", "|", "}", "[", "]", "\u{7F}", "\t"] {
        var text = Array(base)
        text[position] = Character(bad)
        let string = String(text)
        XCTAssertFalse(URI.isPlainlyValid(string), string)
        XCTAssertEqual(URI(string) == nil, URL(string: string) == nil, string)
      }
    }
    for text in [
      "http://abcdefg:8a/", "http://abcdefgh:8a/", "http://abcdefghi:80a/",
      "http://abcdefghijklmno:b/", "http://abcdefghijklmnop:8080:90/",
    ] {
      XCTAssertFalse(URI.isPlainlyValid(text), text)
      XCTAssertNil(URI(text), text)
    }
  }

  /// The port is what follows the first `:` after the authority's last `@`, up to `/`, `?`
  /// or `#`: a `:` in the user info is not one.
  func testThePortFollowsTheLastAtSign() {
    for text in [
      "https://ann:secret@example.com:8080/x", "https://ann:secret@example.com/x",
      "https://a:1@b:c@d:99/", "https://example.com:8080?q=1", "https://example.com:80#top",
      "https://example.com:/", "https://ann@",
    ] {
      XCTAssertTrue(URI.isPlainlyValid(text), text)
      XCTAssertNotNil(URL(string: text), text)
    }
    for text in [
      "https://ann@example.com:80a/", "https://a@b:x/", "https://a:1@b:2:3/",
      "https://exa%6Dple.com/", "https://ann:p%40ss@example.com/",
    ] {
      XCTAssertFalse(URI.isPlainlyValid(text), text)
    }
  }

  /// Eight bytes as one word, in the order the check loads them.
  private func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
  }
}
