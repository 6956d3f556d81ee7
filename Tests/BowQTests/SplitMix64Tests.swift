import BowQ
import XCTest

/// The seeded generator gives SplitMix64's published sequence, so the data it makes is the
/// same everywhere.
final class SplitMix64Tests: XCTestCase {
  func testTheSequenceOfSeedZeroIsSplitMix64s() {
    var random = SplitMix64(seed: 0)
    XCTAssertEqual(
      [random.next(), random.next(), random.next()],
      [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
  }

  func testBelowStaysUnderItsBound() {
    var random = SplitMix64(seed: 42)
    XCTAssertTrue((0..<1000).allSatisfy { _ in (0..<7).contains(random.below(7)) })
  }
}
