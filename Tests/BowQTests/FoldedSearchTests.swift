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

  /// A search anywhere looks for the needle's first byte eight bytes at a time: it must find
  /// the needle at every place, in either case, across and at the ends of those words.
  func testASearchAnywhereFindsTheNeedleAtEveryPlace() {
    var random = SplitMix64(seed: 7)
    let letters = Array("abBAz -.Zb\u{7F}".utf8)
    for length in 0...40 {
      for _ in 0..<40 {
        let text = (0..<length).map { _ in letters[random.below(letters.count)] }
        let haystack = String(decoding: text, as: UTF8.self)
        for needle in ["b", "ab", "Ba", "zb", "-", "bb", " z", "abab", "b.z"] {
          let folded = Array(needle.lowercased().utf8)
          for caseInsensitive in [true, false] {
            let target = caseInsensitive ? Array(haystack.lowercased().utf8) : text
            let pattern = caseInsensitive ? folded : Array(needle.utf8)
            let expected =
              pattern.count <= target.count
              && (0...(target.count - pattern.count)).contains {
                Array(target[$0..<$0 + pattern.count]) == pattern
              }
            let search = FoldedSearch(
              needle, options: caseInsensitive ? [.caseInsensitive] : [], anchor: .anywhere)
            XCTAssertEqual(
              search.matches(haystack), expected, "\(haystack) \(needle) \(caseInsensitive)")
          }
        }
      }
    }
  }

  func testABufferHoldsEitherByteWhereverItIs() {
    for length in 0...24 {
      let plain = [UInt8](repeating: 0xC3, count: length)
      XCTAssertFalse(
        plain.withUnsafeBufferPointer { FoldedSearch.contains(0xC4, or: 0xE2, in: $0) })
      for position in 0..<length {
        for byte: UInt8 in [0xC4, 0xE2] {
          var bytes = plain
          bytes[position] = byte
          XCTAssertTrue(
            bytes.withUnsafeBufferPointer { FoldedSearch.contains(0xC4, or: 0xE2, in: $0) },
            "\(length) at \(position)")
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
