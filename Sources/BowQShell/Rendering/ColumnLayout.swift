import BowQ

/// A result as cells of text with each column's width on screen: what the table, box
/// and line renderers share.
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

    /// The text as a value is shown: `nil` dim.
    func valueText(_ style: Style) -> String {
      isNil ? style.dim(text) : text
    }
  }

  /// The attribute names, as header cells.
  private(set) var header: [Cell]
  /// The values of each row, as cells.
  private(set) var rows: [[Cell]]
  /// The widest cell of each column, header included.
  private(set) var widths: [Int]
  /// Whether each column holds numbers, which are aligned to the right.
  private(set) var alignsRight: [Bool]

  /// - Parameter measuringHeader: whether the names count in the widths (false when the
  ///   header is not shown, `.headers off`).
  init(_ result: ResultSet, measuringHeader: Bool = true) {
    header = result.columns.map { Cell($0.name) }
    alignsRight = result.columns.map { $0.type.isNumeric && $0.type != .bool }
    rows = result.rows.map { row in row.map { Cell(ValueText.cell($0), isNil: $0.isNull) } }
    widths = measuringHeader ? header.map(\.width) : header.map { _ in 0 }
    for row in rows {
      for (column, cell) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], cell.width)
      }
    }
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
