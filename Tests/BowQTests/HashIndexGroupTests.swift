import XCTest

@testable import BowQ

/// A hash index's groups: a group of one key holds it without an array, groups stay in
/// ascending order through inserts and removals, and a group that empties is gone.
final class HashIndexGroupTests: XCTestCase {
  func testAGroupOfOneHoldsItsKeyInPlace() {
    let index = HashIndex([(.string("a"), 3), (.string("b"), 1), (.string("a"), 2)])
    XCTAssertEqual(index.groups[.string("b")], .one(1))
    XCTAssertEqual(index.groups[.string("a")], .many([2, 3]))
    XCTAssertEqual(index.keys(of: .string("a")), [2, 3])
    XCTAssertEqual(index.count(of: .string("a")), 2)
    XCTAssertEqual(index.count(of: .string("z")), 0)
    XCTAssertEqual(index.keys(of: .string("z")), [])
  }

  func testInsertsAndRemovalsKeepEachGroupInOrder() {
    var index = HashIndex([])
    for key: Int64 in [5, 1, 9, 3, 3] { index.insert(.int(7), key: key) }
    XCTAssertEqual(index.groups[.int(7)], .many([1, 3, 5, 9]))
    index.remove(.int(7), key: 4)
    XCTAssertEqual(index.keys(of: .int(7)), [1, 3, 5, 9])
    for key: Int64 in [1, 9, 3] { index.remove(.int(7), key: key) }
    XCTAssertEqual(index.groups[.int(7)], .one(5), "a group left with one key holds it in place")
    index.remove(.int(7), key: 5)
    XCTAssertNil(index.groups[.int(7)])
    index.insert(.double(.nan), key: 1)
    XCTAssertTrue(index.groups.isEmpty, "NaN equals nothing, so it has no group")
  }

  func testKeysFromAFileAreOrderedAndMayNotRepeat() {
    XCTAssertEqual(HashIndex.Keys([4]), .one(4))
    XCTAssertEqual(HashIndex.Keys([4, 2, 8]), .many([2, 4, 8]))
    XCTAssertNil(HashIndex.Keys([4, 2, 4]))
    XCTAssertNil(HashIndex.Keys([Int64]()))
    XCTAssertNil(HashIndex(groups: [(.int(1), .one(1)), (.int(1), .one(2))], apart: []))
    XCTAssertNil(HashIndex(groups: [(.int(1), .one(1))], apart: [.int(2)]))
    XCTAssertEqual(
      HashIndex(groups: [(.int(1), .one(1)), (.int(2), .many([2, 3]))], apart: [.double(.nan)])?
        .keys(of: .int(2)), [2, 3])
  }
}
