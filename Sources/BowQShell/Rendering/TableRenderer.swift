import BowQ

/// Aligned columns under a header and a dashed rule, padded by display width:
///
///     name    rating
///     ------  ------
///     Red        4.5
///     蝴蝶结     nil
///
/// Numbers are aligned to the right, `nil` is printed as such, and no line ends in spaces.
public struct TableRenderer: ResultRenderer {
  /// Bold headers and a dim `nil` when enabled.
  public var style: Style

  /// Whether the names and their rule head the columns (`.headers on`, the default).
  public var showsHeader: Bool

  public init(style: Style = .plain, showsHeader: Bool = true) {
    self.style = style
    self.showsHeader = showsHeader
  }

  public func render(_ result: ResultSet) -> String {
    guard !result.rows.isEmpty else { return Self.noObjects }
    let layout = ColumnLayout(result, measuringHeader: showsHeader)
    let rule = layout.widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    var lines =
      showsHeader
      ? [
        layout.line(layout.header, separator: "  ", padsLastColumn: false) {
          style.bold($0.text)
        },
        rule,
      ] : []
    for row in layout.rows {
      lines.append(
        layout.line(row, separator: "  ", padsLastColumn: false) { $0.valueText(style) })
    }
    return lines.map { $0 + "\n" }.joined()
  }

  public func render(count: Int) -> String {
    "\(count)\n"
  }
}
