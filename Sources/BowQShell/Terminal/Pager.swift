import BowQ
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pager that results taller than the terminal go through, as psql sends them to
/// `$PAGER`: `less -FRX` unless the environment names another (an empty `PAGER` turns it
/// off). The command runs through `/bin/sh -c` with the result on its standard input.
public struct Pager: Sendable {
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

  /// Runs the pager and hands `body` a writer to its input; returns once the pager has
  /// ended. Writing stops quietly when the person leaves the pager early. False when the
  /// pager cannot be started (the text then belongs on the terminal itself).
  public func show(_ body: (_ write: (String) -> Void) throws(Interrupted) -> Void)
    throws(Interrupted) -> Bool
  {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { return false }
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
      return false
    }
    // A person who leaves the pager early closes the pipe: writes then fail with EPIPE,
    // which must not end bowq.
    let previous = signal(SIGPIPE, SIG_IGN)
    var open = true
    defer {
      close(pipe[1])
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      signal(SIGPIPE, previous)
    }
    try body { text in
      guard open else { return }
      var bytes = Array(text.utf8)[...]
      while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(pipe[1], $0.baseAddress, $0.count) }
        if written < 0 {
          if errno == EINTR { continue }
          open = false
          return
        }
        bytes = bytes.dropFirst(written)
      }
    }
    return true
  }
}
