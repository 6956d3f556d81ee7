import XCTest

@testable import BowQ

/// `[c]` searches of haystacks that are not ASCII, decided on their bytes, agree with
/// folding the haystack first.
final class FoldedSearchTests: XCTestCase {
  func testCaseInsensitiveSearchOfNonASCIIHaystacksAgreesWithFolding() {
    let haystacks = [
      "Crème Brûlée Silk Bow Tie", "CAFÉ AU LAIT", "\u{130}stanbul", "\u{212A}elvin", "Straße",
      "ÄRGER blue", "e\u{301}clair", "BLUE Ünion", "ΣΟΦΙΑ k", "GROẞ", "\u{FB01}ne ſilk",
    ]
    let needles = [
      "blue", "i", "k", "e", "stan", "cr", "tie", "elvin", "ss", "af", "r", "fin", "silk", "s",
    ]
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

  /// The scalars that send a `[c]` search to the folding are every scalar whose folding
  /// holds ASCII, in every plane, and they are found wherever they are in a buffer.
  func testAScalarFoldingIntoASCIIIsFoundWhereverItIs() {
    var expected: Set<UInt32> = []
    for value in UInt32(0x80)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value),
        String(scalar).folding(options: .caseInsensitive, locale: nil).utf8.contains(where: {
          $0 < 0x80
        })
      else { continue }
      expected.insert(value)
    }
    XCTAssertEqual(FoldedSearch.foldingIntoASCII, expected)
    XCTAssertTrue(FoldedSearch.foldingIntoASCII.isSuperset(of: [0xDF, 0x1E9E, 0x212A, 0x130]))
    for length in 0...24 {
      let plain =
        Array(String(repeating: "é", count: length / 2).utf8) + (length % 2 == 1 ? [0x61] : [])
      XCTAssertFalse(plain.withUnsafeBufferPointer(FoldedSearch.holdsFoldingIntoASCII))
      for position in 0...plain.count {
        for inserted in ["ß", "\u{212A}", "\u{FB01}", "\u{1E9E}"] {
          var bytes = plain
          bytes.insert(contentsOf: Array(inserted.utf8), at: position)
          let text = String(decoding: bytes, as: UTF8.self)
          guard text.utf8.elementsEqual(bytes) else { continue }
          XCTAssertTrue(
            bytes.withUnsafeBufferPointer(FoldedSearch.holdsFoldingIntoASCII),
            "\(inserted) at \(position) of \(length)")
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
