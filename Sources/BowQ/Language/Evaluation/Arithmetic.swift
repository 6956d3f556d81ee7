import Foundation

/// NSExpression arithmetic: integers stay integers (`5 / 2 == 2`) and overflow is an
/// error, not a wrap; anything with a real number is done in Double; nil gives nil.
enum Arithmetic {
  static func apply(_ op: ArithmeticOperator, _ a: Value, _ b: Value, range: SourceRange)
    throws(EvaluationError) -> Value
  {
    if a.isNull || b.isNull { return .null }
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
    }
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
