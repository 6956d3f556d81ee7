import Foundation
import XCTest

/// Drives `bowq` in a real terminal: a detached tmux session, keys sent with `send-keys`
/// and the screen read with `capture-pane`.
struct Terminal {
  let session: String

  /// Starts `bowq arguments…` in a new tmux session, 120×40.
  init(arguments: [String] = [], home: URL, environment extra: [String: String] = [:]) throws {
    guard Terminal.tmuxAvailable else { throw XCTSkip("tmux is not installed (make test installs it)") }
    session = "bowq-test-\(UUID().uuidString.prefix(8))"
    let env = Bowq.environment(home: home, extra: extra).map { "\($0.key)=\(Terminal.quote($0.value))" }
      .joined(separator: " ")
    let command =
      "env -i TERM=tmux-256color \(env) \(Terminal.quote(Bowq.binary.path)) "
      + arguments.map(Terminal.quote).joined(separator: " ")
      + "; echo \"[EXIT=$?]\"; sleep 600"
    try Terminal.tmux(["-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "120", "-y", "40", command])
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

  /// Types a line and presses Enter.
  func enter(_ line: String) throws {
    try type(line)
    try press("Enter")
  }

  /// The screen (and its scrollback) as text.
  func screen(escapes: Bool = false) throws -> String {
    try Terminal.tmux(["capture-pane", "-t", session, "-p", "-S", "-400"] + (escapes ? ["-e"] : []))
  }

  /// Waits until the screen shows `text` `count` times, and returns the screen.
  @discardableResult
  func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 10) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if last.components(separatedBy: text).count - 1 >= count { return last }
      usleep(50_000)
    }
    XCTFail("timed out waiting for \(text.debugDescription) ×\(count); the screen:\n\(last)")
    throw XCTSkip("the terminal did not show \(text)")
  }

  func close() {
    _ = try? Terminal.tmux(["kill-session", "-t", session])
  }

  @discardableResult
  static func tmux(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux"] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = Pipe()
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw NSError(domain: "tmux", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "tmux \(arguments) failed"])
    }
    return String(decoding: data, as: UTF8.self)
  }

  static func quote(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
