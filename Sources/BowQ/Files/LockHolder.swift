import Foundation

/// Who holds a file's lock (``FileLock``): the process, when it took the lock, and its
/// command line, as the holder writes them into the lock file for others to read.
///
/// The file is a few lines of `key value`:
///
///     pid 12345
///     started 2024-06-01T12:00:00Z
///     command bowq --store ties.bowq
public struct LockHolder: Hashable, Sendable, CustomStringConvertible {
  /// The longest command line kept; longer ones (a long `-c` script) end with `…`.
  static let maximumCommandLength = 200

  public var processID: Int32
  /// When the lock was taken, in ISO 8601 (UTC).
  public var started: String?
  /// The holder's command line, its arguments quoted as a shell would need them.
  public var command: String?

  public init(processID: Int32, started: String? = nil, command: String? = nil) {
    self.processID = processID
    self.started = started
    self.command = command
  }

  /// This process, now.
  public static var current: LockHolder {
    LockHolder(
      processID: getpid(),
      started: ISO8601Dates.format(
        Date(timeIntervalSinceReferenceDate: Date().timeIntervalSinceReferenceDate.rounded(.down))),
      command: commandLine(CommandLine.arguments))
  }

  /// Reads the lines a holder wrote; nil when they do not name a process (the file is
  /// empty while its holder is still writing it).
  init?(fileContents: String) {
    var fields: [String: String] = [:]
    for line in fileContents.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    guard let pid = fields["pid"].flatMap({ Int32($0) }), pid > 0 else { return nil }
    self.init(processID: pid, started: fields["started"], command: fields["command"])
  }

  /// The lines written into the lock file.
  var fileContents: String {
    var text = "pid \(processID)\n"
    if let started { text += "started \(started)\n" }
    if let command { text += "command \(command)\n" }
    return text
  }

  /// `pid 12345, since 2024-06-01T12:00:00Z: bowq --store ties.bowq`.
  public var description: String {
    var text = "pid \(processID)"
    if let started { text += ", since \(started)" }
    if let command { text += ": \(command)" }
    return text
  }

  /// The arguments as one line, quoted where a shell would need it, shortened to
  /// ``maximumCommandLength`` characters.
  static func commandLine(_ arguments: [String]) -> String {
    let words = arguments.enumerated().map { index, argument in
      ShellWord.quoted(
        index == 0 ? (argument.split(separator: "/").last.map(String.init) ?? argument) : argument)
    }
    let line = words.joined(separator: " ")
    guard line.count > maximumCommandLength else { return line }
    return String(line.prefix(maximumCommandLength - 1)) + "…"
  }
}
