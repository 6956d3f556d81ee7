import Foundation

/// Comma-separated values as RFC 4180 writes them, shared by `export … as csv` and the
/// shell's csv output: a field holding a comma, a double quote, CR or LF is put in double
/// quotes with inner quotes doubled; records end with LF, as Unix tools expect.
public enum CSV {
  /// One record: the fields joined by commas, with its line feed.
  public static func record(_ fields: [String]) -> String {
    fields.joined(separator: ",") + "\n"
  }

  /// A field for `text`, quoted when it must be.
  public static func quoted(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { "\",\r\n".unicodeScalars.contains($0) }) else {
      return text
    }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// A field for a value: nil is empty and an empty string or data a quoted `""`, so the
  /// two stay apart; binary data is base64; other values are written as a table shows them.
  public static func field(_ value: Value) -> String {
    switch value {
    case .null: return ""
    case .string(let text) where text.isEmpty: return "\"\""
    case .data(let data) where data.isEmpty: return "\"\""
    case .data(let data): return data.base64EncodedString()
    default: return quoted(value.displayText)
    }
  }
}
