import BowQ

/// Aligned columns inside Unicode box-drawing lines, padded by display width:
///
///     ┌──────┬────────┐
///     │ name │ rating │
///     ├──────┼────────┤
///     │ Red  │    4.5 │
///     └──────┴────────┘
///
/// Cells are printed as in ``TableRenderer``.
public struct BoxRenderer: ResultRenderer {
  /// Bold headers and a dim `nil` when enabled.
  public var style: Style

  /// Whether the names head the columns (`.headers on`, the default).
  public var showsHeader: Bool

  public init(style: Style = .plain, showsHeader: Bool = true) {
    self.style = style
    self.showsHeader = showsHeader
  }

  public func render(_ result: ResultSet) -> String {
    guard !result.rows.isEmpty else { return Self.noObjects }
    let layout = ColumnLayout(result, measuringHeader: showsHeader)
    func border(_ left: String, _ middle: String, _ right: String) -> String {
      left + layout.widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle)
        + right
    }
    func content(_ cells: [ColumnLayout.Cell], decorate: (ColumnLayout.Cell) -> String)
      -> String
    {
      "│ " + layout.line(cells, separator: " │ ", padsLastColumn: true, decorate: decorate)
        + " │"
    }
    var lines = [border("┌", "┬", "┐")]
    if showsHeader {
      lines += [content(layout.header) { style.bold($0.text) }, border("├", "┼", "┤")]
    }
    for row in layout.rows {
      lines.append(content(row) { $0.valueText(style) })
    }
    lines.append(border("└", "┴", "┘"))
    return lines.map { $0 + "\n" }.joined()
  }

  public func render(count: Int) -> String {
    "\(count)\n"
  }
}
