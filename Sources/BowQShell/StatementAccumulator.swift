import BowQ

/// The lines of the statement being typed or read, until it is whole: a statement spans
/// lines while a bracket, brace or string is open, or its line ends in `\`; in a script or
/// a pipe, a whole statement is held until the next line shows whether it continues it
/// (a line that begins with a clause: ``StatementContinuation``).
struct StatementAccumulator {
  /// A person at a terminal: each statement is numbered from line 1.
  let interactive: Bool
  /// The lines read so far.
  private(set) var lines: [String] = []
  /// How ``lines`` end.
  private var ending = Lexer.Ending.complete
  /// Whether ``lines`` are a whole statement held until the next line shows whether it
  /// continues it.
  private var awaitsNextLine = false
  /// The number of the last line read (at a terminal, within the statement).
  private(set) var lineNumber = 0
  /// The number of the statement's first line.
  private(set) var firstLine = 1

  init(interactive: Bool) {
    self.interactive = interactive
  }

  /// Whether no statement is begun.
  var isEmpty: Bool { lines.isEmpty }

  /// The prompt for the next line: a new statement's, or a continuation's.
  var prompt: String { lines.isEmpty ? "bowq> " : "  ...> " }

  /// The statement's text, its lines joined.
  var text: String { lines.joined(separator: "\n") }

  /// Counts a line just read.
  mutating func count() {
    lineNumber += 1
  }

  /// The held statement, taken, when `line` does not continue it; nil when nothing was held
  /// or `line` continues it (and is then added by ``add(_:)``).
  mutating func releaseHeld(before line: String) -> String? {
    guard awaitsNextLine else { return nil }
    awaitsNextLine = false
    guard !StatementContinuation.continues(text, withLine: line) else { return nil }
    return take()
  }

  /// The statement, taken, when brackets are left open and `line` begins a new statement
  /// at its first column, which ends it, cut short.
  mutating func releaseCutShort(by line: String) -> String? {
    guard !lines.isEmpty, Shell.beginsStatement(line), case .openBrackets = ending else {
      return nil
    }
    return take()
  }

  /// Starts a statement at the line just read.
  mutating func begin() {
    firstLine = interactive ? 1 : lineNumber
    if interactive { lineNumber = 1 }
  }

  /// Adds `line`; answers the statement's text once it is whole.
  mutating func add(_ line: String) -> String? {
    ending = Self.ending(
      of: lines, from: firstLine, endingAs: ending, then: line, at: lineNumber)
    lines.append(line)
    return ending == .complete ? text : nil
  }

  /// Holds the whole statement until the next line shows whether it continues it.
  mutating func hold() {
    awaitsNextLine = true
  }

  /// The statement's text, taken; nil when none is begun.
  mutating func take() -> String? {
    guard !lines.isEmpty else { return nil }
    defer { lines = [] }
    return text
  }

  /// Forgets the statement begun (Ctrl-C, or a line refused).
  mutating func drop() {
    lines = []
    awaitsNextLine = false
  }

  /// How the statement of `pending` lines (from line `firstLine` of the input), which end as
  /// `ending`, ends once `line` (line `lineNumber`) is added: the line alone is lexed after
  /// lines that end inside brackets, so a statement of many lines is lexed once, not once a
  /// line.
  static func ending(
    of pending: [String], from firstLine: Int, endingAs ending: Lexer.Ending, then line: String,
    at lineNumber: Int
  ) -> Lexer.Ending {
    if pending.isEmpty { return Lexer.ending(of: line, firstLine: lineNumber) }
    guard case .openBrackets(let open) = ending else {
      return Lexer.ending(of: (pending + [line]).joined(separator: "\n"), firstLine: firstLine)
    }
    return Lexer.ending(of: line, firstLine: lineNumber, inside: open)
  }
}
