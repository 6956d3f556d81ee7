import BowQ

/// Aligned columns inside Unicode box-drawing lines, padded by display width:
///
///     ┌──────┬────────┐
///     │ name │ rating │
///     ├──────┼────────┤
///     │ Red  │    4.5 │
///     └──────┴────────┘
///
/// Cells are printed as in ``TableRenderer``, a page at a time: when a later page holds a
/// wider cell, the box is closed and a wider one opened below it.
public struct BoxRenderer: ResultRenderer {
  /// Bold headers and a dim `nil` when enabled.
  public var style: Style

  /// Whether the names head the columns (`.headers on`, the default).
  public var showsHeader: Bool

  /// How many rows are measured together before they are printed (see
  /// ``TableRenderer/rowsPerPage``).
  public var rowsPerPage: Int

  public init(
    style: Style = .plain, showsHeader: Bool = true,
    rowsPerPage: Int = TableRenderer.defaultRowsPerPage
  ) {
    self.style = style
    self.showsHeader = showsHeader
    self.rowsPerPage = rowsPerPage
  }

  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    let result = ObjectNaming.withObjectColumn(result)
    guard !result.rows.isEmpty else { return output(Self.noObjects) }
    var bottom = ""
    try ColumnLayout.pages(of: result, rowsPerPage: rowsPerPage, measuringHeader: showsHeader) {
      page in
      let layout = page.layout
      func border(_ left: String, _ middle: String, _ right: String) -> String {
        left
          + layout.widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle)
          + right + "\n"
      }
      func content(_ cells: [ColumnLayout.Cell], decorate: (ColumnLayout.Cell) -> String)
        -> String
      {
        "│ " + layout.line(cells, separator: " │ ", padsLastColumn: true, decorate: decorate)
          + " │\n"
      }
      var text = ""
      if page.isFirst || page.isWider {
        text += bottom + border("┌", "┬", "┐")
        if showsHeader {
          text += content(layout.header) { style.bold($0.text) } + border("├", "┼", "┤")
        }
      }
      for row in page.rows {
        text += content(row) { $0.valueText(style) }
      }
      bottom = border("└", "┴", "┘")
      output(text)
    }
    output(bottom)
  }

  public func render(count: Int) -> String {
    "\(count)\n"
  }
}
