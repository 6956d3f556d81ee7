import Synchronization

/// The engine's one interrupt seam: Ctrl-C as a flag that long work polls, as sqlite3's
/// `sqlite3_interrupt` and lua.c's hook do.
///
/// The shell's SIGINT handler calls ``request()``. Scans, sorts, edits being worked out,
/// imports and saves call ``check()`` as they go and stop with ``Interrupted``; a statement
/// stopped so changes nothing, and a save stopped so writes nothing. The shell calls
/// ``reset()`` before each statement, so a Ctrl-C pressed during one does not cancel the
/// next.
public enum Interrupt {
  private static let flag = Atomic<Bool>(false)

  /// Whether an interrupt was requested since the last ``reset()``.
  public static var isRequested: Bool {
    flag.load(ordering: .relaxed)
  }

  /// Forgets an earlier request.
  public static func reset() {
    flag.store(false, ordering: .relaxed)
  }

  /// Asks the work under way to stop; safe to call from a signal handler.
  public static func request() {
    flag.store(true, ordering: .relaxed)
  }

  /// Throws ``Interrupted`` when an interrupt was requested.
  public static func check() throws(Interrupted) {
    if isRequested { throw Interrupted() }
  }

  /// Checks every 1,024th step of a loop (`step` counting from 0): often enough to stop
  /// within milliseconds, rarely enough to cost nothing measurable.
  @inline(__always)
  public static func check(every step: Int) throws(Interrupted) {
    if step & 1023 == 0 { try check() }
  }
}

/// A statement stopped by ``Interrupt``: it changed nothing.
public struct Interrupted: Error, Hashable, Sendable, CustomStringConvertible {
  public init() {}

  public var description: String { "Interrupted." }
}
