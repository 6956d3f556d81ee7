import BowQ
import Foundation

/// Comma-separated values: a header row of attribute names, then one record per row.
///
/// Fields holding a comma, a double quote, CR or LF are put in double quotes with inner
/// quotes doubled (RFC 4180). nil is an empty field and an empty string a quoted `""`, so
/// the two stay apart. Binary data is base64; other values are printed as in a table,
/// without escaping. Records end with LF, as Unix tools expect.
public struct CSVRenderer: StreamingRenderer {
  public init() {}

  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    output(record(result.columns.map { CSVRenderer.quoted($0.name) }))
    for (index, row) in result.rows.enumerated() {
      try Interrupt.check(every: index)
      output(record(row.map(CSVRenderer.field)))
    }
  }

  public func render(count: Int) -> String {
    record(["count"]) + record([String(count)])
  }

  private func record(_ fields: [String]) -> String {
    fields.joined(separator: ",") + "\n"
  }

  private static func field(_ value: Value) -> String {
    switch value {
    case .null: return ""
    case .string(let text) where text.isEmpty: return "\"\""
    case .data(let data): return data.base64EncodedString()
    default: return quoted(value.displayText)
    }
  }

  private static func quoted(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { "\",\r\n".unicodeScalars.contains($0) }) else {
      return text
    }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
