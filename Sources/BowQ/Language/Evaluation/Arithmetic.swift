import Foundation

/// NSExpression arithmetic: integers stay integers (`5 / 2 == 2`) and overflow is an
/// error, not a wrap; anything with a real number is done in Double; nil gives nil.
enum Arithmetic {
  static func apply(_ op: ArithmeticOperator, _ a: Value, _ b: Value, range: SourceRange)
    throws(EvaluationError) -> Value
  {
    if a.isNull || b.isNull { return .null }
    if op.isBitwise { return try bitwise(op, a, b, range: range) }
    if op != .power, case .int(let x) = a, case .int(let y) = b {
      let result: (Int64, Bool)
      switch op {
      case .add: result = x.addingReportingOverflow(y)
      case .subtract: result = x.subtractingReportingOverflow(y)
      case .multiply: result = x.multipliedReportingOverflow(by: y)
      default:
        guard y != 0 else { throw EvaluationError("division by zero", at: range) }
        result = x.dividedReportingOverflow(by: y)
      }
      guard !result.1 else {
        throw EvaluationError("integer overflow in \(x) \(op.rawValue) \(y)", at: range)
      }
      return .int(result.0)
    }
    guard let x = a.numericValue, let y = b.numericValue else {
      let culprit = a.numericValue == nil ? a : b
      throw EvaluationError(
        "\"\(op.rawValue)\" needs numbers, not \(ValueType(of: culprit)) \(culprit.literalText)",
        at: range)
    }
    switch op {
    case .add: return .double(x + y)
    case .subtract: return .double(x - y)
    case .multiply: return .double(x * y)
    case .divide:
      guard y != 0 else { throw EvaluationError("division by zero", at: range) }
      return .double(x / y)
    case .power: return .double(Foundation.pow(x, y))
    default: throw EvaluationError("\"\(op.rawValue)\" is not arithmetic on reals", at: range)
    }
  }

  /// NSExpression's bitwise functions (`bitwiseAnd:with:` … `rightshift:by:`), which treat
  /// their operands as NSInteger. Bits shifted out of a left shift (a change of value) are
  /// an overflow error, and a shift count outside 0...63 is an error too: in C, which
  /// NSInteger shifts are, such a shift is undefined (C11 §6.5.7 ¶3), so no answer is Apple's.
  private static func bitwise(_ op: ArithmeticOperator, _ a: Value, _ b: Value, range: SourceRange)
    throws(EvaluationError) -> Value
  {
    guard let x = wholeNumber(a), let y = wholeNumber(b) else {
      let culprit = wholeNumber(a) == nil ? a : b
      throw EvaluationError(
        "\"\(op.rawValue)\" needs whole numbers, not \(ValueType(of: culprit)) "
          + culprit.literalText,
        at: range)
    }
    switch op {
    case .bitwiseAnd: return .int(x & y)
    case .bitwiseOr: return .int(x | y)
    case .bitwiseXor: return .int(x ^ y)
    default:
      guard (0...63).contains(y) else {
        throw EvaluationError(
          "cannot shift \(x) \(op.rawValue) \(y): the count must be from 0 to 63", at: range)
      }
      guard op == .leftShift else { return .int(x >> y) }
      let shifted = x << y
      guard shifted >> y == x else {
        throw EvaluationError("integer overflow in \(x) << \(y)", at: range)
      }
      return .int(shifted)
    }
  }

  /// A value as the whole number NSInteger arithmetic takes: an integer, a Boolean (1 or 0)
  /// or a real number with no fraction that fits; nil for anything else.
  static func wholeNumber(_ value: Value) -> Int64? {
    switch value {
    case .int(let i): return i
    case .bool(let b): return b ? 1 : 0
    case .double(let d) where d == d.rounded() && Swift.abs(d) < 9.2e18: return Int64(d)
    default: return nil
    }
  }

  /// `~a`, NSExpression's `onesComplement:`: every bit of a whole number inverted.
  static func onesComplement(_ a: Value, range: SourceRange) throws(EvaluationError) -> Value {
    if a.isNull { return .null }
    guard let x = wholeNumber(a) else {
      throw EvaluationError(
        "\"~\" needs a whole number, not \(ValueType(of: a)) \(a.literalText)", at: range)
    }
    return .int(~x)
  }

  static func negate(_ a: Value, range: SourceRange) throws(EvaluationError) -> Value {
    switch a {
    case .null: return .null
    case .int(let x):
      guard x != .min else { throw EvaluationError("integer overflow in -(\(x))", at: range) }
      return .int(-x)
    case .decimal(let d): return .decimal(-d)
    default:
      guard let x = a.numericValue else {
        throw EvaluationError("\"-\" needs a number, not \(ValueType(of: a))", at: range)
      }
      return .double(-x)
    }
  }
}
