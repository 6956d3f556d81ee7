import Foundation

/// The rows of an entity being decoded from a store on several threads: each run of rows is
/// decoded into a part of its own (its columns, or how many of its rows a predicate holds
/// for), then joined to the parts before it, in row order, by the thread that decoded it.
///
/// Threads take runs in order (``claim()``), and a thread that has decoded a run waits until
/// the run before it is joined, joins its own, and takes the next run left: on two
/// processors, two threads share both the decoding and the joining, none exists only to
/// join, and a thread held up (letting the file's pages go, for one) takes fewer runs. At
/// most one run per thread is decoded and not yet joined. Joins never overlap, and each is
/// handed from thread to thread under the lock, so they run as if on one thread.
///
/// The thread holding the first run not yet joined never waits, since every run before it
/// is joined: so decoding ends however few of the threads run at once (`concurrentPerform`
/// may run its iterations one after another), which taking runs in a fixed turn would not
/// ensure.
///
/// The first failing run in row order ends the decoding: its error is the one a single
/// thread would report.
final class OrderedRunJoin<Part, Joined>: @unchecked Sendable {
  private let condition = NSCondition()
  /// How many runs are joined: the next run to join.
  private var joinedCount = 0
  /// How many runs were taken by a thread: the next run to decode.
  private var claimedCount = 0
  private let runCount: Int
  private var failure: (any Error)?
  /// The runs joined so far: the entity's columns, or a count.
  private var joined: Joined
  /// Joins the next run's part to `joined`.
  private let append: (inout Joined, Part) -> Void
  /// How many runs are joined between two calls of `releaseInput`.
  private let releaseEvery: Int
  private let releaseInput: (() -> Void)?

  /// Joins `runs` runs to `joined` with `append`, calling `releaseInput` once every
  /// `releaseEvery` runs joined (on the joining thread), to let the memory of the bytes
  /// already read go.
  init(
    _ joined: Joined, runs: Int, releaseEvery: Int, releaseInput: (() -> Void)?,
    append: @escaping (inout Joined, Part) -> Void
  ) {
    self.joined = joined
    self.append = append
    runCount = runs
    self.releaseEvery = max(releaseEvery, 1)
    self.releaseInput = releaseInput
  }

  /// The next run to decode, runs being taken in order; nil when every run is taken, or
  /// when one failed.
  func claim() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard failure == nil, claimedCount < runCount else { return nil }
    claimedCount += 1
    return claimedCount - 1
  }

  /// Joins the result of decoding run `run` once every run before it is joined: false when
  /// it or a run before it failed, and nothing more is to be decoded.
  func join(_ run: Int, _ result: Result<Part, any Error>) -> Bool {
    condition.lock()
    while failure == nil, joinedCount < run { condition.wait() }
    guard failure == nil else {
      condition.unlock()
      return false
    }
    condition.unlock()
    let part: Part
    do {
      part = try result.get()
    } catch {
      condition.lock()
      failure = error
      condition.broadcast()
      condition.unlock()
      return false
    }
    append(&joined, part)
    condition.lock()
    joinedCount += 1
    condition.broadcast()
    let releases = joinedCount % releaseEvery == 0
    condition.unlock()
    if releases { releaseInput?() }
    return true
  }

  /// The runs joined, once every thread is done: the error of the first failing run in row
  /// order, if one failed.
  func result() throws -> Joined {
    condition.lock()
    defer { condition.unlock() }
    if let failure { throw failure }
    return joined
  }
}
