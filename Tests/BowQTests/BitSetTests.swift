import XCTest

@testable import BowQ

/// Sets of positions, as filters build and combine them.
final class BitSetTests: XCTestCase {
  /// A column of one-byte codes tested through a table, 64 positions a word, holds exactly
  /// the positions whose code is included, at every length around a word's.
  func testPositionsOfIncludedCodesAreThoseTestedOneByOne() {
    var random = SplitMix64(seed: 5)
    for count in [0, 1, 63, 64, 65, 127, 128, 130, 1000] {
      let codes = (0..<count).map { _ in UInt8(random.int(in: 0...255)) }
      let included = (0..<random.int(in: 0...300)).map { _ in random.int(in: 0...2) == 0 }
      let set = BitSet(codes: codes, included: included)
      XCTAssertEqual(set.capacity, count)
      let expected = codes.indices.filter {
        Int(codes[$0]) < included.count && included[Int(codes[$0])]
      }
      XCTAssertEqual(set.members, expected, "\(count) codes")
    }
  }
}
