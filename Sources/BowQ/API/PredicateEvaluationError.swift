/// Why a predicate or expression could not be evaluated against a value: a comparison
/// Foundation would raise on (ordering a string against a number, ANY on a value that is no
/// collection), an unbound substitution variable, a value bowq cannot read, or, for an object
/// of a graph, a key path its entity does not have.
public struct PredicateEvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, in words.
  public var message: String
  /// The part of the format string whose evaluation failed, when one did.
  public var range: SourceRange?

  /// An error with its message and, when a part of the format string failed, its range.
  public init(_ message: String, at range: SourceRange? = nil) {
    self.message = message
    self.range = range
  }

  init(_ error: EvaluationError) {
    self.init(error.message, at: error.range)
  }

  init(_ error: LanguageError) {
    self.init(error.message, at: error.range)
  }

  /// `line:column: message`, or the message alone when no part of the format failed.
  public var description: String {
    range.map { "\($0.start): \(message)" } ?? message
  }
}
