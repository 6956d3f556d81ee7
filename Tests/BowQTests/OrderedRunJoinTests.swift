import Foundation
import XCTest

@testable import BowQ

/// Runs decoded on several threads, finishing in any order, are joined in run order, and the
/// first failing run in that order gives the error, whichever thread meets its error first;
/// decoding ends even when the threads do not all run at once.
final class OrderedRunJoinTests: XCTestCase {
  private struct Failure: Error, Equatable {
    var run: Int
  }

  /// Decodes `runs` runs of `rowsPerRun` integers (run `r` holds `r * rowsPerRun …`) on
  /// `threads` threads taking runs as the decoder does, each run after a random pause,
  /// failing the runs in `failing` (with `oneAtATime`, the threads run one after another);
  /// answers the joined integers or the error, and how many releases.
  private func join(
    runs: Int, threads: Int, failing: Set<Int> = [], seed: UInt64, oneAtATime: Bool = false
  ) -> (result: Result<[Int64], any Error>, releases: Int) {
    let rowsPerRun = 3
    let releases = Counter()
    let join = OrderedRunJoin<ColumnBuilder, ColumnBuilder>(
      ColumnBuilder(.integers), runs: runs, releaseEvery: 4,
      releaseInput: releases.increment, append: { $0.append(contentsOf: $1) })
    let work = { @Sendable (thread: Int) in
      var random = SplitMix64(seed: seed &+ UInt64(thread))
      while let run = join.claim() {
        usleep(UInt32(random.below(300)))
        let result: Result<ColumnBuilder, any Error>
        if failing.contains(run) {
          result = .failure(Failure(run: run))
        } else {
          var part = ColumnBuilder(.integers)
          for row in 0..<rowsPerRun { part.append(integer: Int64(run * rowsPerRun + row)) }
          result = .success(part)
        }
        guard join.join(run, result) else { return }
      }
    }
    if oneAtATime {
      for thread in 0..<threads { work(thread) }
    } else {
      DispatchQueue.concurrentPerform(iterations: threads, execute: work)
    }
    let result = Result {
      let column = try join.result().column()
      return (0..<column.count).map { row -> Int64 in
        guard case .int(let value) = column.value(at: row) else { return -1 }
        return value
      }
    }
    return (result, releases.count)
  }

  func testRunsFinishingInAnyOrderAreJoinedInRunOrder() throws {
    for threads in [1, 2, 4, 16] {
      for seed: UInt64 in 1...5 {
        let (result, releases) = join(runs: 40, threads: threads, seed: seed)
        XCTAssertEqual(try result.get(), (0..<120).map(Int64.init), "\(threads) threads")
        XCTAssertEqual(releases, 10, "\(threads) threads")
      }
    }
  }

  func testDecodingEndsWhenTheThreadsRunOneAfterAnother() throws {
    let (result, releases) = join(runs: 40, threads: 8, seed: 3, oneAtATime: true)
    XCTAssertEqual(try result.get(), (0..<120).map(Int64.init))
    XCTAssertEqual(releases, 10)
    XCTAssertThrowsError(
      try join(runs: 40, threads: 8, failing: [5, 30], seed: 3, oneAtATime: true).result.get()
    ) {
      XCTAssertEqual($0 as? Failure, Failure(run: 5))
    }
  }

  func testTheFirstFailingRunInRunOrderGivesTheError() {
    for threads in [1, 2, 4, 16] {
      for (failing, first) in [([31, 7, 12], 7), ([39], 39), ([0, 1], 0), ([22, 21], 21)] {
        let (result, _) = join(runs: 40, threads: threads, failing: Set(failing), seed: 9)
        XCTAssertThrowsError(try result.get(), "\(threads) threads") {
          XCTAssertEqual($0 as? Failure, Failure(run: first), "\(threads) threads \(failing)")
        }
      }
    }
  }
}

/// A count shared by the decoding threads.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  var count: Int { lock.withLock { value } }

  func increment() {
    lock.withLock { value += 1 }
  }
}
