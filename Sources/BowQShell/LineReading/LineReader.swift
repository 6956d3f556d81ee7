/// A source of input lines for the shell: a terminal with line editing, a pipe, a script
/// file or a string in a test.
public protocol LineReader {
  /// Reads the next line, without its line ending.
  ///
  /// - Parameter prompt: shown before the line where the reader has a prompt (a terminal);
  ///   `"bowq> "` for a new statement, a continuation prompt while one is open.
  mutating func readLine(prompt: String) -> LineInput

  /// The first byte of the line last read that is not UTF-8 (the line holds U+FFFD in its
  /// place), or nil when the line was all UTF-8.
  var invalidByte: InvalidByte? { get }

  /// Whether the next line, or the end of the input, can be read without waiting for
  /// anyone: a shell holds a statement until it sees whether the next line continues it,
  /// but never waits on a person or a program for that line.
  mutating func hasLineWaiting() -> Bool

  /// Records a complete statement (its lines joined with `"\n"`) so that it can be
  /// recalled as one unit. Readers without history ignore it.
  mutating func addToHistory(_ statement: String)
}
