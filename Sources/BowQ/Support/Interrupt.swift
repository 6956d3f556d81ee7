/// The engine's interrupt seam: Ctrl-C as a token that long work polls, as sqlite3's
/// `sqlite3_interrupt` and lua.c's hook do.
///
/// Each ``Interpreter`` owns an ``InterruptToken`` and hands it down to the work of the
/// statement it runs as ``token``, a task-local value: scans, sorts, edits being worked out,
/// imports, saves and SQLite's progress handler call ``check()`` as they go and stop with
/// ``Interrupted``; a statement stopped so changes nothing, and a save stopped so writes
/// nothing. Two interpreters in one program are so stopped apart, each by its own token.
/// The shell's SIGINT handler requests the token of the interpreter running, and the shell
/// resets it before each statement, so a Ctrl-C pressed during one does not cancel the next.
public enum Interrupt {
  /// The token of the work running on this task or thread: the interpreter's whose
  /// statement it is, or, outside any statement, one the process shares.
  @TaskLocal public static var token = InterruptToken()

  /// Whether the running work's ``token`` was requested since its last reset.
  public static var isRequested: Bool { token.isRequested }

  /// Forgets an earlier request of the running work's ``token``.
  public static func reset() { token.reset() }

  /// Asks the running work (``token``) to stop.
  public static func request() { token.request() }

  /// Throws ``Interrupted`` when the running work's ``token`` was requested.
  public static func check() throws(Interrupted) { try token.check() }

  /// How many steps of a loop one of its checks stands for (``check(every:)``).
  public static let stepsPerCheck = 1024

  /// Checks every 1,024th step of a loop (`step` counting from 0): often enough to stop
  /// within milliseconds, rarely enough to cost nothing measurable.
  @inline(__always)
  public static func check(every step: Int) throws(Interrupted) {
    if step & (stepsPerCheck - 1) == 0 { try token.checkStep() }
  }

  /// Says that the running work is now `name`, of about `steps` steps of loops that check
  /// as they go (``check(every:)``): what a terminal shows of a long statement
  /// (``InterruptToken/progress``).
  public static func begin(_ name: String, steps: Int) {
    token.begin(name, steps: steps)
  }
}
