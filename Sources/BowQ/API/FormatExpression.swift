/// An expression made from a format string, used as `NSExpression(format:argumentArray:)`
/// and `expressionValue(with:context:)` are on Apple platforms.
///
/// ```swift
/// let total = try FormatExpression(format: "items.@sum.price * %f", 1.2)
/// try total.expressionValue(with: ["items": [["price": 2], ["price": 3]]])  // 6.0
/// ```
///
/// The format takes the specifiers ``FormatPredicate`` describes, and the same values.
public struct FormatExpression: Hashable, Sendable, CustomStringConvertible {
  /// The parsed expression.
  public let syntax: ExpressionSyntax
  /// The expression bound for plain values, checked once when it is made.
  private let bound: BoundExpression

  /// An expression from a format string and its arguments, one per specifier.
  ///
  /// - Throws: ``PredicateFormatError`` when the format is malformed, or an argument is
  ///   missing or does not fit its specifier; arguments left over are ignored.
  public init(format: String, _ arguments: Any?...) throws(PredicateFormatError) {
    try self.init(format: format, argumentArray: arguments)
  }

  /// An expression from a format string and an array of arguments, one per specifier, which
  /// are the values ``FormatPredicate/init(format:argumentArray:)`` takes.
  ///
  /// - Throws: ``PredicateFormatError`` when the format is malformed, or an argument is
  ///   missing or does not fit its specifier; arguments left over are ignored.
  public init(format: String, argumentArray arguments: [Any?]) throws(PredicateFormatError) {
    let tokens = try FormatArguments(arguments: arguments).tokens(of: format)
    let syntax: ExpressionSyntax
    do {
      syntax = try Parser.parseExpression(tokens: tokens)
    } catch {
      throw .language(error)
    }
    try self.init(syntax: syntax)
  }

  /// An expression from its syntax tree, checked as one from a format string is.
  ///
  /// - Throws: ``PredicateFormatError/language(_:)`` when the binder rejects it.
  public init(syntax: ExpressionSyntax) throws(PredicateFormatError) {
    self.syntax = syntax
    bound = try EvaluationSetting.bindDynamically { binder throws(LanguageError) in
      try binder.bind(syntax, on: nil)
    }
  }

  /// The canonical format string, as NSExpression's `description` prints it.
  public var expressionFormat: String { PredicateFormatter.format(syntax) }

  /// The canonical format string (``expressionFormat``).
  public var description: String { expressionFormat }

  /// The expression's value for `object`, which is read as
  /// ``FormatPredicate/evaluate(with:substitutionVariables:)`` reads it.
  ///
  /// The result is a Swift value: nil, `Bool`, `Int`, `Double`, `Decimal`, `String`, `Date`,
  /// `Data`, `UUID`, `URL`, ``Color``, an `[Any]` for a collection (`NSNull` for its nils),
  /// the dictionary itself for a dictionary of `object`, or a ``GraphObject`` for an
  /// object of a graph.
  ///
  /// - Throws: ``PredicateEvaluationError`` where Foundation would raise.
  public func expressionValue(with object: Any?, substitutionVariables: [String: Any?] = [:])
    throws(PredicateEvaluationError) -> Any?
  {
    if let object = object as? GraphObject {
      return try expressionValue(with: object, substitutionVariables: substitutionVariables)
    }
    let setting = try EvaluationSetting(plain: object, variables: substitutionVariables)
    return setting.swiftValue(try setting.run(setting.compiler.compile(bound)))
  }

  /// The expression's value for an object of a graph, with its key paths checked against
  /// the object's entity.
  ///
  /// - Throws: ``PredicateEvaluationError`` for a key path the entity does not have, a type
  ///   mismatch, an unbound variable, or an object the graph does not have.
  public func expressionValue(
    with object: GraphObject, substitutionVariables: [String: Any?] = [:]
  ) throws(PredicateEvaluationError) -> Any? {
    let setting = try EvaluationSetting(object: object, variables: substitutionVariables)
    let bound = try setting.bind { binder, entity throws(LanguageError) in
      try binder.bind(syntax, on: entity)
    }
    return setting.swiftValue(try setting.run(setting.compiler.compile(bound)))
  }

  /// Two expressions are equal when they have the same syntax (the same canonical form).
  public static func == (a: FormatExpression, b: FormatExpression) -> Bool {
    a.syntax == b.syntax
  }

  /// Hashes the syntax, as ``==`` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(syntax) }
}
