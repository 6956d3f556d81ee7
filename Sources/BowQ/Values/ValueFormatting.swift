import Foundation

extension Value {
  /// The value as a person reads it in a table cell or a message.
  ///
  /// Dates print in ISO 8601 (UTC), binary data as its size, colors as `rgb(r, g, b)`.
  public var displayText: String {
    switch self {
    case .null: return "nil"
    case .bool(let v): return v ? "YES" : "NO"
    case .int(let v): return String(v)
    case .double(let v): return Value.format(v)
    case .decimal(let v): return NSDecimalNumber(decimal: v).stringValue
    case .string(let s): return s
    case .date(let d): return Value.iso8601(d)
    case .data(let d): return "<\(d.count) bytes>"
    case .uuid(let u): return u.uuidString
    case .uri(let u): return u.absoluteString
    case .color(let c): return "rgb(\(c.red), \(c.green), \(c.blue))"
    case .object(let id): return id.description
    case .collection(let values):
      return "{" + values.map(\.literalText).joined(separator: ", ") + "}"
    }
  }

  /// The value written as a bowq literal, the way it would be typed back.
  public var literalText: String {
    switch self {
    case .string(let s): return Value.quoted(s)
    case .date(let d): return "CAST(\(Value.format(d.timeIntervalSinceReferenceDate)), \"NSDate\")"
    default: return displayText
    }
  }

  /// A Double in its shortest form that reads back the same: `4` for 4.0, `3.5`, `1e+100`.
  public static func format(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return "\(value)"
  }

  /// A date as ISO 8601 in UTC, with milliseconds only when it has them
  /// (``ISO8601Dates/format(_:separator:zone:)``).
  public static func iso8601(_ date: Date) -> String {
    ISO8601Dates.format(date)
  }

  /// A string in double quotes with `"` and `\` escaped, as NSPredicate prints it, and every
  /// other control character escaped (`\n`, `\t`, `\r`, else `\u{1B}`), so the text reads
  /// back the same and never sends a control code to a terminal.
  public static func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case _ where scalar.properties.generalCategory == .control:
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
