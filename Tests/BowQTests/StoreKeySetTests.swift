import XCTest

@testable import BowQ

/// The keys of an entity as a store is read: found in the keys themselves when they ascend,
/// otherwise inserted one by one, each once.
final class StoreKeySetTests: XCTestCase {
  func testAscendingKeysAreFoundInThemselves() {
    let keys: [Int64] = [2, 3, 5, 9, 1 << 40]
    XCTAssertTrue(EntityTable.ascend(keys))
    let set = StoreKeySet(ascending: keys)
    for key in keys { XCTAssertTrue(set.contains(key), "\(key)") }
    for key: Int64 in [.min, -2, 0, 1, 4, 6, 10, (1 << 40) - 1, (1 << 40) + 1, .max] {
      XCTAssertFalse(set.contains(key), "\(key)")
    }
    XCTAssertFalse(StoreKeySet(ascending: []).contains(1))
  }

  func testKeysOutOfOrderAreNotAscending() {
    XCTAssertFalse(EntityTable.ascend([1, 3, 2]))
    XCTAssertFalse(EntityTable.ascend([1, 2, 2, 4]), "a key listed twice does not ascend")
    XCTAssertTrue(EntityTable.ascend([]))
    XCTAssertTrue(EntityTable.ascend([7]))
  }

  func testOtherKeysAreEachInsertedOnceDenseOrSparse() {
    for nextKey: Int64 in [10, 1 << 50] {
      var set = StoreKeySet(nextKey: nextKey, count: 3)
      XCTAssertTrue(set.insert(3))
      XCTAssertTrue(set.insert(1))
      XCTAssertFalse(set.insert(3), "next key \(nextKey)")
      XCTAssertTrue(set.contains(1))
      XCTAssertFalse(set.contains(2))
      XCTAssertFalse(set.contains(-1))
    }
  }
}
