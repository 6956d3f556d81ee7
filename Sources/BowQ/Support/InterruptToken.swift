import Synchronization

/// A request to stop the work of one owner (an ``Interpreter``), which that work polls
/// through ``Interrupt``; safe to request from another thread or a signal handler.
public final class InterruptToken: Sendable {
  private let flag = Atomic<Bool>(false)
  private let looks = Atomic<Int>(0)

  public init() {}

  /// Whether a stop was requested since the last ``reset()``.
  public var isRequested: Bool {
    flag.load(ordering: .relaxed)
  }

  /// How many times long work checked this token at a step of its loop
  /// (``checkStep()``): a test that must stop a statement in the middle waits for it to
  /// grow, instead of for time to pass.
  public var checks: Int {
    looks.load(ordering: .relaxed)
  }

  /// Forgets an earlier request.
  public func reset() {
    flag.store(false, ordering: .relaxed)
  }

  /// Asks the work under way to stop; safe to call from a signal handler.
  public func request() {
    flag.store(true, ordering: .relaxed)
  }

  /// Throws ``Interrupted`` when a stop was requested.
  public func check() throws(Interrupted) {
    if isRequested { throw Interrupted() }
  }

  /// ``check()`` at a step of a long loop, counted in ``checks``.
  public func checkStep() throws(Interrupted) {
    looks.add(1, ordering: .relaxed)
    try check()
  }
}
