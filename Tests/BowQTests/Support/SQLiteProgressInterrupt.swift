import Dispatch
import Synchronization
import XCTest

@testable import BowQ

extension XCTestCase {
  /// Runs `body`, pressing Ctrl-C (requesting `interrupt`, the token of the interpreter
  /// `body` runs) from another thread once SQLite has looked for it `budget` times while
  /// `body` runs — in the middle of a statement, after a count of its steps rather than a
  /// time — and answers what `body` answered.
  func pressingCtrlCInsideSQLite<T>(
    of interrupt: InterruptToken, afterChecks budget: Int = 1_000, _ body: () throws -> T
  ) rethrows -> T {
    let done = ProgressWatch()
    let target = SQLiteConnection.progressChecks.load(ordering: .relaxed) + budget
    let watcher = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      while !done.flag.load(ordering: .relaxed),
        SQLiteConnection.progressChecks.load(ordering: .relaxed) < target
      {
        sched_yield()
      }
      if !done.flag.load(ordering: .relaxed) { interrupt.request() }
      watcher.signal()
    }
    defer {
      done.flag.store(true, ordering: .relaxed)
      watcher.wait()
    }
    return try body()
  }
}

/// Whether the statement a ``XCTestCase/pressingCtrlCInsideSQLite(of:afterChecks:_:)`` watches
/// has ended, shared with its watching thread.
private final class ProgressWatch: Sendable {
  let flag = Atomic<Bool>(false)
}
