/// A predicate made from a format string, used as `NSPredicate(format:argumentArray:)` and
/// `evaluate(with:)` are on Apple platforms: bowq's predicate engine for Swift programs on
/// Linux.
///
/// ```swift
/// let predicate = try FormatPredicate(format: "rating > %d AND name CONTAINS[c] %@", 3, "blue")
/// try predicate.evaluate(with: ["name": "Blue Bow Tie", "rating": 4.5])  // true
/// predicate.predicateFormat  // rating > 3 AND name CONTAINS[c] "blue"
/// ```
///
/// The format is NSPredicate's format-string language (Apple's *Predicate Programming
/// Guide*), with these specifiers:
///
/// - `%@`: a value, inserted as a constant (see ``init(format:argumentArray:)`` for the
///   values it takes). A string is a string constant even when it holds quotes or
///   operators: arguments are put in place on the format's tokens, never spliced into its
///   text, so no argument can change the predicate's structure.
/// - `%K`: a key path, inserted as a key path (`"owner.name"`, `"ties.@count"`).
/// - `%d`, `%i`, `%u` and the long forms `%ld`, `%lld`, `%lu`, …: an integer (or a `Bool`).
/// - `%f`, `%lf`, `%g`, `%e`: a number, inserted as a Double.
/// - `%1$@`, `%2$K`, …: the argument at that position. `%%` is a percent sign.
///
/// A quoted `'%@'` is a literal string, and line breaks are spaces. `$name` is a
/// substitution variable, given a value by ``withSubstitutionVariables(_:)`` or
/// ``evaluate(with:substitutionVariables:)``.
///
/// Mistakes are found when the predicate is made, with their line and column: syntax, an
/// unknown function, a malformed regular expression, a wrong argument. As in Foundation,
/// types are not: `"a" + $b` is made, and adding a string fails when it is evaluated, as
/// do `"a" < 3`, `age LIKE 10`, `age IN 10`, `age BETWEEN 25`, `min(5)`, ANY on a value that
/// is no collection, and any operation on constants that fails (`1 / 0`). Arguments no specifier uses are
/// ignored. Key paths are checked when the predicate is evaluated against a
/// ``GraphObject``, whose entity knows its keys; plain values are read as they are.
public struct FormatPredicate: Hashable, Sendable, CustomStringConvertible {
  /// The parsed predicate.
  public let syntax: PredicateSyntax
  /// The predicate bound for plain values, checked once when it is made.
  private let bound: BoundPredicate

  /// A predicate from a format string and its arguments, one per specifier.
  ///
  /// - Throws: ``PredicateFormatError`` when the format is malformed, or an argument is
  ///   missing or does not fit its specifier; arguments left over are ignored.
  public init(format: String, _ arguments: Any?...) throws(PredicateFormatError) {
    try self.init(format: format, argumentArray: arguments)
  }

  /// A predicate from a format string and an array of arguments, one per specifier.
  ///
  /// A `%@` argument may be `nil` or `NSNull` (nil), a `String`, `Bool`, integer,
  /// floating-point number, `NSNumber`, `Decimal`, `Date`, `Data`, `UUID`, `URL`, ``Color``,
  /// ``Value``, ``ObjectID`` or ``GraphObject``, or an array or set of these (an aggregate,
  /// as `{…}` writes one). A dictionary is the collection of its values, as `IN` reads it.
  ///
  /// - Throws: ``PredicateFormatError`` when the format is malformed, or an argument is
  ///   missing or does not fit its specifier; arguments left over are ignored.
  public init(format: String, argumentArray arguments: [Any?]) throws(PredicateFormatError) {
    let tokens = try FormatArguments(arguments: arguments).tokens(of: format)
    let syntax: PredicateSyntax
    do {
      syntax = try Parser.parsePredicate(tokens: tokens)
    } catch {
      throw .language(error)
    }
    try self.init(syntax: syntax)
  }

  /// A predicate from its syntax tree, checked as one from a format string is.
  ///
  /// - Throws: ``PredicateFormatError/language(_:)`` when the binder rejects it.
  public init(syntax: PredicateSyntax) throws(PredicateFormatError) {
    self.syntax = syntax
    bound = try EvaluationSetting.bindDynamically { binder throws(LanguageError) in
      try binder.bind(syntax, on: nil)
    }
  }

  /// The canonical format string, as `predicateFormat` prints it: canonical operator
  /// spellings, double-quoted strings, numbers by value, dates as `CAST(…, "NSDate")`, UUIDs
  /// as `CAST("…", "NSUUID")` and parentheses around nested AND and OR. It parses back to the
  /// same predicate, except where a constant (data, a URL, a color) has no literal form.
  public var predicateFormat: String { PredicateFormatter.format(syntax) }

  /// The canonical format string (``predicateFormat``).
  public var description: String { predicateFormat }

  /// The predicate with its `$variables` replaced by constants, as
  /// `withSubstitutionVariables(_:)` makes them; variables not given stay variables. Values
  /// are those ``init(format:argumentArray:)`` takes for `%@`.
  ///
  /// - Throws: ``PredicateFormatError/variable(name:message:)`` for a value bowq cannot
  ///   hold, and ``PredicateFormatError/language(_:)`` when a constant breaks the predicate
  ///   (a malformed regular expression given to MATCHES).
  public func withSubstitutionVariables(_ variables: [String: Any?]) throws(PredicateFormatError)
    -> FormatPredicate
  {
    let constants: [String: Value]
    do {
      constants = try PlainValues.constants(variables)
    } catch {
      throw .variable(name: error.variable ?? "", message: error.message)
    }
    return try FormatPredicate(syntax: syntax.substituting(constants))
  }

  /// Whether `object` satisfies the predicate.
  ///
  /// `object` is plain Swift values: a `[String: Any]` dictionary (key paths read its keys,
  /// and through nested dictionaries), an array or set of them (key paths read every
  /// element, so `ANY`, `ALL`, `NONE` and `@count` work on them), or a single value that
  /// `SELF` compares. A key a dictionary lacks is nil. A ``GraphObject`` is evaluated with
  /// its entity's types, as the overload that takes one does.
  ///
  /// - Parameter substitutionVariables: values for the predicate's `$variables`: as for
  ///   `%@`, and dictionaries, whose keys key paths read (`$owner.name`).
  /// - Throws: ``PredicateEvaluationError`` where Foundation would raise: an unbound
  ///   variable, ordering values that cannot be ordered, ANY on a value that is no
  ///   collection, a value bowq cannot read.
  public func evaluate(with object: Any?, substitutionVariables: [String: Any?] = [:])
    throws(PredicateEvaluationError) -> Bool
  {
    if let object = object as? GraphObject {
      return try evaluate(with: object, substitutionVariables: substitutionVariables)
    }
    let setting = try EvaluationSetting(plain: object, variables: substitutionVariables)
    return try setting.run(PredicateCompiler(expressions: setting.compiler).compile(bound))
  }

  /// Whether an object of a graph satisfies the predicate, with its key paths checked
  /// against the object's entity and following its relationships, as in a `fetch`.
  ///
  /// - Throws: ``PredicateEvaluationError`` for a key path the entity does not have (with
  ///   its range in the format), a type mismatch, an unbound variable, or an object the
  ///   graph does not have.
  public func evaluate(with object: GraphObject, substitutionVariables: [String: Any?] = [:])
    throws(PredicateEvaluationError) -> Bool
  {
    let setting = try EvaluationSetting(object: object, variables: substitutionVariables)
    let bound = try setting.bind { binder, entity throws(LanguageError) in
      try binder.bind(syntax, on: entity)
    }
    return try setting.run(PredicateCompiler(expressions: setting.compiler).compile(bound))
  }

  /// The elements of `objects` that satisfy the predicate, in order, as
  /// `NSArray.filtered(using:)` gives them.
  public func filter<S: Sequence>(_ objects: S, substitutionVariables: [String: Any?] = [:])
    throws(PredicateEvaluationError) -> [S.Element]
  {
    var kept: [S.Element] = []
    for object in objects
    where try evaluate(with: object, substitutionVariables: substitutionVariables) {
      kept.append(object)
    }
    return kept
  }

  /// Two predicates are equal when they have the same syntax (the same canonical form).
  public static func == (a: FormatPredicate, b: FormatPredicate) -> Bool { a.syntax == b.syntax }

  /// Hashes the syntax, as ``==`` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(syntax) }
}
