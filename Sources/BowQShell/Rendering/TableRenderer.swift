import BowQ

/// Aligned columns under a header and a dashed rule, padded by display width:
///
///     name    rating
///     ------  ------
///     Red        4.5
///     蝴蝶结     nil
///
/// A fetch of whole objects leads with the `object` column that names them
/// (``ObjectNaming``). Numbers are aligned to the right, `nil` is printed as such, and no
/// line ends in spaces. At a terminal (``width``) the table is fitted to its width
/// (``TableFitting``).
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

  /// The width of the terminal the table is fitted to (``TableFitting``); nil shows every
  /// value whole, as in a pipe or a file.
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

  /// Whether `result`'s table fits `width` columns, its cells shortened as
  /// ``TableFitting`` says: otherwise a terminal shows it as records.
  public static func fits(
    _ result: ResultSet, width: Int, rowsPerPage: Int, showsHeader: Bool = true
  ) -> Bool {
    TableFitting.fit(
      ObjectNaming.withObjectColumn(result), width: width, rowsPerPage: rowsPerPage,
      measuringHeader: showsHeader, separatorWidth: separator.count) != nil
  }

  /// The rows measured together when no page size is given: far more than a screenful,
  /// few enough that the cells of one page take little memory.
  public static let defaultRowsPerPage = 1000

  /// The columns between two cells.
  static let separator = "  "

  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    let result = ObjectNaming.withObjectColumn(result)
    guard !result.rows.isEmpty else { return output(Self.noObjects) }
    let fitting = width.flatMap {
      TableFitting.fit(
        result, width: $0, rowsPerPage: rowsPerPage, measuringHeader: showsHeader,
        separatorWidth: Self.separator.count)
    }
    try ColumnLayout.pages(
      of: result, rowsPerPage: rowsPerPage, measuringHeader: showsHeader, fitting: fitting
    ) { page in
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
