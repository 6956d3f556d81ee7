/// A JSON document that keeps the order of object keys, and its compact serialization.
///
/// Foundation's `JSONSerialization` sorts or scrambles keys; results must list attributes
/// in column order.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  /// A number as JSON text, kept exactly as given (see ``integer(_:)``).
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Members in the order they are written.
  case object([(key: String, value: JSONValue)])

  /// An integer.
  public static func integer(_ value: some BinaryInteger) -> JSONValue {
    .number(String(value))
  }

  /// The value as compact JSON text: no spaces, non-ASCII characters as they are, and
  /// `"`, `\` and control characters escaped.
  public func serialized() -> String {
    var text = ""
    write(to: &text)
    return text
  }

  private func write(to text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let digits): text += digits
    case .string(let string): JSONValue.writeString(string, to: &text)
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.write(to: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        JSONValue.writeString(member.key, to: &text)
        text += ":"
        member.value.write(to: &text)
      }
      text += "}"
    }
  }

  private static func writeString(_ string: String, to text: inout String) {
    text += "\""
    // Most strings have nothing to escape: they are appended whole.
    guard
      string.containsUTF8(where: {
        $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
      })
    else {
      text += string
      text += "\""
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
