/// An error found while evaluating an expression against an object: an integer overflow,
/// a division by zero, a comparison of values that cannot be compared.
public struct EvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  /// The part of the statement that failed.
  public var range: SourceRange

  public init(_ message: String, at range: SourceRange) {
    self.message = message
    self.range = range
  }

  public var description: String { "\(range.start): \(message)" }
}
