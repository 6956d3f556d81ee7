import BowQ
import Glibc
import Synchronization

extension Interrupt {
  /// The token SIGINT requests, as the bits of an unretained reference (0: none), which a
  /// signal handler can read without a lock; ``signalTargetOwner`` keeps it alive.
  private static let signalTarget = Atomic<UInt>(0)
  private static let signalTargetOwner = Mutex<InterruptToken?>(nil)

  /// Installs the SIGINT handler that requests an interrupt of the running work's
  /// ``Interrupt/token`` (until ``aimHandler(at:)`` names another), so Ctrl-C stops the
  /// statement running (or drops the line being typed) instead of ending the process.
  ///
  /// The handler is installed with `sigaction` and no `SA_RESTART`: a blocking `read` or
  /// libedit's `el_gets` then returns `EINTR`, which is how readers notice Ctrl-C.
  public static func installHandler() {
    aimHandler(at: token)
    reset()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      let bits = Interrupt.signalTarget.load(ordering: .acquiring)
      guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return }
      Unmanaged<InterruptToken>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.request() }
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }

  /// Makes Ctrl-C request `token` from now on (the token of the interpreter about to run);
  /// answers the token it requested before.
  @discardableResult
  public static func aimHandler(at token: InterruptToken) -> InterruptToken? {
    signalTargetOwner.withLock { owner in
      let previous = owner
      owner = token
      signalTarget.store(
        UInt(bitPattern: Unmanaged.passUnretained(token).toOpaque()), ordering: .releasing)
      return previous
    }
  }

  /// Gives SIGINT back its default action, ending the process, as before
  /// ``installHandler()``.
  public static func removeHandler() {
    signal(SIGINT, SIG_DFL)
    reset()
  }
}
