import Foundation

/// NSExpression's built-in functions that bowq evaluates, by their format-string name.
enum BuiltinFunction: String, Sendable, CaseIterable {
  case now
  case abs
  case sqrt
  case log
  case ln
  case exp
  case floor
  case ceiling
  case trunc
  case uppercase
  case lowercase
  case length
  case sum
  case count
  case min
  case max
  case average

  /// How many arguments the function takes.
  var arity: Int { self == .now ? 0 : 1 }

  /// The result type, given the argument types.
  func resultType(_ arguments: [ValueType]) -> ValueType {
    switch self {
    case .now: return .date
    case .uppercase, .lowercase: return .string
    case .length, .count: return .integer
    case .abs, .floor, .ceiling, .trunc, .min, .max, .sum:
      return arguments.first == .integer ? .integer : (self == .min || self == .max ? .unknown : .double)
    case .sqrt, .log, .ln, .exp, .average: return .double
    }
  }

  /// What the argument must be, for the binder's check.
  var expectedArgument: ValueType? {
    switch self {
    case .now: return nil
    case .uppercase, .lowercase, .length: return .string
    case .sum, .count, .min, .max, .average: return .collection
    default: return .double
    }
  }

  /// Applies the function to evaluated arguments; `now` is the statement's clock reading.
  func apply(_ arguments: [Value], now: Date, range: SourceRange) throws(EvaluationError) -> Value {
    if self == .now { return .date(now) }
    let argument = arguments[0]
    if argument.isNull { return .null }
    switch self {
    case .uppercase, .lowercase, .length:
      guard case .string(let s) = argument else { throw mismatch(argument, range) }
      switch self {
      case .uppercase: return .string(s.uppercased())
      case .lowercase: return .string(s.lowercased())
      default: return .int(Int64(s.count))
      }
    case .sum, .count, .min, .max, .average:
      guard case .collection(let elements) = argument else { throw mismatch(argument, range) }
      return try CollectionOperator(rawValue: self == .average ? "avg" : rawValue)!
        .apply(to: elements, range: range)
    default:
      if case .int(let i) = argument, [.abs, .floor, .ceiling, .trunc].contains(self) {
        guard self != .abs || i != .min else { throw EvaluationError("abs overflows", at: range) }
        return .int(self == .abs ? Swift.abs(i) : i)
      }
      guard let x = argument.numericValue else { throw mismatch(argument, range) }
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

  private func mismatch(_ value: Value, _ range: SourceRange) -> EvaluationError {
    EvaluationError(
      "\(rawValue)() takes \(expectedArgument?.description ?? "no arguments"), not \(ValueType(of: value))",
      at: range)
  }
}

extension CollectionOperator {
  /// `@count`, `@sum`, `@avg`, `@min`, `@max` over the elements of a collection. Empty
  /// collections give 0 for count, sum and avg, and nil for min and max.
  func apply(to elements: [Value], range: SourceRange) throws(EvaluationError) -> Value {
    if self == .count { return .int(Int64(elements.count)) }
    let present = elements.filter { !$0.isNull }
    switch self {
    case .min, .max:
      var best: Value?
      for element in present {
        guard let current = best else {
          best = element
          continue
        }
        let order = try ValueComparison.order(element, current, options: [], range: range)
        if order == (self == .min ? .orderedAscending : .orderedDescending) { best = element }
      }
      return best ?? .null
    default:
      var allIntegers = true
      var intTotal: Int64 = 0
      var total = 0.0
      for element in present {
        guard let x = element.numericValue else {
          throw EvaluationError("@\(rawValue) needs numbers, found \(ValueType(of: element))", at: range)
        }
        total += x
        if case .int(let i) = element, allIntegers {
          let (sum, overflow) = intTotal.addingReportingOverflow(i)
          if overflow { allIntegers = false } else { intTotal = sum }
        } else {
          allIntegers = false
        }
      }
      if self == .sum { return allIntegers ? .int(intTotal) : .double(total) }
      return .double(present.isEmpty ? 0 : total / Double(present.count))
    }
  }
}
