import XCTest

@testable import BowQ

/// Entries a store file kept in order are taken as they are read: the index is the one
/// sorting them would make, and any entry out of order (within a block or across the cut
/// between two), or one that belongs apart, refuses the whole list.
final class OrderedIndexInOrderTests: XCTestCase {
  private func entry(_ value: Value, _ key: Int64, _ rest: [Value] = []) -> OrderedIndex.Entry {
    OrderedIndex.Entry(values: IndexValues(first: value, rest: rest), key: key)
  }

  /// Values of every kind the order decides on plain values, with ties broken by key, and
  /// a kind it decides through `Value` (strings not all ASCII; two attributes).
  private func orderedLists() -> [[OrderedIndex.Entry]] {
    var random = SplitMix64(seed: 41)
    let count = OrderedIndex.maximumBlock * 3 + 17
    func list(_ value: (Int) -> Value, _ rest: (Int) -> [Value] = { _ in [] })
      -> [OrderedIndex.Entry]
    {
      OrderedIndex((0..<count).map { entry(value($0), Int64($0 + 1), rest($0)) }).entries
    }
    return [
      list { _ in .int(Int64(random.int(in: 0...40))) },
      list { _ in .double(Double(random.int(in: 0...40)) / 4) },
      list { _ in .date(Date(timeIntervalSinceReferenceDate: Double(random.int(in: 0...40)))) },
      list { _ in .string(["R", "B", "Blue", "réd", "Zed"][random.int(in: 0...4)]) },
      list(
        { _ in .int(Int64(random.int(in: 0...3))) }, { _ in [.int(Int64(random.int(in: 0...9)))] }),
    ]
  }

  func testEntriesInOrderMakeTheIndexSortingWouldMake() throws {
    for ordered in orderedLists() {
      let apart = [entry(.null, 100_000), entry(.double(.nan), 100_001)]
      let sorted = OrderedIndex(ordered + apart)
      let taken = try XCTUnwrap(OrderedIndex(inOrder: ordered, apart: apart))
      XCTAssertEqual(taken.entries.map(\.key), sorted.entries.map(\.key))
      XCTAssertEqual(taken.count, sorted.count)
      XCTAssertEqual(taken.nils, sorted.nils)
      XCTAssertEqual(taken.unordered, sorted.unordered)
      XCTAssertEqual(taken.blocks.map(\.count), sorted.blocks.map(\.count))
    }
  }

  func testAnEntryOutOfOrderRefusesTheList() {
    let half = OrderedIndex.maximumBlock / 2
    for ordered in orderedLists() {
      // Within the first block, across the cut between the first two, and the last two.
      for place in [3, half - 1, ordered.count - 2] {
        let first = ordered[place]
        let second = ordered[place + 1]
        guard OrderedIndex.precedes(first, second) else { continue }
        var swapped = ordered
        swapped.swapAt(place, place + 1)
        XCTAssertNil(OrderedIndex(inOrder: swapped, apart: []), "swapped at \(place)")
      }
      XCTAssertNil(OrderedIndex(inOrder: ordered + [ordered[0]], apart: []), "a repeat")
    }
  }

  func testAnEntryOfTheWrongSideRefusesTheList() {
    let ordered = [entry(.int(1), 1), entry(.int(2), 2)]
    XCTAssertNil(OrderedIndex(inOrder: ordered + [entry(.null, 3)], apart: []))
    XCTAssertNil(OrderedIndex(inOrder: ordered, apart: [entry(.int(3), 3)]))
    XCTAssertNotNil(OrderedIndex(inOrder: ordered, apart: [entry(.null, 3)]))
  }
}
