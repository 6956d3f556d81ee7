import Foundation

/// NSExpression's built-in functions, by their format-string names. Each can also be
/// written in selector form (`modulus:by:(7, 2)`, `sqrt:(x)`) and as a function expression
/// naming its ``selector`` (`FUNCTION(7, 'modulus:by:', 2)`, `FUNCTION(x, 'sqrt:')`).
enum BuiltinFunction: String, Sendable, CaseIterable {
  case sum, count, min, max, average, median, mode, stddev
  case add, subtract, multiply, divide, modulus
  case sqrt, log, ln, raise, exp, floor, ceiling, abs, trunc
  case uppercase, lowercase, length, noindex
  case random, randomn, now
  case bitwiseAnd, bitwiseOr, bitwiseXor, leftshift, rightshift, onesComplement

  /// The Objective-C selector NSExpression names the function by: `name:` for a function of
  /// one argument (`sqrt:`), the bare name for one of none (`now`, `random`), and a
  /// selector of its own for one of two (`add:to:`, `raise:toPower:`). It has one colon
  /// for each argument.
  var selector: String {
    switch self {
    case .add: return "add:to:"
    case .subtract: return "from:subtract:"
    case .multiply: return "multiply:by:"
    case .divide: return "divide:by:"
    case .modulus: return "modulus:by:"
    case .raise: return "raise:toPower:"
    case .bitwiseAnd: return "bitwiseAnd:with:"
    case .bitwiseOr: return "bitwiseOr:with:"
    case .bitwiseXor: return "bitwiseXor:with:"
    case .leftshift: return "leftshift:by:"
    case .rightshift: return "rightshift:by:"
    default: return arity.lowerBound == 0 ? rawValue : rawValue + ":"
    }
  }

  private static let bySelector = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.selector, $0) })

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
    guard let function = BuiltinFunction(rawValue: base), function.arity.upperBound < 2 else {
      return nil
    }
    self = function
  }

  /// How many arguments the function takes.
  var arity: ClosedRange<Int> {
    switch self {
    case .now, .random: return 0...0
    case .add, .subtract, .multiply, .divide, .modulus, .raise, .bitwiseAnd, .bitwiseOr,
      .bitwiseXor, .leftshift, .rightshift:
      return 2...2
    default: return 1...1
    }
  }

  var arityDescription: String {
    let n = arity.lowerBound
    return n == 0 ? "no arguments" : n == 1 ? "1 argument" : "\(n) arguments"
  }

  /// Functions whose result changes between evaluations: never folded into constants.
  var isVolatile: Bool { self == .now || self == .random || self == .randomn }

  private var isAggregate: Bool {
    [.sum, .count, .min, .max, .average, .median, .mode, .stddev].contains(self)
  }

  /// What the argument at `position` must be, for messages; nil when anything goes.
  func expectedArgument(_ position: Int) -> String? {
    switch self {
    case .noindex: return nil
    case .uppercase, .lowercase, .length: return "a string"
    default: return isAggregate ? "a collection" : "a number"
    }
  }

  /// Whether the binder accepts an argument of `type` (unknown and nil always pass).
  func accepts(_ type: ValueType, at position: Int) -> Bool {
    if type == .unknown || type == .null || self == .noindex { return true }
    switch self {
    case .uppercase, .lowercase, .length: return type == .string
    default: return isAggregate ? type.isCollection : type.isNumeric
    }
  }

  /// The result type, given the argument types.
  func resultType(_ arguments: [ValueType]) -> ValueType {
    let first = arguments.first ?? .unknown
    switch self {
    case .now: return .date
    case .uppercase, .lowercase: return .string
    case .length, .count, .random, .randomn, .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftshift,
      .rightshift, .onesComplement:
      return .integer
    case .noindex: return first
    case .mode: return .collection(of: first.elementType)
    case .min, .max: return first.elementType
    case .sum: return first.elementType == .integer ? .integer : .double
    case .add, .subtract, .multiply, .divide, .modulus:
      return arguments.allSatisfy { $0 == .integer } ? .integer : .double
    case .abs, .floor, .ceiling, .trunc: return first == .integer ? .integer : .double
    case .average, .median, .stddev, .sqrt, .log, .ln, .raise, .exp: return .double
    }
  }

  /// Applies the function to evaluated arguments; `now` is the statement's clock reading.
  func apply(_ arguments: [Value], now: Date, range: SourceRange) throws(EvaluationError) -> Value {
    switch self {
    case .now: return .date(now)
    case .random: return .int(Int64.random(in: 0...Int64(Int32.max)))
    case .noindex: return arguments[0]
    default: break
    }
    if arguments.contains(where: \.isNull) { return .null }
    switch self {
    case .add: return try Arithmetic.apply(.add, arguments[0], arguments[1], range: range)
    case .subtract: return try Arithmetic.apply(.subtract, arguments[0], arguments[1], range: range)
    case .multiply: return try Arithmetic.apply(.multiply, arguments[0], arguments[1], range: range)
    case .divide: return try Arithmetic.apply(.divide, arguments[0], arguments[1], range: range)
    case .raise: return try Arithmetic.apply(.power, arguments[0], arguments[1], range: range)
    case .uppercase, .lowercase, .length:
      guard case .string(let s) = arguments[0] else { throw mismatch(arguments[0], range) }
      switch self {
      case .uppercase: return .string(s.uppercased())
      case .lowercase: return .string(s.lowercased())
      default: return .int(Int64(s.utf16.count))
      }
    case .sum, .count, .min, .max, .average, .median, .mode, .stddev:
      guard case .collection(let elements) = arguments[0],
        let operation = AggregateOperation.all.first(where: { $0.function == rawValue })
      else {
        throw mismatch(arguments[0], range)
      }
      return try operation.apply(to: elements, range: range)
    case .modulus, .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftshift, .rightshift:
      let (a, b) = (try integer(arguments[0], range), try integer(arguments[1], range))
      switch self {
      case .modulus:
        guard b != 0 else { throw EvaluationError("modulus by zero", at: range) }
        return .int(a % b)
      case .bitwiseAnd: return .int(a & b)
      case .bitwiseOr: return .int(a | b)
      case .bitwiseXor: return .int(a ^ b)
      case .leftshift: return .int(b >= 64 || b < 0 ? 0 : a << b)
      default: return .int(b >= 64 || b < 0 ? (a < 0 ? -1 : 0) : a >> b)
      }
    case .onesComplement:
      return .int(~(try integer(arguments[0], range)))
    case .randomn:
      let n = try integer(arguments[0], range)
      guard n > 0 else {
        throw EvaluationError("randomn() needs a positive bound, not \(n)", at: range)
      }
      return .int(Int64.random(in: 0..<n))
    default:
      if case .int(let i) = arguments[0], [.abs, .floor, .ceiling, .trunc].contains(self) {
        guard self != .abs || i != .min else { throw EvaluationError("abs overflows", at: range) }
        return .int(self == .abs ? Swift.abs(i) : i)
      }
      guard let x = arguments[0].numericValue else { throw mismatch(arguments[0], range) }
      switch self {
      case .abs: return .double(Swift.abs(x))
      case .sqrt: return .double(x.squareRoot())
      case .log: return .double(Foundation.log10(x))
      case .ln: return .double(Foundation.log(x))
      case .exp: return .double(Foundation.exp(x))
      case .floor: return .double(x.rounded(.down))
      case .ceiling: return .double(x.rounded(.up))
      default: return .double(x.rounded(.towardZero))
      }
    }
  }

  private func integer(_ value: Value, _ range: SourceRange) throws(EvaluationError) -> Int64 {
    switch value {
    case .int(let i): return i
    case .bool(let b): return b ? 1 : 0
    case .double(let d) where d == d.rounded() && Swift.abs(d) < 9.2e18: return Int64(d)
    default:
      throw EvaluationError(
        "\(rawValue)() takes whole numbers, not \(value.literalText)", at: range)
    }
  }

  private func mismatch(_ value: Value, _ range: SourceRange) -> EvaluationError {
    EvaluationError(
      "\(rawValue)() takes \(expectedArgument(0) ?? "a value"), not \(ValueType(of: value))",
      at: range)
  }
}
