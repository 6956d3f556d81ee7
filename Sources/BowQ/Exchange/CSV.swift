import Foundation

/// Comma-separated values as RFC 4180 writes them, shared by `export … as csv` and the
/// shell's csv output: a field holding a comma, a double quote, CR or LF is put in double
/// quotes with inner quotes doubled; records end with LF, as Unix tools expect.
///
/// Records are appended to a text the caller keeps (``append(record:to:)``), so that a
/// million of them cost no array of fields and no string per field; a field is looked at
/// byte by byte for what must be quoted.
public enum CSV {
  /// One record: the fields joined by commas, with its line feed.
  public static func record(_ fields: [String]) -> String {
    fields.joined(separator: ",") + "\n"
  }

  /// Appends the record of `values`, each as ``field(_:)`` writes it, with its line feed.
  public static func append(record values: some Sequence<Value>, to text: inout String) {
    var first = true
    for value in values {
      if !first { text += "," }
      first = false
      appendField(value, to: &text)
    }
    text += "\n"
  }

  /// A field for `text`, quoted when it must be.
  public static func quoted(_ text: String) -> String {
    var field = ""
    appendQuoted(text, to: &field)
    return field
  }

  /// A field for a value: nil is empty and an empty string or data a quoted `""`, so the
  /// two stay apart; binary data is base64; other values are written as a table shows them.
  public static func field(_ value: Value) -> String {
    var field = ""
    appendField(value, to: &field)
    return field
  }

  private static func appendField(_ value: Value, to text: inout String) {
    switch value {
    case .null: return
    case .string(let string) where string.isEmpty: text += "\"\""
    case .string(let string): appendQuoted(string, to: &text)
    case .data(let data) where data.isEmpty: text += "\"\""
    case .data(let data): text += data.base64EncodedString()
    case .int(let number): text += String(number)
    default: appendQuoted(value.displayText, to: &text)
    }
  }

  /// Appends `field`, in double quotes with its quotes doubled when it holds a comma, a
  /// double quote, CR or LF.
  private static func appendQuoted(_ field: String, to text: inout String) {
    let quote = UInt8(ascii: "\"")
    guard field.containsUTF8(where: { $0 == quote || $0 == 44 || $0 == 13 || $0 == 10 }) else {
      text += field
      return
    }
    text += "\""
    text += field.containsUTF8(where: { $0 == quote }) ? field.replacing("\"", with: "\"\"") : field
    text += "\""
  }
}
