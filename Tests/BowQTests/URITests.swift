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
  func testPlainShapeIsAlwaysAValidURL() {
    var random = SplitMix64(seed: 0xC0FFEE)
    let pieces = [
      "http", "://", ":", "//", "/", "@", "%", "%2F", "[", "]", "?", "#", "a", "Z", "9", "-",
      ".", "+", "~", "!", "$", "&", "'", "(", ")", "*", ",", ";", "=", "80", "x.y", " ", "é",
    ]
    var plain = 0
    for _ in 0..<50_000 {
      let text = (0..<random.int(in: 1...8)).map { _ in random.pick(pieces) }.joined()
      if URI.isPlainlyValid(text) {
        plain += 1
        XCTAssertNotNil(URL(string: text), "\(text) was taken as plainly valid")
      }
    }
    XCTAssertGreaterThan(plain, 5_000, "the generator should reach the shortcut often")
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
    var plain = 0
    for _ in 0..<50_000 {
      let text = (0..<random.int(in: 1...8)).map { _ in random.pick(pieces) }.joined()
      if URI.isPlainlyValid(text) {
        plain += 1
        XCTAssertNotNil(URL(string: text), "\(text) was taken as plainly valid")
      }
    }
    XCTAssertGreaterThan(plain, 5_000, "the generator should reach the shortcut often")
    XCTAssertTrue(URI.isPlainlyValid("https://shop.example.com/bow-ties/7-crème-brûlée"))
    XCTAssertFalse(URI.isPlainlyValid("https://crème.example.com/"), "a host is ASCII")
  }
}
