import Foundation
import XCTest

/// Drives `bowq` in a real terminal: a detached tmux session, keys sent with `send-keys`
/// and the screen read with `capture-pane`.
struct Terminal {
  let session: String

  /// Starts `bowq arguments…` in a new tmux session of `columns`×`rows`.
  init(
    arguments: [String] = [], home: URL, environment extra: [String: String] = [:],
    columns: Int = 120, rows: Int = 40
  ) throws {
    guard Terminal.tmuxAvailable else {
      throw XCTSkip("tmux is not installed (make test installs it)")
    }
    session = "bowq-test-\(UUID().uuidString.prefix(8))"
    let env = Bowq.environment(home: home, extra: extra).map {
      "\($0.key)=\(Terminal.quote($0.value))"
    }
    .joined(separator: " ")
    let command =
      "env -i TERM=tmux-256color \(env) \(Terminal.quote(Bowq.binary.path)) "
      + arguments.map(Terminal.quote).joined(separator: " ")
      + "; echo \"[EXIT=$?]\"; sleep 600"
    try Terminal.tmux([
      "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", String(columns), "-y",
      String(rows), command,
    ])
  }

  static var tmuxAvailable: Bool {
    (try? tmux(["-V"])) != nil
  }

  /// Types text literally.
  func type(_ text: String) throws {
    try Terminal.tmux(["send-keys", "-t", session, "-l", text])
  }

  /// Presses named keys: `Enter`, `Up`, `C-c`, `C-d`, …
  func press(_ keys: String...) throws {
    try Terminal.tmux(["send-keys", "-t", session] + keys)
  }

  /// Presses named keys once the shell waits at an empty prompt, the last line on the
  /// screen: a key sent while a statement still runs reaches the terminal before line
  /// editing takes it again, and a Ctrl-D there may be taken as end of input by nobody.
  func pressAtPrompt(_ keys: String..., prompt: String = "bowq>", timeout: TimeInterval = 10)
    throws
  {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      last = try screen()
      let lines = last.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      if lines.last(where: { !$0.isEmpty }) == prompt {
        try Terminal.tmux(["send-keys", "-t", session] + keys)
        return
      }
      usleep(50_000)
    }
    XCTFail("timed out waiting for an empty \(prompt) prompt; the screen:\n\(last)")
    throw XCTSkip("the terminal showed no empty prompt")
  }

  /// Types a line and presses Enter.
  func enter(_ line: String) throws {
    try type(line)
    try press("Enter")
  }

  /// The screen (and its scrollback) as text. `joined`: each line as the program wrote it,
  /// however the pane's 120 columns wrapped it (`capture-pane -J`), so that a line holding a
  /// path reads the same whatever the length of the temporary folder; without it, a wrapped
  /// line is split, and a space where it wraps is lost.
  func screen(escapes: Bool = false, joined: Bool = false) throws -> String {
    try Terminal.tmux(
      ["capture-pane", "-t", session, "-p", "-S", "-400"] + (escapes ? ["-e"] : [])
        + (joined ? ["-J"] : []))
  }

  /// Waits until the screen (`joined` as in ``screen(escapes:joined:)``) shows `text`
  /// `count` times, and returns the screen.
  @discardableResult
  func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 10, joined: Bool = false)
    throws -> String
  {
    try waitUntil("\(text.debugDescription) ×\(count)", timeout: timeout, joined: joined) {
      $0.components(separatedBy: text).count - 1 >= count
    }
  }

  /// Waits until the screen (`joined` as in ``screen(escapes:joined:)``) satisfies `shows`,
  /// and returns the screen; fails naming `what` when it does not within `timeout`.
  @discardableResult
  func waitUntil(
    _ what: String, timeout: TimeInterval = 10, joined: Bool = false,
    _ shows: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      last = try screen(joined: joined)
      if shows(last) { return last }
      usleep(50_000)
    }
    XCTFail("timed out waiting for \(what); the screen:\n\(last)")
    throw XCTSkip("the terminal did not show \(what)")
  }

  func close() {
    _ = try? Terminal.tmux(["kill-session", "-t", session])
  }

  /// Runs tmux and returns what it printed.
  ///
  /// Spawned with posix_spawn and reaped with waitpid rather than through Foundation's
  /// Process: `new-session` may start the tmux server, a daemon that inherits the
  /// descriptor Process watches to learn that its child ended, so waiting would never end.
  @discardableResult
  static func tmux(_ arguments: [String]) throws -> String {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("tmux-\(UUID().uuidString).out")
    defer { try? FileManager.default.removeItem(at: output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
    let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, "tmux", &actions, nil, argv, envp) == 0 else {
      throw NSError(
        domain: "tmux", code: 127, userInfo: [NSLocalizedDescriptionKey: "cannot run tmux"])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    guard status == 0 else {
      throw NSError(
        domain: "tmux", code: Int(status),
        userInfo: [NSLocalizedDescriptionKey: "tmux \(arguments) failed"])
    }
    return String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
  }

  static func quote(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

extension XCTestCase {
  /// Starts `bowq arguments…` at a terminal of `columns`×`rows` and waits for its first
  /// prompt; the terminal is closed when the test ends.
  func startShell(
    _ arguments: [String] = [], home: URL, environment: [String: String] = [:],
    columns: Int = 120, rows: Int = 40
  ) throws -> Terminal {
    let terminal = try Terminal(
      arguments: arguments, home: home, environment: environment, columns: columns, rows: rows)
    addTeardownBlock { terminal.close() }
    try terminal.waitFor("bowq>")
    return terminal
  }
}
