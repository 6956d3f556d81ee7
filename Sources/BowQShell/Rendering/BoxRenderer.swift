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
/// wider cell, the box is closed and a wider one opened below it. At a terminal (``width``)
/// the box is fitted to its width as a table is (``TableFitting``), its lines counted in.
public struct BoxRenderer: ResultRenderer {
  /// Bold headers and a dim `nil` when enabled.
  public var style: Style

  /// Whether the names head the columns (`.headers on`, the default).
  public var showsHeader: Bool

  /// How many rows are measured together before they are printed (see
  /// ``TableRenderer/rowsPerPage``).
  public var rowsPerPage: Int

  /// The width of the terminal the box is fitted to; nil shows every value whole.
  public var width: Int?

  public init(
    style: Style = .plain, showsHeader: Bool = true,
    rowsPerPage: Int = TableRenderer.defaultRowsPerPage, width: Int? = nil
  ) {
    self.style = style
    self.showsHeader = showsHeader
    self.rowsPerPage = rowsPerPage
    self.width = width
  }

  /// Between two cells, ` │ `; around them, `│ ` and ` │`.
  private static let separatorWidth = 3
  private static let edgesWidth = 4

  /// How `result` is fitted into a box `width` columns wide; nil when it cannot be.
  private static func fitting(
    _ result: ResultSet, width: Int, rowsPerPage: Int, showsHeader: Bool
  ) -> TableFitting? {
    TableFitting.fit(
      result, width: width - edgesWidth, rowsPerPage: rowsPerPage,
      measuringHeader: showsHeader, separatorWidth: separatorWidth)
  }

  /// Whether `result`'s box fits `width` columns, its cells shortened as ``TableFitting``
  /// says: otherwise a terminal shows it as records.
  public static func fits(
    _ result: ResultSet, width: Int, rowsPerPage: Int, showsHeader: Bool = true
  ) -> Bool {
    fitting(
      ObjectNaming.withObjectColumn(result), width: width, rowsPerPage: rowsPerPage,
      showsHeader: showsHeader) != nil
  }

  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    let result = ObjectNaming.withObjectColumn(result)
    guard !result.rows.isEmpty else { return output(Self.noObjects) }
    var bottom = ""
    let fitting = width.flatMap {
      Self.fitting(result, width: $0, rowsPerPage: rowsPerPage, showsHeader: showsHeader)
    }
    try ColumnLayout.pages(
      of: result, rowsPerPage: rowsPerPage, measuringHeader: showsHeader, fitting: fitting
    ) { page in
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
