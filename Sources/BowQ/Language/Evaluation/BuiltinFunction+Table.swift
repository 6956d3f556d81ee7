import Foundation

/// The table of built-in functions: one row each, so that adding a function is adding a row
/// here and to ``all``.
extension BuiltinFunction {
  /// Every built-in function, in the order did-you-mean offers their names.
  static let all: [BuiltinFunction] = [
    sum, count, min, max, average, median, mode, stddev,
    add, subtract, multiply, divide, modulus,
    sqrt, log, ln, raise, exp, floor, ceiling, abs, trunc,
    uppercase, lowercase, length, noindex,
    random, randomn, now,
    bitwiseAnd, bitwiseOr, bitwiseXor, leftshift, rightshift, onesComplement,
  ]

  // MARK: Statistics over a collection

  static let sum = aggregating(.sum)
  static let count = aggregating(.count)
  static let min = aggregating(.min)
  static let max = aggregating(.max)
  static let average = aggregating(.avg)
  static let median = aggregating(.median)
  static let mode = aggregating(.mode)
  static let stddev = aggregating(.stddev)

  // MARK: Arithmetic

  static let add = arithmetic("add", "add:to:", .add, resultType: integerForIntegers)
  static let subtract = arithmetic(
    "subtract", "from:subtract:", .subtract, resultType: integerForIntegers)
  static let multiply = arithmetic(
    "multiply", "multiply:by:", .multiply, resultType: integerForIntegers)
  static let divide = arithmetic("divide", "divide:by:", .divide, resultType: integerForIntegers)
  /// A power, always a real number, as `**` gives it.
  static let raise = arithmetic("raise", "raise:toPower:", .power, resultType: always(.double))

  /// The remainder of whole numbers, with the sign of the dividend; the one remainder that
  /// overflows (of the least integer by -1) is an overflow error, as `/` reports it.
  static let modulus = BuiltinFunction(
    name: "modulus", selector: "modulus:by:", arguments: [.number, .number],
    resultType: integerForIntegers, isVolatile: false, aggregate: nil, isNilForNil: true,
    implementation: { call throws(EvaluationError) in
      let (a, b) = (try call.integer(0), try call.integer(1))
      guard b != 0 else { throw call.failure("modulus by zero") }
      let (remainder, overflow) = a.remainderReportingOverflow(dividingBy: b)
      guard !overflow else { throw call.failure("integer overflow in modulus:by:(\(a), \(b))") }
      return .int(remainder)
    })

  // MARK: Numbers

  static let sqrt = real("sqrt") { $0.squareRoot() }
  /// The common logarithm (`ln` is the natural one).
  static let log = real("log") { Foundation.log10($0) }
  static let ln = real("ln") { Foundation.log($0) }
  static let exp = real("exp") { Foundation.exp($0) }
  static let floor = rounding("floor", .down)
  static let ceiling = rounding("ceiling", .up)
  static let trunc = rounding("trunc", .towardZero)

  /// The absolute value: an integer for an integer (an error for the one without one).
  static let abs = BuiltinFunction(
    name: "abs", selector: "abs:", arguments: [.number], resultType: integerForIntegers,
    isVolatile: false, aggregate: nil, isNilForNil: true,
    implementation: { call throws(EvaluationError) in
      guard case .int(let i) = call.arguments[0] else {
        return .double(Swift.abs(try call.number(0)))
      }
      guard i != .min else { throw call.failure("abs overflows") }
      return .int(Swift.abs(i))
    })

  // MARK: Strings

  static let uppercase = text("uppercase", resultType: .string) { .string($0.uppercased()) }
  static let lowercase = text("lowercase", resultType: .string) { .string($0.lowercased()) }
  /// The length in UTF-16 units, as NSString counts.
  static let length = text("length", resultType: .integer) { .int(Int64($0.utf16.count)) }

  /// Its argument, unchanged (in Core Data, a hint not to use an index).
  static let noindex = BuiltinFunction(
    name: "noindex", selector: "noindex:", arguments: [.anything],
    resultType: { $0.first ?? .unknown }, isVolatile: false, aggregate: nil, isNilForNil: false,
    implementation: { call in call.arguments[0] })

  // MARK: Randomness and the clock

  /// A random integer from 0 to 2³¹ − 1.
  static let random = BuiltinFunction(
    name: "random", selector: "random", arguments: [], resultType: always(.integer),
    isVolatile: true, aggregate: nil, isNilForNil: false,
    implementation: { _ in .int(Int64.random(in: 0...Int64(Int32.max))) })

  /// A random integer from 0 up to, not including, a positive bound.
  static let randomn = BuiltinFunction(
    name: "randomn", selector: "randomn:", arguments: [.number], resultType: always(.integer),
    isVolatile: true, aggregate: nil, isNilForNil: true,
    implementation: { call throws(EvaluationError) in
      let n = try call.integer(0)
      guard n > 0 else { throw call.failure("randomn() needs a positive bound, not \(n)") }
      return .int(Int64.random(in: 0..<n))
    })

  /// The statement's clock reading: the same instant for every object.
  static let now = BuiltinFunction(
    name: "now", selector: "now", arguments: [], resultType: always(.date), isVolatile: true,
    aggregate: nil, isNilForNil: false, implementation: { call in .date(call.now) })

  // MARK: Bits

  static let bitwiseAnd = bitwise("bitwiseAnd", "bitwiseAnd:with:", .bitwiseAnd)
  static let bitwiseOr = bitwise("bitwiseOr", "bitwiseOr:with:", .bitwiseOr)
  static let bitwiseXor = bitwise("bitwiseXor", "bitwiseXor:with:", .bitwiseXor)
  /// A shift by a count outside 0...63, or one that shifts bits out, is an error.
  static let leftshift = bitwise("leftshift", "leftshift:by:", .leftShift)
  /// An arithmetic shift (the sign fills); a count outside 0...63 is an error.
  static let rightshift = bitwise("rightshift", "rightshift:by:", .rightShift)

  /// Every bit of a whole number inverted: `~x`.
  static let onesComplement = BuiltinFunction(
    name: "onesComplement", selector: "onesComplement:", arguments: [.number],
    resultType: always(.integer), isVolatile: false, aggregate: nil, isNilForNil: true,
    implementation: { call throws(EvaluationError) in
      try Arithmetic.onesComplement(call.arguments[0], range: call.range)
    })

  // MARK: Kinds of rows

  /// The result type `type`, whatever the arguments.
  private static func always(_ type: ValueType) -> @Sendable ([ValueType]) -> ValueType {
    { _ in type }
  }

  /// An integer when every argument is one, a real number otherwise.
  private static let integerForIntegers: @Sendable ([ValueType]) -> ValueType = {
    $0.allSatisfy { $0 == .integer } ? .integer : .double
  }

  /// A statistical operation as a function of one collection, named by its ``AggregateOperation/function``.
  private static func aggregating(_ operation: AggregateOperation) -> BuiltinFunction {
    let name = operation.function ?? operation.name
    return BuiltinFunction(
      name: name, selector: name + ":", arguments: [.collection],
      resultType: { operation.resultType($0.first ?? .unknown) }, isVolatile: false,
      aggregate: operation, isNilForNil: true,
      implementation: { call throws(EvaluationError) in
        try operation.apply(to: try call.collection(0), range: call.range)
      })
  }

  /// Arithmetic on two numbers, as the operator `op` does it.
  private static func arithmetic(
    _ name: String, _ selector: String, _ op: ArithmeticOperator,
    resultType: @escaping @Sendable ([ValueType]) -> ValueType
  ) -> BuiltinFunction {
    BuiltinFunction(
      name: name, selector: selector, arguments: [.number, .number], resultType: resultType,
      isVolatile: false, aggregate: nil, isNilForNil: true,
      implementation: { call throws(EvaluationError) in
        try Arithmetic.apply(op, call.arguments[0], call.arguments[1], range: call.range)
      })
  }

  /// A real function of one number.
  private static func real(_ name: String, _ f: @escaping @Sendable (Double) -> Double)
    -> BuiltinFunction
  {
    BuiltinFunction(
      name: name, selector: name + ":", arguments: [.number], resultType: always(.double),
      isVolatile: false, aggregate: nil, isNilForNil: true,
      implementation: { call throws(EvaluationError) in .double(f(try call.number(0))) })
  }

  /// A number rounded by `rule`; an integer stays as it is.
  private static func rounding(_ name: String, _ rule: FloatingPointRoundingRule)
    -> BuiltinFunction
  {
    BuiltinFunction(
      name: name, selector: name + ":", arguments: [.number], resultType: integerForIntegers,
      isVolatile: false, aggregate: nil, isNilForNil: true,
      implementation: { call throws(EvaluationError) in
        if case .int = call.arguments[0] { return call.arguments[0] }
        return .double(try call.number(0).rounded(rule))
      })
  }

  /// A function of one string.
  private static func text(
    _ name: String, resultType: ValueType, _ f: @escaping @Sendable (String) -> Value
  ) -> BuiltinFunction {
    BuiltinFunction(
      name: name, selector: name + ":", arguments: [.string], resultType: always(resultType),
      isVolatile: false, aggregate: nil, isNilForNil: true,
      implementation: { call throws(EvaluationError) in f(try call.string(0)) })
  }

  /// An operation on the bits of two whole numbers, as the operator `op` does it.
  private static func bitwise(_ name: String, _ selector: String, _ op: ArithmeticOperator)
    -> BuiltinFunction
  {
    arithmetic(name, selector, op, resultType: always(.integer))
  }
}
