import Foundation

/// Converts a value to what an attribute stores: integers checked against their type's
/// range (never wrapped), whole Doubles to integers, ISO 8601 strings to dates, strings to
/// UUIDs and URIs, `{r, g, b}` to colors. nil stays nil (optionality is checked at save).
public enum AttributeCoercion {
  /// Whether values of `type` can be stored in an attribute of `target`; the binder's
  /// static check (a runtime conversion may still fail for a particular value).
  public static func accepts(_ type: ValueType, for target: AttributeType) -> Bool {
    switch type {
    case .null, .unknown: return true
    case .string:
      return [.string, .date, .uuid, .uri].contains(target)
    case .integer, .double, .decimal:
      return target.isNumeric || target == .bool || target == .date
    case .bool: return target == .bool || target.isNumeric
    case .date: return target == .date
    case .data:
      if case .transformable(let t) = target { return !t.isBuiltIn }
      return target == .binary || target == .uuid
    case .uuid: return target == .uuid
    case .uri: return target == .uri
    case .color: return target == .transformable(.color)
    case .collection: return target == .transformable(.color)
    case .object: return false
    }
  }

  /// The value converted for `attribute`, or a message saying why it cannot be.
  public static func coerce(_ value: Value, to attribute: Attribute) -> Result<Value, Failure> {
    if value.isNull { return .success(.null) }
    let type = attribute.type
    func fail(_ why: String? = nil) -> Result<Value, Failure> {
      .failure(
        Failure(
          message: why
            ?? "cannot store \(ValueType(of: value)) \(value.literalText) in \(attribute.name) (\(type.name))"
        ))
    }
    switch (type, value) {
    case (.string, .string): return .success(value)
    case (.int16, _), (.int32, _), (.int64, _):
      let range = type.integerRange!
      let integer: Int64?
      switch value {
      case .int(let i): integer = i
      case .bool(let b): integer = b ? 1 : 0
      case .double(let d) where Int64(exactly: d) != nil: integer = Int64(exactly: d)
      case .decimal(let d):
        let n = NSDecimalNumber(decimal: d)
        integer = n.doubleValue == n.doubleValue.rounded() ? n.int64Value : nil
      case .double(let d) where d == d.rounded() && d.isFinite:
        return fail(
          "\(String(format: "%.0f", d)) is too \(d > 0 ? "large" : "small") for Int64, and out of range for "
            + "\(attribute.name) (\(type.name) holds \(range.lowerBound)…\(range.upperBound))")
      case .double:
        return fail(
          "\(value.literalText) is not a whole number, and \(attribute.name) is \(type.name)")
      default: integer = nil
      }
      guard let integer else { return fail() }
      guard range.contains(integer) else {
        return fail(
          "\(integer) is out of range for \(attribute.name) (\(type.name) holds \(range.lowerBound)…\(range.upperBound))"
        )
      }
      return .success(.int(integer))
    case (.double, _), (.float, _):
      guard let d = value.numericValue else { return fail() }
      let holds = "\(attribute.name) (\(type.name)) cannot hold"
      guard d.isFinite else {
        return fail("\(holds) \(d.isNaN ? "NaN" : "\(d)"): it holds only finite numbers")
      }
      guard type == .double else {
        let float = Float(d)
        guard float.isFinite else {
          return fail("\(holds) \(d): it is outside Float's range (about ±3.4e38)")
        }
        return .success(.double(Double(float)))
      }
      return .success(.double(d))
    case (.decimal, .decimal): return .success(value)
    case (.decimal, .int(let i)): return .success(.decimal(Decimal(i)))
    case (.decimal, _):
      guard let d = value.numericValue else { return fail() }
      switch Decimal.converting(d) {
      case .success(let decimal): return .success(.decimal(decimal))
      case .failure(let failure):
        return fail("\(attribute.name) (Decimal) cannot hold \(failure.number): \(failure.reason)")
      }
    case (.bool, .bool): return .success(value)
    case (.bool, _):
      guard let n = value.numericValue, n == 0 || n == 1 else { return fail() }
      return .success(.bool(n == 1))
    case (.date, .date(let date)):
      guard ISO8601Dates.isSupported(date) else {
        return fail(ISO8601DateError.outOfRange.message(for: "the date \(Value.iso8601(date))"))
      }
      return .success(value)
    case (.date, .string(let s)):
      do {
        return .success(.date(try ISO8601Dates.parse(s)))
      } catch {
        return fail(error.message(for: Value.quoted(s)))
      }
    case (.binary, .data): return .success(value)
    case (.transformable(let t), .data) where !t.isBuiltIn: return .success(value)
    case (.uuid, .uuid): return .success(value)
    case (.uuid, .string(let s)):
      guard let uuid = UUIDText.uuid(s) else { return fail("\(Value.quoted(s)) is not a UUID") }
      return .success(.uuid(uuid))
    case (.uri, .uri): return .success(value)
    case (.uri, .string(let s)):
      guard let uri = URI(s), uri.scheme != nil else {
        return fail(
          "\(Value.quoted(s)) is not a URI with a scheme, such as \"https://example.com\"")
      }
      return .success(.uri(uri))
    case (.transformable(.color), .color): return .success(value)
    case (.transformable(.color), .collection(let parts)):
      let components = parts.compactMap { part -> Int64? in
        if case .int(let i) = part { return i }
        return nil
      }
      guard components.count == parts.count, let color = Color(components) else {
        return fail("a color is written {red, green, blue} with whole numbers 0–255")
      }
      return .success(.color(color))
    default:
      return fail()
    }
  }

  /// Why a value could not be converted.
  public struct Failure: Error, Hashable, Sendable {
    public var message: String
  }
}
