import XCTest

@testable import BowQ

/// A paged set of bits holds what a `Set<Int>` holds through inserts and removals on every
/// page, and a copy changed apart leaves the original as it was.
final class PagedBitSetTests: XCTestCase {
  func testItHoldsWhatASetHoldsAndCopiesApart() {
    let capacity = 200_000
    var bits = PagedBitSet(capacity: capacity)
    var model: Set<Int> = []
    var generator = SplitMix64(seed: 27)
    for step in 0..<20_000 {
      let member = generator.below(capacity)
      if step % 3 == 2 {
        bits.remove(member)
        model.remove(member)
      } else {
        XCTAssertEqual(bits.insert(member), model.insert(member).inserted)
      }
    }
    for edge in [0, 32_767, 32_768, capacity - 1] {
      XCTAssertEqual(bits.insert(edge), model.insert(edge).inserted)
    }
    let kept = bits
    var changed = bits
    for member in model.prefix(100) { changed.remove(member) }
    changed.insert(12_345)
    for member in 0..<capacity {
      XCTAssertEqual(kept.contains(member), model.contains(member), "\(member)")
    }
    XCTAssertTrue(changed.contains(12_345))
    XCTAssertFalse(model.prefix(100).contains { $0 != 12_345 && changed.contains($0) })
  }
}
