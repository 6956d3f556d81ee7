import Foundation

extension Value {
  /// The value of a constant expression in bowq's syntax — `3`, `4.5`, `"text"`, `YES`,
  /// `nil`, `{1, 2}`, `CAST(0, "NSDate")`, `2 ** 10` — folded by the binder, as the shell's
  /// `.param set` reads one.
  ///
  /// - Parameter variables: the values of the `$variables` the expression may use.
  /// - Throws: ``LanguageError`` when the text is malformed or is not a constant (a key path,
  ///   `now()`), with its range in `text`.
  public init(constantExpression text: String, variables: [String: Value] = [:])
    throws(LanguageError)
  {
    let syntax = try Parser.parseExpression(text)
    let bound = try Binder(model: Model(), variables: variables, now: Date()).bind(syntax, on: nil)
    guard let value = bound.constantValue else {
      throw LanguageError(
        .semantic,
        "\(PredicateFormatter.format(syntax)) is not a constant: give a value such as 3, 4.5, "
          + "\"text\", YES, nil, {1, 2} or CAST(0, \"NSDate\")",
        at: syntax.range)
    }
    self = value
  }
}
