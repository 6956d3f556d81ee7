import Dispatch
import Foundation

/// A line at the terminal that says a statement is still running once it has run for a
/// moment, with its seconds so far and that Ctrl-C stops it, erased before anything else is
/// written: a save or an export of a large store shows it is alive.
///
/// It writes to standard error only when that is a terminal, from a timer of its own; the
/// statement's thread stops it (``stop()``) before printing its result or error.
final class WorkIndicator: @unchecked Sendable {
  /// How long a statement runs before the line appears, and between its updates.
  static let delay = DispatchTimeInterval.seconds(1)

  private let lock = NSLock()
  private let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
  private var seconds = 0
  private var shown = false
  private var stopped = false

  /// Runs `work`, with the line shown while it runs past ``delay`` when standard error is a
  /// terminal.
  static func whileRunning<T>(_ work: () throws -> T) rethrows -> T {
    guard isatty(STDERR_FILENO) == 1 else { return try work() }
    let indicator = WorkIndicator()
    defer { indicator.stop() }
    return try work()
  }

  private init() {
    timer.schedule(deadline: .now() + Self.delay, repeating: Self.delay)
    timer.setEventHandler { [weak self] in self?.tick() }
    timer.resume()
  }

  private func tick() {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    seconds += 1
    write("\r… still running, \(seconds) s (Ctrl-C stops it)\u{1B}[K")
    shown = true
  }

  /// Stops the line, and erases it when it was shown.
  private func stop() {
    timer.cancel()
    lock.lock()
    defer { lock.unlock() }
    stopped = true
    if shown { write("\r\u{1B}[K") }
  }

  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
