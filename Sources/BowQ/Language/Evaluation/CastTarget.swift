import Foundation

/// The targets of `CAST(value, "Type")`.
enum CastTarget: String, Sendable, CaseIterable {
  case date = "NSDate"
  case number = "NSNumber"
  case string = "NSString"
}

extension CastTarget {
  /// NSExpression's `castObject:toType:`: numbers to dates (seconds since 2001-01-01), ISO
  /// 8601 strings to dates, values to numbers and strings.
  func apply(_ value: Value, range: SourceRange) throws(EvaluationError) -> Value {
    if value.isNull { return .null }
    switch (self, value) {
    case (.date, .date): return value
    case (.date, .string(let s)):
      do {
        return .date(try ISO8601Dates.parse(s))
      } catch {
        throw EvaluationError(error.message(for: Value.quoted(s)), at: range)
      }
    case (.date, _):
      guard let seconds = value.numericValue else { break }
      do {
        try ISO8601Dates.checkSupported(seconds)
      } catch {
        throw EvaluationError(
          error.message(for: "\(Value.format(seconds)) seconds since 2001-01-01"), at: range)
      }
      return .date(Date(timeIntervalSinceReferenceDate: seconds))
    case (.number, .date(let d)): return .double(d.timeIntervalSinceReferenceDate)
    case (.number, .string(let s)):
      if let i = Int64(s) { return .int(i) }
      if let d = Double(s) { return .double(d) }
      throw EvaluationError("\(Value.quoted(s)) is not a number", at: range)
    case (.number, _):
      if value.numericValue != nil { return value }
    case (.string, _):
      return .string(value.displayText)
    }
    throw EvaluationError("cannot CAST \(ValueType(of: value)) to \(rawValue)", at: range)
  }
}
