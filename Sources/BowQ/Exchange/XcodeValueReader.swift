import Foundation

/// Reads the values of one element's XML attributes, failing with the entity, property,
/// key and value when one does not fit.
struct XcodeValueReader {
  let path: String
  let element: XcodeModelElement
  let entity: String
  let property: String

  private func invalid(_ key: String, _ text: String, _ reason: String) -> XcodeModelError {
    .invalidValue(
      path: path, line: element.line, entity: entity, property: property, key: key, value: text,
      reason: reason)
  }

  /// A default or bound in the attribute's type: a number, `YES`/`NO`, a string, a UUID
  /// or a URI, checked against the type's range.
  func value(_ key: String, _ text: String, for attribute: Attribute) throws(XcodeModelError)
    -> Value
  {
    let parsed: Value?
    switch attribute.type {
    case .string: parsed = .string(text)
    case .bool: parsed = Self.booleans[text.uppercased()].map(Value.bool)
    case .uuid: parsed = UUID(uuidString: text).map(Value.uuid)
    case .uri: parsed = URI(text).map(Value.uri)
    case .decimal:
      parsed =
        Self.isDecimalNumeral(text)
        ? Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map(Value.decimal) : nil
    default:
      parsed =
        Int64(text).map(Value.int) ?? Double(text).flatMap { $0.isFinite ? .double($0) : nil }
    }
    guard let parsed else {
      throw invalid(key, text, "expected \(Self.expectation(for: attribute.type))")
    }
    switch AttributeCoercion.coerce(parsed, to: attribute) {
    case .success(let value): return value
    case .failure(let failure): throw invalid(key, text, failure.message)
    }
  }

  /// The spellings of a Boolean default, upper-cased; the model editor writes `YES` and `NO`.
  private static let booleans = [
    "YES": true, "NO": false, "TRUE": true, "FALSE": false, "1": true, "0": false,
  ]

  /// A date given as seconds since 2001-01-01 00:00:00 UTC, as Core Data writes it.
  func date(_ key: String, _ text: String) throws(XcodeModelError) -> Value {
    guard let seconds = Double(text), seconds.isFinite else {
      throw invalid(
        key, text, "expected seconds since 2001-01-01 00:00:00 UTC, such as 0 or -86400")
    }
    return .date(Date(timeIntervalSinceReferenceDate: seconds))
  }

  /// A length or count: a whole number, 0 or more.
  func count(_ key: String, _ text: String) throws(XcodeModelError) -> Int {
    guard let n = Int(text), n >= 0 else {
      throw invalid(key, text, "expected a whole number, 0 or more")
    }
    return n
  }

  /// A regular expression, checked as a MATCHES pattern is: it compiles, and it has no
  /// repetition that can take exponential time.
  func pattern(_ text: String) throws(XcodeModelError) -> String {
    do {
      _ = try NSRegularExpression(pattern: text)
    } catch {
      throw invalid("regularExpressionString", text, "not a valid regular expression")
    }
    do {
      _ = try RegularExpression(text, options: [])
    } catch {
      throw invalid("regularExpressionString", text, error.message)
    }
    return text
  }

  /// Whether `text` is a plain decimal numeral: sign, digits, a point, an exponent.
  private static func isDecimalNumeral(_ text: String) -> Bool {
    var rest = Substring(text)
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    let whole = rest.prefix(while: isDigit)
    rest = rest.dropFirst(whole.count)
    var fraction = Substring()
    if rest.first == "." {
      rest = rest.dropFirst()
      fraction = rest.prefix(while: isDigit)
      rest = rest.dropFirst(fraction.count)
    }
    guard !whole.isEmpty || !fraction.isEmpty else { return false }
    if rest.first == "e" || rest.first == "E" {
      rest = rest.dropFirst()
      if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
      let exponent = rest.prefix(while: isDigit)
      guard !exponent.isEmpty else { return false }
      rest = rest.dropFirst(exponent.count)
    }
    return rest.isEmpty
  }

  private static func isDigit(_ c: Character) -> Bool {
    ("0"..."9").contains(c)
  }

  private static func expectation(for type: AttributeType) -> String {
    switch type {
    case .bool: return "YES or NO"
    case .uuid: return "a UUID such as 6F9619FF-8B86-D011-B42D-00C04FC964FF"
    case .uri: return "a URI"
    case .decimal: return "a decimal number such as 12.50"
    default: return "a number"
    }
  }
}
