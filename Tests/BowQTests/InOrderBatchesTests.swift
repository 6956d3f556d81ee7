import Foundation
import XCTest

@testable import BowQ

/// ``InOrderBatches`` hands on what each batch made in the order of the elements, with the
/// place of each batch's first element, and the error of the first failing batch.
final class InOrderBatchesTests: XCTestCase {
  private struct Failure: Error, Equatable {
    var first: Int
  }

  func testBatchesAreTakenInOrderWithTheirPlaces() throws {
    for count in [0, 1, InOrderBatches.smallest, 10_000] {
      var taken: [Int] = []
      var firsts: [Int] = []
      InOrderBatches.run(
        0..<count, check: { _ in },
        make: { batch, first in
          XCTAssertEqual(batch.first, batch.isEmpty ? nil : first)
          return (first, Array(batch))
        },
        take: { first, batch in
          firsts.append(first)
          taken += batch
        }, bytes: { $0.1.count })
      XCTAssertEqual(taken, Array(0..<count))
      XCTAssertEqual(firsts, firsts.sorted())
      XCTAssertEqual(firsts.first, count == 0 ? nil : 0)
    }
  }

  func testElementsThatMakeMuchComeFewAtATime() throws {
    var lengths: [Int] = []
    InOrderBatches.run(
      0..<1_000, check: { _ in }, make: { batch, _ in batch.count },
      take: { lengths.append($0) }, bytes: { $0 * InOrderBatches.pieceBytes })
    let firstRound = ProcessInfo.processInfo.activeProcessorCount
    XCTAssertEqual(lengths.reduce(0, +), 1_000)
    XCTAssertEqual(lengths.first, InOrderBatches.smallest)
    XCTAssertEqual(Set(lengths.dropFirst(firstRound)), [1])
  }

  func testTheFirstFailingBatchInOrderIsReportedAfterThoseBeforeIt() {
    var taken = 0
    XCTAssertThrowsError(
      try InOrderBatches.run(
        0..<10_000, check: { _ throws in },
        make: { batch, first in
          if batch.contains(where: { $0 >= 5_000 }) { throw Failure(first: first) }
          return batch.count
        },
        take: { taken += $0 }, bytes: { $0 })
    ) { error in
      XCTAssertEqual((error as? Failure)?.first, taken)
    }
    XCTAssertLessThanOrEqual(taken, 5_000)
    XCTAssertGreaterThan(taken, 0)
  }
}
