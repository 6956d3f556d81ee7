/// What a ``LineReader`` read.
public enum LineInput: Hashable, Sendable {
  /// A line, without its line ending.
  case line(String)
  /// Ctrl-C: drop the statement being typed (interactive) or stop the script.
  case interrupted
  /// No more input: Ctrl-D on an empty line, or the end of the file or pipe.
  case endOfInput
}
