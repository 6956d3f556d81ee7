/// An error in a statement or predicate, found while lexing, parsing or binding it.
///
/// It says what went wrong, where (a source range for the caret), and, where it can,
/// how to fix it.
public struct LanguageError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Phase: String, Sendable {
    /// The text is not well formed (lexer and parser).
    case syntax
    /// The text is well formed but names or types do not fit the model (binder).
    case semantic
  }

  public var phase: Phase
  public var message: String
  public var range: SourceRange

  public init(_ phase: Phase, _ message: String, at range: SourceRange) {
    self.phase = phase
    self.message = message
    self.range = range
  }

  public var description: String { "\(range.start): \(message)" }
}
