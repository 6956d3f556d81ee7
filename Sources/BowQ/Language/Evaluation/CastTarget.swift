import Foundation

/// The targets of `CAST(value, "Type")`.
enum CastTarget: String, Sendable, CaseIterable {
  case date = "NSDate"
  case number = "NSNumber"
  case string = "NSString"
  case uuid = "NSUUID"
}

extension CastTarget {
  /// NSExpression's `castObject:toType:`: numbers to dates (seconds since 2001-01-01), ISO
  /// 8601 strings to dates, values to numbers and strings, and UUID strings
  /// (`"6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"`, any case) to UUIDs, as `NSUUID(uuidString:)`
  /// reads them.
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
    case (.uuid, .uuid): return value
    case (.uuid, .string(let s)):
      guard let uuid = UUIDText.uuid(s) else {
        throw EvaluationError(
          "\(Value.quoted(s)) is not a UUID: write 32 hexadecimal digits in groups of 8-4-4-4-12, "
            + "as \"6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01\"", at: range)
      }
      return .uuid(uuid)
    case (.uuid, _): break
    }
    throw EvaluationError("cannot CAST \(ValueType(of: value)) to \(rawValue)", at: range)
  }
}
