import XCTest

@testable import BowQ

/// `[c]` searches of haystacks that are not ASCII, decided on their bytes, agree with
/// folding the haystack first.
final class FoldedSearchTests: XCTestCase {
  func testCaseInsensitiveSearchOfNonASCIIHaystacksAgreesWithFolding() {
    let haystacks = [
      "Crème Brûlée Silk Bow Tie", "CAFÉ AU LAIT", "\u{130}stanbul", "\u{212A}elvin", "Straße",
      "ÄRGER blue", "e\u{301}clair", "BLUE Ünion", "ΣΟΦΙΑ k",
    ]
    let needles = ["blue", "i", "k", "e", "stan", "cr", "tie", "elvin", "ss", "af", "r"]
    for haystack in haystacks {
      let folded = Array(ValueComparison.fold(haystack, [.caseInsensitive]).utf8)
      for needle in needles {
        let bytes = Array(needle.utf8)
        let expected: [FoldedSearch.Anchor: Bool] = [
          .prefix: folded.starts(with: bytes),
          .suffix: folded.reversed().starts(with: bytes.reversed()),
          .anywhere: (0...max(0, folded.count - bytes.count)).contains {
            folded.count >= bytes.count && Array(folded[$0..<$0 + bytes.count]) == bytes
          },
        ]
        for (anchor, answer) in expected {
          let search = FoldedSearch(needle, options: [.caseInsensitive], anchor: anchor)
          XCTAssertEqual(search.matches(haystack), answer, "\(haystack) \(needle) \(anchor)")
        }
      }
    }
  }

  func testABufferIsASCIIUnlessSomeByteAnywhereIsHigh() {
    for length in 0...24 {
      let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: length)
      XCTAssertTrue(ascii.withUnsafeBufferPointer(FoldedSearch.isASCII), "\(length)")
      for position in 0..<length {
        var bytes = ascii
        bytes[position] = 0x80
        XCTAssertFalse(
          bytes.withUnsafeBufferPointer(FoldedSearch.isASCII), "\(length) at \(position)")
      }
    }
  }
}
