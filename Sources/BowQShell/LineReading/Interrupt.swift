import Glibc
import Synchronization

/// Ctrl-C as a flag: the SIGINT handler sets it and long-running work polls it.
///
/// Work that can take a while (fetch, sort, save, a script) checks ``isRequested`` and
/// stops cleanly; the interactive reader calls ``reset()`` before each prompt so that a
/// Ctrl-C pressed during one statement does not cancel the next line.
public enum Interrupt {
  private static let flag = Atomic<Bool>(false)

  /// Whether Ctrl-C was pressed since the last ``reset()``.
  public static var isRequested: Bool {
    flag.load(ordering: .relaxed)
  }

  /// Forgets an earlier Ctrl-C.
  public static func reset() {
    flag.store(false, ordering: .relaxed)
  }

  /// Sets the flag, as the SIGINT handler does.
  public static func request() {
    flag.store(true, ordering: .relaxed)
  }

  /// Installs the SIGINT handler that sets the flag, so Ctrl-C no longer ends the process.
  ///
  /// The handler is installed with `sigaction` and no `SA_RESTART`: a blocking `read` or
  /// libedit's `el_gets` then returns `EINTR`, which is how readers notice Ctrl-C.
  public static func installHandler() {
    reset()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in Interrupt.request() }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
  }
}
