/// Why a format string and its arguments do not make a predicate or an expression.
///
/// Every case says what is wrong and, where the format string is at fault, where: its
/// ``range`` gives the line and column, and ``description`` reads `1:12: message`, as the
/// shell reports errors.
public enum PredicateFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The format string is not well formed (``LanguageError/Phase/syntax``), or uses a
  /// function, CAST or operator wrongly (``LanguageError/Phase/semantic``).
  case language(LanguageError)
  /// A format argument does not fit its specifier, or is missing.
  ///
  /// - Parameters:
  ///   - number: the argument's 1-based position among the arguments.
  ///   - range: the specifier.
  case argument(number: Int, message: String, range: SourceRange)
  /// A substitution variable's value is not one a predicate can hold.
  case variable(name: String, message: String)

  /// What is wrong, in words.
  public var message: String {
    switch self {
    case .language(let error): return error.message
    case .argument(_, let message, _), .variable(_, let message): return message
    }
  }

  /// Where in the format string, when the format string is at fault.
  public var range: SourceRange? {
    switch self {
    case .language(let error): return error.range
    case .argument(_, _, let range): return range
    case .variable: return nil
    }
  }

  /// `line:column: message`, or the message alone when no place in the format is at fault.
  public var description: String {
    range.map { "\($0.start): \(message)" } ?? message
  }
}
