import BowQ
import Glibc

extension Interrupt {
  /// Installs the SIGINT handler that requests an interrupt, so Ctrl-C stops the statement
  /// running (or drops the line being typed) instead of ending the process.
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

  /// Gives SIGINT back its default action, ending the process, as before
  /// ``installHandler()``.
  public static func removeHandler() {
    signal(SIGINT, SIG_DFL)
    reset()
  }
}
