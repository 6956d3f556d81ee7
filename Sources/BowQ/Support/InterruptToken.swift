import Synchronization

/// A request to stop the work of one owner (an ``Interpreter``), which that work polls
/// through ``Interrupt``; safe to request from another thread or a signal handler. The
/// same polls tell how far the work has come (``progress``), for a terminal to show.
public final class InterruptToken: Sendable {
  private let flag = Atomic<Bool>(false)
  private let looks = Atomic<Int>(0)
  /// The steps the checks stand for (``checkStep(advancing:)``).
  private let stepsChecked = Atomic<Int>(0)
  private let work = Mutex<Work?>(nil)

  /// The part of the work under way that said how many steps it takes (``begin(_:steps:)``).
  private struct Work {
    var name: String
    /// ``stepsChecked`` when it began.
    var stepsBefore: Int
    var steps: Int
  }

  /// How far the work under way has come.
  public struct Progress: Hashable, Sendable {
    /// What it is doing, as ``begin(_:steps:)`` named it: "filtering BowTie".
    public var work: String
    /// The part of its steps done, from 0 to 1.
    public var fraction: Double
  }

  public init() {}

  /// Whether a stop was requested since the last ``reset()``.
  public var isRequested: Bool {
    flag.load(ordering: .relaxed)
  }

  /// How many times long work checked this token at a step of its loop
  /// (``checkStep(advancing:)``): a test that must stop a statement in the middle waits for it to
  /// grow, instead of for time to pass.
  public var checks: Int {
    looks.load(ordering: .relaxed)
  }

  /// Forgets an earlier request, and the work that said how far it had come.
  public func reset() {
    flag.store(false, ordering: .relaxed)
    work.withLock { $0 = nil }
  }

  /// Says that the work under way is now `name`, of about `steps` steps of loops that check
  /// the token as they go (``checkStep(advancing:)``); it replaces the work said before.
  public func begin(_ name: String, steps: Int) {
    let before = stepsChecked.load(ordering: .relaxed)
    work.withLock { $0 = Work(name: name, stepsBefore: before, steps: max(steps, 1)) }
  }

  /// How far the work last begun (``begin(_:steps:)``) has come; nil when none said so since
  /// the last ``reset()``.
  public var progress: Progress? {
    let checked = stepsChecked.load(ordering: .relaxed)
    return work.withLock { work in
      work.map { work in
        let done = Double(checked - work.stepsBefore)
        return Progress(work: work.name, fraction: min(done / Double(work.steps), 1))
      }
    }
  }

  /// Asks the work under way to stop; safe to call from a signal handler.
  public func request() {
    flag.store(true, ordering: .relaxed)
  }

  /// Throws ``Interrupted`` when a stop was requested.
  public func check() throws(Interrupted) {
    if isRequested { throw Interrupted() }
  }

  /// ``check()`` at a step of a long loop, counted in ``checks``, after `steps` steps of it
  /// since its last check (``Interrupt/check(every:)`` checks every 1,024th).
  public func checkStep(advancing steps: Int = Interrupt.stepsPerCheck) throws(Interrupted) {
    looks.add(1, ordering: .relaxed)
    stepsChecked.add(steps, ordering: .relaxed)
    try check()
  }
}
