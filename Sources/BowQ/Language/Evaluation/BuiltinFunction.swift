import Foundation

/// One of NSExpression's built-in functions: a row of the table ``all``, as SQLite's
/// `FuncDef` array holds its functions. The row answers every question the binder, the
/// compiler and the messages ask of a function — its names, what it takes, what it gives,
/// whether it may be folded — and holds its implementation.
///
/// A function is called by its name (`sqrt(x)`), in selector form (`sqrt:(x)`,
/// `modulus:by:(7, 2)`), and as a function expression naming its ``selector``
/// (`FUNCTION(x, 'sqrt:')`, `FUNCTION(7, 'modulus:by:', 2)`).
struct BuiltinFunction: Sendable {
  /// What a function takes at one argument position.
  enum Argument: Sendable {
    case number
    case string
    /// A collection, for the statistical functions.
    case collection
    /// Any value at all.
    case anything
  }

  /// The name in messages and in the function-call form: `sqrt`, `modulus`.
  let name: String
  /// The Objective-C selector NSExpression names the function by: `name:` for a function of
  /// one argument (`sqrt:`), the bare name for one of none (`now`, `random`), and a
  /// selector of its own for one of two (`add:to:`, `raise:toPower:`). It has one colon
  /// for each argument.
  let selector: String
  /// What each argument must be, in order.
  let arguments: [Argument]
  /// The result's type, given the arguments' types.
  let resultType: @Sendable (_ arguments: [ValueType]) -> ValueType
  /// Whether the result changes between evaluations, so that it is never folded into a
  /// constant: `now`, `random`.
  let isVolatile: Bool
  /// The statistical operation the function applies to the elements of its collection
  /// argument; nil for a function that is no aggregate.
  let aggregate: AggregateOperation?
  /// Whether a nil argument makes the result nil without calling the implementation.
  let isNilForNil: Bool
  /// The function applied to evaluated arguments, as many as it takes.
  let implementation: @Sendable (FunctionCall) throws(EvaluationError) -> Value

  /// How many arguments the function takes.
  var arity: Int { arguments.count }

  /// `no arguments`, `1 argument`, `2 arguments`, for messages.
  var arityDescription: String {
    arity == 0 ? "no arguments" : arity == 1 ? "1 argument" : "\(arity) arguments"
  }

  /// What the argument at `position` must be, for messages; nil when anything goes.
  func expectedArgument(_ position: Int) -> String? {
    guard arguments.indices.contains(position) else { return nil }
    switch arguments[position] {
    case .number: return "a number"
    case .string: return "a string"
    case .collection: return "a collection"
    case .anything: return nil
    }
  }

  /// Whether the binder accepts an argument of `type` at `position` (unknown and nil always
  /// pass).
  func accepts(_ type: ValueType, at position: Int) -> Bool {
    guard type != .unknown, type != .null, arguments.indices.contains(position) else {
      return true
    }
    switch arguments[position] {
    case .number: return type.isNumeric
    case .string: return type == .string
    case .collection: return type.isCollection
    case .anything: return true
    }
  }

  /// Applies the function to evaluated arguments; `now` is the statement's clock reading.
  func apply(_ arguments: [Value], now: Date, range: SourceRange) throws(EvaluationError) -> Value {
    if isNilForNil, arguments.contains(where: \.isNull) { return .null }
    return try implementation(
      FunctionCall(function: self, arguments: arguments, now: now, range: range))
  }
}

extension BuiltinFunction: Equatable {
  /// Rows are equal when they are the same row: names are unique.
  static func == (a: BuiltinFunction, b: BuiltinFunction) -> Bool { a.name == b.name }
}

extension BuiltinFunction {
  private static let bySelector = Dictionary(
    all.map { ($0.selector, $0) }, uniquingKeysWith: { first, _ in first })

  private static let byName = Dictionary(
    all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The function whose ``selector`` is exactly `selector`, as `FUNCTION(x, 'sqrt:')`
  /// names it.
  init?(selector: String) {
    guard let function = Self.bySelector[selector] else { return nil }
    self = function
  }

  /// The function a format string names: `sqrt`, `sqrt:` or a selector such as `add:to:`.
  /// A function of two arguments goes only by its selector (`modulus:by:`, not `modulus`).
  init?(named name: String) {
    if let function = BuiltinFunction(selector: name) {
      self = function
      return
    }
    let base = name.hasSuffix(":") ? String(name.dropLast()) : name
    guard let function = Self.byName[base], function.arity < 2 else { return nil }
    self = function
  }
}
