import BowQ

/// A result as cells of text with each column's width on screen: what the table, box
/// and line renderers share.
///
/// Aligned columns need every cell's width before the first line, so a large result is
/// laid out a page of rows at a time (``pages(of:rowsPerPage:measuringHeader:_:)``): the
/// first page prints as soon as it is measured, and a later page that holds a wider cell
/// widens its columns from there on, never narrowing them.
struct ColumnLayout {
  /// One cell's text and the columns it takes on a terminal.
  struct Cell {
    var text: String
    var width: Int
    var isNil: Bool

    init(_ text: String, isNil: Bool = false) {
      self.text = text
      self.width = DisplayWidth.of(text)
      self.isNil = isNil
    }

    /// The cell a value is shown as.
    init(_ value: Value) {
      self.init(ValueText.cell(value), isNil: value.isNull)
    }

    /// The text as a value is shown: `nil` dim.
    func valueText(_ style: Style) -> String {
      isNil ? style.dim(text) : text
    }
  }

  /// One page of rows as laid out: the columns' widths so far and the page's cells.
  struct Page {
    /// The layout the page's rows are padded to.
    var layout: ColumnLayout
    /// The values of each row of the page, as cells.
    var rows: [[Cell]]
    /// Whether this is the first page of the result.
    var isFirst: Bool
    /// Whether a column is wider than on the page before (false for the first page).
    var isWider: Bool
  }

  /// The attribute names, as header cells.
  private(set) var header: [Cell]
  /// The widest cell of each column so far, header included when it is measured.
  private(set) var widths: [Int]
  /// Whether each column holds numbers, which are aligned to the right.
  private(set) var alignsRight: [Bool]
  /// How cells are shortened to fit a terminal; nil shows them whole.
  private let fitting: TableFitting?

  /// A layout of `columns` with no rows measured yet.
  ///
  /// - Parameters:
  ///   - measuringHeader: whether the names count in the widths (false when the header is
  ///     not shown, `.headers off`).
  ///   - fitting: how cells are shortened to fit a terminal; nil shows them whole.
  init(_ columns: [ResultColumn], measuringHeader: Bool = true, fitting: TableFitting? = nil) {
    header = columns.map { Cell($0.name) }
    alignsRight = columns.map { $0.type.isNumeric && $0.type != .bool }
    widths = measuringHeader ? header.map(\.width) : header.map { _ in 0 }
    self.fitting = fitting
  }

  /// Calls `body` with each page of `rowsPerPage` rows of `result` in order, the layout
  /// widened to fit the page and its cells shortened as `fitting` says; stops with
  /// ``Interrupted`` on Ctrl-C.
  static func pages(
    of result: ResultSet, rowsPerPage: Int, measuringHeader: Bool, fitting: TableFitting? = nil,
    _ body: (Page) throws(Interrupted) -> Void
  ) throws(Interrupted) {
    var layout = ColumnLayout(result.columns, measuringHeader: measuringHeader, fitting: fitting)
    var start = result.rows.startIndex
    while start < result.rows.endIndex {
      let end = min(start + max(rowsPerPage, 1), result.rows.endIndex)
      try Interrupt.check()
      let (rows, isWider) = layout.cells(of: result.rows[start..<end])
      try body(
        Page(
          layout: layout, rows: rows, isFirst: start == result.rows.startIndex,
          isWider: isWider && start != result.rows.startIndex))
      start = end
    }
  }

  /// The cells of `rows`, widening the columns to fit them; whether any column widened.
  mutating func cells(of rows: some Sequence<[Value]>) -> (rows: [[Cell]], widened: Bool) {
    let before = widths
    let cells = rows.map { row in
      row.enumerated().map { column, value in
        fitting?.cell(value, column: column) ?? Cell(value)
      }
    }
    for row in cells {
      for (column, cell) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], cell.width)
      }
    }
    return (cells, widths != before)
  }

  /// One line of cells, each padded to its column's width.
  ///
  /// - Parameters:
  ///   - decorate: styles a cell's text; padding stays outside the style.
  ///   - padsLastColumn: `false` leaves no spaces after a left-aligned last cell.
  func line(
    _ cells: [Cell], separator: String, padsLastColumn: Bool,
    decorate: (Cell) -> String
  ) -> String {
    var pieces: [String] = []
    for (column, cell) in cells.enumerated() where column < widths.count {
      let padding = String(repeating: " ", count: widths[column] - cell.width)
      if alignsRight[column] {
        pieces.append(padding + decorate(cell))
      } else if column == widths.count - 1, !padsLastColumn {
        pieces.append(decorate(cell))
      } else {
        pieces.append(decorate(cell) + padding)
      }
    }
    return pieces.joined(separator: separator)
  }
}
