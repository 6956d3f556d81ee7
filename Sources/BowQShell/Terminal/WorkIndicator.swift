import BowQ
import Dispatch
import Foundation

/// A line at the terminal that says a statement is still running once it has run for a
/// moment, with its seconds so far, what it is doing and how far it has come when its work
/// said so (``InterruptToken/progress``), and that Ctrl-C stops it, erased before anything
/// else is written: `… still running, 3 s: saving, 42% (Ctrl-C stops it)`.
///
/// It writes to standard error only when that is a terminal, from a timer of its own; the
/// statement's thread stops it (``stop()``) before printing its result or error.
final class WorkIndicator: @unchecked Sendable {
  /// How long a statement runs before the line appears, and between its updates.
  static let delay = DispatchTimeInterval.seconds(1)

  private let lock = NSLock()
  private let token: InterruptToken
  private let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
  private var seconds = 0
  private var shown = false
  private var stopped = false

  /// Runs `work`, with the line shown while it runs past ``delay`` when standard error is a
  /// terminal, and how far it has come as `token` tells.
  static func whileRunning<T>(watching token: InterruptToken, _ work: () throws -> T) rethrows
    -> T
  {
    guard isatty(STDERR_FILENO) == 1 else { return try work() }
    let indicator = WorkIndicator(watching: token)
    defer { indicator.stop() }
    return try work()
  }

  private init(watching token: InterruptToken) {
    self.token = token
    timer.schedule(deadline: .now() + Self.delay, repeating: Self.delay)
    timer.setEventHandler { [weak self] in self?.tick() }
    timer.resume()
  }

  private func tick() {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    seconds += 1
    write("\r\(Self.line(seconds: seconds, progress: token.progress))\u{1B}[K")
    shown = true
  }

  /// The line after `seconds`: the work's name and how much of it is done, in whole percent
  /// below 100 while it runs.
  static func line(seconds: Int, progress: InterruptToken.Progress?) -> String {
    guard let progress else { return "… still running, \(seconds) s (Ctrl-C stops it)" }
    let percent = min(Int(progress.fraction * 100), 99)
    return "… still running, \(seconds) s: \(progress.work), \(percent)% (Ctrl-C stops it)"
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
    SystemCall.writeAll(text, to: STDERR_FILENO)
  }
}
