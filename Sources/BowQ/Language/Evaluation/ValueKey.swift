import Foundation

/// The keys key-value coding answers on values rather than objects, as Foundation evaluates
/// `height.doubleValue > 5` or `name.uppercaseString BEGINSWITH "R"` in memory: NSString's
/// `length`, `doubleValue`, `intValue`, … and NSNumber's `stringValue`, `intValue`, …, and
/// NSDate's `timeIntervalSince1970`. One row a key; each is a function of its receiver.
///
/// NSString's numeric keys read the number the string begins with (after white space) and
/// give 0 when it begins with none, ignoring what follows, as `-[NSString doubleValue]` does;
/// `intValue` stops at 32 bits and `integerValue` and `longLongValue` at 64, at their
/// limits. `boolValue` is YES for a string beginning with Y, y, T, t or a digit 1–9 (after
/// white space, a sign and zeros).
struct ValueKey: Sendable {
  /// The kind of value a key is asked of.
  enum Receiver: Sendable {
    case string
    case number
    case date

    /// The receiver values of `type` are; nil for a type that answers no value key.
    init?(_ type: ValueType) {
      switch type {
      case .string: self = .string
      case .integer, .double, .decimal, .bool: self = .number
      case .date: self = .date
      default: return nil
      }
    }
  }

  let key: String
  let receiver: Receiver
  let function: BuiltinFunction

  /// Every key, by receiver.
  static let all: [ValueKey] = [
    ValueKey("length", .string, .length),
    text("doubleValue", .double) { .double(leadingReal($0)) },
    text("floatValue", .double) { .double(Double(Float(leadingReal($0)))) },
    text("intValue", .integer) {
      .int(leadingInteger($0, in: Int64(Int32.min)...Int64(Int32.max)))
    },
    text("integerValue", .integer) { .int(leadingInteger($0, in: Int64.min...Int64.max)) },
    text("longLongValue", .integer) { .int(leadingInteger($0, in: Int64.min...Int64.max)) },
    text("boolValue", .bool) { .bool(leadingTruth($0)) },
    text("uppercaseString", .string) { .string($0.uppercased()) },
    text("lowercaseString", .string) { .string($0.lowercased()) },
    text("capitalizedString", .string) { .string($0.capitalized) },
    number("doubleValue", .double) { .double($0.numericValue ?? 0) },
    number("floatValue", .double) { .double(Double(Float($0.numericValue ?? 0))) },
    number("intValue", .integer) { .int(Int64(Int32(clamping: whole($0)))) },
    number("integerValue", .integer) { .int(whole($0)) },
    number("longLongValue", .integer) { .int(whole($0)) },
    number("boolValue", .bool) { .bool(($0.numericValue ?? 0) != 0) },
    number("stringValue", .string) { .string(numberText($0)) },
    date("timeIntervalSinceReferenceDate") { .double($0.timeIntervalSinceReferenceDate) },
    date("timeIntervalSince1970") { .double($0.timeIntervalSince1970) },
  ]

  private init(_ key: String, _ receiver: Receiver, _ function: BuiltinFunction) {
    self.key = key
    self.receiver = receiver
    self.function = function
  }

  /// The function answering `key` on a value of `type`; nil when values of the type have no
  /// such key.
  static func function(for key: String, on type: ValueType) -> BuiltinFunction? {
    let receiver = Receiver(type)
    return all.first { $0.key == key && $0.receiver == receiver }?.function
  }

  /// The function answering `key` on `value`, as read at evaluation (a dictionary's value).
  static func function(for key: String, on value: Value) -> BuiltinFunction? {
    function(for: key, on: ValueType(of: value))
  }

  /// The keys values of `type` answer, for did-you-mean.
  static func keys(of type: ValueType) -> [String] {
    let receiver = Receiver(type)
    return all.filter { $0.receiver == receiver }.map(\.key)
  }

  // MARK: Kinds of rows

  /// A key of `receiver`s whose function takes the receiver as `argument` and gives a
  /// `result`.
  private static func row(
    _ key: String, _ receiver: Receiver, _ argument: BuiltinFunction.Argument,
    _ result: ValueType,
    _ implementation: @escaping @Sendable (FunctionCall) throws(EvaluationError) -> Value
  ) -> ValueKey {
    ValueKey(
      key, receiver,
      BuiltinFunction(
        name: key, selector: key, arguments: [argument], resultType: { _ in result },
        isVolatile: false, aggregate: nil, isNilForNil: true, implementation: implementation))
  }

  private static func text(
    _ key: String, _ result: ValueType, _ f: @escaping @Sendable (String) -> Value
  ) -> ValueKey {
    row(key, .string, .string, result) { call throws(EvaluationError) in f(try call.string(0)) }
  }

  private static func number(
    _ key: String, _ result: ValueType, _ f: @escaping @Sendable (Value) -> Value
  ) -> ValueKey {
    row(key, .number, .number, result) { call in f(call.arguments[0]) }
  }

  private static func date(_ key: String, _ f: @escaping @Sendable (Date) -> Value) -> ValueKey {
    row(key, .date, .anything, .double) { call throws(EvaluationError) in
      guard case .date(let date) = call.arguments[0] else {
        throw EvaluationError(
          "\(key) needs a date, not \(call.arguments[0].literalText)", at: call.range)
      }
      return f(date)
    }
  }

  // MARK: NSString's and NSNumber's readings

  /// The number `s` begins with, after white space: a sign, digits, a fraction and an
  /// exponent; 0 when there is none.
  static func leadingReal(_ s: String) -> Double {
    let scalars = Array(s.unicodeScalars.drop { $0.properties.isWhitespace })
    var end = 0
    func digits() -> Bool {
      let start = end
      while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
      return end > start
    }
    if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
    var any = digits()
    if end < scalars.count, scalars[end] == "." {
      end += 1
      any = digits() || any
    }
    guard any else { return 0 }
    if end < scalars.count, scalars[end] == "e" || scalars[end] == "E" {
      let mantissa = end
      end += 1
      if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
      if !digits() { end = mantissa }
    }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: scalars[..<end])
    return Double(String(text)) ?? 0
  }

  /// The whole number `s` begins with, after white space and an optional sign, held to
  /// `limits`; 0 when there is none.
  static func leadingInteger(_ s: String, in limits: ClosedRange<Int64>) -> Int64 {
    var scalars = Substring(s).unicodeScalars.drop { $0.properties.isWhitespace }
    var negative = false
    if let sign = scalars.first, sign == "+" || sign == "-" {
      negative = sign == "-"
      scalars = scalars.dropFirst()
    }
    var value: Int64 = 0
    for scalar in scalars {
      guard let digit = Int64(exactly: scalar.value), (48...57).contains(digit) else { break }
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(digit - 48)
      guard !overflow1, !overflow2 else { return negative ? limits.lowerBound : limits.upperBound }
      value = sum
    }
    return min(max(negative ? -value : value, limits.lowerBound), limits.upperBound)
  }

  /// Whether `s` reads as true to `-[NSString boolValue]`.
  static func leadingTruth(_ s: String) -> Bool {
    var scalars = Substring(s).unicodeScalars.drop { $0.properties.isWhitespace }
    if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
    scalars = scalars.drop { $0 == "0" }
    guard let first = scalars.first else { return false }
    return "YyTt".unicodeScalars.contains(first) || ("1"..."9").contains(first)
  }

  /// A number as a whole number, its fraction dropped and held to 64 bits.
  private static func whole(_ value: Value) -> Int64 {
    if case .int(let i) = value { return i }
    let d = value.numericValue ?? 0
    guard d.isFinite else { return d.isNaN ? 0 : d < 0 ? .min : .max }
    return Int64(exactly: d.rounded(.towardZero)) ?? (d < 0 ? .min : .max)
  }

  /// A number's text as `-[NSNumber stringValue]` gives it: whole numbers without a
  /// fraction, Booleans as 1 and 0.
  private static func numberText(_ value: Value) -> String {
    switch value {
    case .int(let i): return String(i)
    case .bool(let b): return b ? "1" : "0"
    case .decimal(let d): return "\(d)"
    default: return value.literalText
    }
  }
}
