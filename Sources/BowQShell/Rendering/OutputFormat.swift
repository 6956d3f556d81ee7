import BowQ

/// How results are printed: `--format` and `.mode`.
public enum OutputFormat: String, CaseIterable, Hashable, Sendable {
  /// Aligned columns under a header and a dashed rule.
  case table
  /// Aligned columns inside Unicode box-drawing lines.
  case box
  /// A JSON array with one object per row.
  case json
  /// One JSON object per line (JSON Lines).
  case jsonl
  /// Comma-separated values with a header row, quoted as RFC 4180 says.
  case csv
  /// A record per row, headed by its object as psql heads records (`-[ BowTie/p1 ]---`),
  /// then `name = value`, one attribute per line (sqlite's `.mode line`).
  case line

  /// The renderer for this format.
  ///
  /// - Parameters:
  ///   - style: colours the human formats (table, box, line) when enabled: bold
  ///   headers and a dim `nil`. The machine formats (json, jsonl, csv) never have colour.
  ///   - headers: whether table, box and csv output start with the names (`.headers`).
  ///   - rowsPerPage: how many rows table and box measure together before printing them.
  ///   - width: the terminal's width, which a table or box is fitted to; nil (a pipe, a
  ///     file) shows every value whole.
  public func renderer(
    style: Style = .plain, headers: Bool = true,
    rowsPerPage: Int = TableRenderer.defaultRowsPerPage, width: Int? = nil
  ) -> any ResultRenderer {
    switch self {
    case .table:
      return TableRenderer(
        style: style, showsHeader: headers, rowsPerPage: rowsPerPage, width: width)
    case .box:
      return BoxRenderer(
        style: style, showsHeader: headers, rowsPerPage: rowsPerPage, width: width)
    case .json: return JSONRenderer(isLineDelimited: false)
    case .jsonl: return JSONRenderer(isLineDelimited: true)
    case .csv: return CSVRenderer(showsHeader: headers)
    case .line: return LineRenderer(style: style)
    }
  }

  /// Whether `result` fits `width` columns in this format, its cells shortened as
  /// ``TableFitting`` says; only tables and boxes are fitted, and a terminal shows one that
  /// does not fit as records. The other formats are never measured.
  func fits(_ result: ResultSet, width: Int, rowsPerPage: Int, showsHeader: Bool) -> Bool {
    switch self {
    case .table:
      return TableRenderer.fits(
        result, width: width, rowsPerPage: rowsPerPage, showsHeader: showsHeader)
    case .box:
      return BoxRenderer.fits(
        result, width: width, rowsPerPage: rowsPerPage, showsHeader: showsHeader)
    case .json, .jsonl, .csv, .line: return true
    }
  }

  /// Whether every statement's output is JSON: `changes` and `explain` too, one document
  /// each, so that a run is a stream of JSON documents (which `jq` reads one by one).
  public var isJSON: Bool { self == .json || self == .jsonl }
}
