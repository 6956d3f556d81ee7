import BowQ

/// Aligned columns under a header and a dashed rule, padded by display width:
///
///     name    rating
///     ------  ------
///     Red        4.5
///     蝴蝶结     nil
///
/// Numbers are aligned to the right, `nil` is printed as such, and no line ends in spaces.
/// A result longer than a page (``rowsPerPage``) is written a page at a time; when a later
/// page holds a wider cell, its columns widen and the header is printed again above it.
public struct TableRenderer: ResultRenderer {
  /// Bold headers and a dim `nil` when enabled.
  public var style: Style

  /// Whether the names and their rule head the columns (`.headers on`, the default).
  public var showsHeader: Bool

  /// How many rows are measured together before they are printed: a screenful at a
  /// terminal, so that printing starts at once.
  public var rowsPerPage: Int

  public init(
    style: Style = .plain, showsHeader: Bool = true,
    rowsPerPage: Int = TableRenderer.defaultRowsPerPage
  ) {
    self.style = style
    self.showsHeader = showsHeader
    self.rowsPerPage = rowsPerPage
  }

  /// The rows measured together when no page size is given: far more than a screenful,
  /// few enough that the cells of one page take little memory.
  public static let defaultRowsPerPage = 1000

  /// The columns between two cells.
  static let separator = "  "

  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    let result = ObjectNaming.withObjectColumn(result)
    guard !result.rows.isEmpty else { return output(Self.noObjects) }
    try ColumnLayout.pages(of: result, rowsPerPage: rowsPerPage, measuringHeader: showsHeader) {
      page in
      let layout = page.layout
      var text = ""
      if showsHeader, page.isFirst || page.isWider {
        let header = layout.line(layout.header, separator: Self.separator, padsLastColumn: false) {
          style.bold($0.text)
        }
        let rule = layout.widths.map { String(repeating: "-", count: $0) }
        text +=
          (page.isFirst ? "" : "\n") + header + "\n" + rule.joined(separator: Self.separator) + "\n"
      }
      for row in page.rows {
        text +=
          layout.line(row, separator: Self.separator, padsLastColumn: false) {
            $0.valueText(style)
          } + "\n"
      }
      output(text)
    }
  }

  public func render(count: Int) -> String {
    "\(count)\n"
  }
}
