import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A `bowq` process a test talks to while it runs: statements go to its standard input one
/// at a time, and its standard error (where a pipe session's reports such as
/// `Inserted 1 T.` go) is read as it comes, so the test can act between two statements.
final class BowqSession {
  struct Timeout: Error, CustomStringConvertible {
    var waitingFor: String
    var received: String
    var description: String {
      "timed out waiting for \"\(waitingFor)\"; stderr so far: \(received)"
    }
  }

  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  /// Standard error read so far.
  private(set) var errorText = ""
  private var consumed = 0

  var processIdentifier: Int32 { process.processIdentifier }

  init(_ arguments: [String], home: URL, directory: URL = Bowq.root) throws {
    process.executableURL = Bowq.binary
    process.arguments = arguments
    process.environment = Bowq.environment(home: home)
    process.currentDirectoryURL = directory
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  /// Writes `line` and a newline to the session's standard input.
  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Reads standard error until `text` appears after what earlier waits consumed.
  ///
  /// - Throws: ``Timeout`` when it does not appear in `seconds`, or the process ends first.
  func waitForError(containing text: String, seconds: Double = 20) throws {
    let deadline = Date().addingTimeInterval(seconds)
    let descriptor = errors.fileHandleForReading.fileDescriptor
    while true {
      let unread = errorText.utf8.dropFirst(consumed)
      if let range = String(decoding: unread, as: UTF8.self).range(of: text) {
        let remaining = String(decoding: unread, as: UTF8.self)
        consumed += remaining[..<range.upperBound].utf8.count
        return
      }
      let left = deadline.timeIntervalSinceNow
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard left > 0, poll(&poller, 1, Int32(left * 1000)) > 0 else {
        throw Timeout(waitingFor: text, received: errorText)
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { throw Timeout(waitingFor: text, received: errorText) }
      errorText += String(decoding: buffer[..<count], as: UTF8.self)
    }
  }

  /// Ends the process at once with SIGKILL and waits for it.
  func kill() {
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Closes standard input, waits for the process to end, and returns everything it wrote.
  func finish() throws -> Bowq.Result {
    try input.fileHandleForWriting.close()
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    let rest = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    errorText += String(decoding: rest, as: UTF8.self)
    return Bowq.Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: errorText)
  }
}
