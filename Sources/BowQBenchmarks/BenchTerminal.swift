import Foundation

/// A program running at a real terminal: a detached tmux session the benchmark types into
/// (`send-keys`) and reads back (`capture-pane`), as a person at the shell would see it.
final class BenchTerminal {
  private let session: String

  /// Starts `command` in a new tmux session of `columns` × `rows`.
  init(_ command: [String], columns: Int = 120, rows: Int = 40) throws {
    session = "bowq-bench-\(getpid())"
    try Self.tmux(
      [
        "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", String(columns), "-y",
        String(rows), "env", "TERM=tmux-256color",
      ] + command)
  }

  deinit { _ = try? Self.tmux(["kill-session", "-t", session]) }

  /// Types `line` and presses Enter.
  func enter(_ line: String) throws {
    try Self.tmux(["send-keys", "-t", session, "-l", line])
    try Self.tmux(["send-keys", "-t", session, "Enter"])
  }

  /// Presses a key by its tmux name (`C-c`).
  func press(_ key: String) throws {
    try Self.tmux(["send-keys", "-t", session, key])
  }

  /// Everything the terminal has shown, its scroll-back included.
  func screen() throws -> String {
    try StoreChildProcess.run(["tmux", "capture-pane", "-p", "-J", "-S", "-", "-t", session])
      .output
  }

  /// Polls the screen until `text` appears `count` times; returns the seconds waited, or
  /// nil at `timeout`. `pause` is the seconds between two looks (see
  /// ``wait(timeout:pause:until:)``).
  func wait(for text: String, count: Int = 1, timeout: Double, pause: Double = 0.001) throws
    -> Double?
  {
    try wait(timeout: timeout, pause: pause) { Self.occurrences(of: text, in: $0) >= count }?
      .seconds
  }

  /// Polls the screen until `condition` holds for it; returns the seconds waited and the
  /// screen, or nil at `timeout`. Each look runs a tmux client, which takes a processor
  /// for a moment: a wait for what bowq times itself looks seldom (`pause`), so as not to
  /// compete with the statement it waits for.
  func wait(timeout: Double, pause: Double = 0.001, until condition: (String) -> Bool) throws
    -> (seconds: Double, screen: String)?
  {
    let start = DispatchTime.now().uptimeNanoseconds
    while true {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      let screen = try screen()
      if condition(screen) { return (elapsed, screen) }
      if elapsed > timeout { return nil }
      usleep(UInt32(pause * 1e6))
    }
  }

  /// How many times `text` is on `screen`.
  static func occurrences(of text: String, in screen: String) -> Int {
    screen.components(separatedBy: text).count - 1
  }

  /// Runs a tmux command that prints nothing. Its descriptors are /dev/null: `new-session`
  /// starts the tmux server, a daemon that would otherwise keep a pipe of ours open.
  private static func tmux(_ arguments: [String]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
    }
    let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    guard posix_spawnp(&pid, "tmux", &actions, nil, argv, environ) == 0 else {
      throw BenchmarkError("cannot run tmux")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    guard status == 0 else { throw BenchmarkError("tmux \(arguments.first ?? "") failed") }
  }
}
