import BowQ
import Foundation

/// Comma-separated values: a header row of attribute names, then one record per row.
///
/// Fields holding a comma, a double quote, CR or LF are put in double quotes with inner
/// quotes doubled (RFC 4180). nil is an empty field and an empty string a quoted `""`, so
/// the two stay apart. Binary data is base64; other values are printed as in a table,
/// without escaping. Records end with LF, as Unix tools expect.
public struct CSVRenderer: ResultRenderer {
  /// Whether a header record of names comes first (`.headers on`, the default).
  public var showsHeader: Bool

  public init(showsHeader: Bool = true) {
    self.showsHeader = showsHeader
  }

  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    let result = ObjectNaming.withObjectColumn(result)
    if showsHeader { output(CSV.record(result.columns.map { CSV.quoted($0.name) })) }
    try writeInBatches(result.rows, to: output) { batch, _ in
      var text = ""
      for row in batch { CSV.append(record: row, to: &text) }
      return text
    }
  }

  public func render(count: Int) -> String {
    CSV.record(["count"]) + CSV.record([String(count)])
  }
}
