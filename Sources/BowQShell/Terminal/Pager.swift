import BowQ
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What results taller than the terminal go through at the prompt: ``Pager``, the
/// `$PAGER` command, or anything else that shows text (a test's).
public protocol Paging: Sendable {
  /// The command, as a message about a pager that failed names it.
  var command: String { get }

  /// Hands `body` a writer to the pager and returns once the pager has ended, or says
  /// why it could not show the text.
  func show(_ body: (_ write: (String) -> Void) throws(Interrupted) -> Void)
    throws(Interrupted) -> Pager.Outcome
}

/// A pager that results taller than the terminal go through, as psql sends them to
/// `$PAGER`: `less -FRX` unless the environment names another (an empty `PAGER` turns it
/// off). The command runs through `/bin/sh -c` with the result on its standard input.
public struct Pager: Paging {
  /// The command, as a shell reads it.
  public var command: String

  public init(command: String) {
    self.command = command
  }

  /// The pager the environment asks for: `$PAGER`; without one, `less -FRX` when `less` is
  /// on the `PATH` (a result must never vanish into a pager that is not there); nil when
  /// `PAGER` is set empty.
  public static func fromEnvironment(_ environment: [String: String]) -> Pager? {
    guard let command = environment["PAGER"] else {
      let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
      let hasLess = folders.contains { access("\($0)/less", X_OK) == 0 }
      return hasLess ? Pager(command: "less -FRX") : nil
    }
    return command.trimmingCharacters(in: .whitespaces).isEmpty ? nil : Pager(command: command)
  }

  /// What became of a result given to the pager.
  public enum Outcome: Hashable, Sendable {
    /// The pager showed it (or the person left it early).
    case shown
    /// The pager could not be started, or ended in failure (`/bin/sh` answers 127 for a
    /// command it cannot find): the result belongs on the terminal itself. `reason` says
    /// why, as `the shell found no such command (status 127)`.
    case failed(reason: String)
  }

  /// Runs the pager and hands `body` a writer to its input; returns once the pager has
  /// ended. Writing stops quietly when the person leaves the pager early; a pager that
  /// cannot be started, or ends with a failing status, is ``Outcome/failed(reason:)``.
  public func show(_ body: (_ write: (String) -> Void) throws(Interrupted) -> Void)
    throws(Interrupted) -> Outcome
  {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else {
      return .failed(reason: "cannot make a pipe: \(String(cString: strerror(errno)))")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipe[0], 0)
    posix_spawn_file_actions_addclose(&actions, pipe[1])
    let words: [String] = ["/bin/sh", "-c", command]
    let argv = words.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
    close(pipe[0])
    guard spawned == 0 else {
      close(pipe[1])
      return .failed(reason: "cannot run /bin/sh: \(String(cString: strerror(spawned)))")
    }
    // A person who leaves the pager early closes the pipe: writes then fail with EPIPE,
    // which must not end bowq.
    let previous = signal(SIGPIPE, SIG_IGN)
    var open = true
    var status: Int32 = 0
    /// Closes the pager's input and waits for it to end.
    func end() {
      close(pipe[1])
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      signal(SIGPIPE, previous)
    }
    /// Writes to the pager's input, until the pager closes it.
    func writeToPager(_ text: String) {
      guard open else { return }
      open = SystemCall.writeAll(text, to: pipe[1]) == 0
    }
    do throws(Interrupted) {
      try body(writeToPager)
    } catch {
      end()
      throw error
    }
    end()
    return Self.outcome(ofStatus: status)
  }

  /// What the pager's exit `status` (as `waitpid` gives it) tells: shown, unless it exited
  /// with a failing status. A pager a signal ended (Ctrl-C in `more`) showed what it could.
  static func outcome(ofStatus status: Int32) -> Outcome {
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    guard status & 0x7f == 0 else { return .shown }
    switch (status >> 8) & 0xff {
    case 0: return .shown
    case 126: return .failed(reason: "the shell cannot run it (status 126)")
    case 127: return .failed(reason: "the shell found no such command (status 127)")
    case let code: return .failed(reason: "it ended with status \(code)")
    }
  }
}
