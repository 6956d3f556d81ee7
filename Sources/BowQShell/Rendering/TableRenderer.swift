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

  public init(style: Style = .plain) {
    self.style = style
  }

  public func render(_ result: ResultSet) -> String {
    guard !result.rows.isEmpty else { return Self.noObjects }
    let layout = ColumnLayout(result)
    let rule = layout.widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    var lines = [
      layout.line(layout.header, separator: "  ", padsLastColumn: false) { style.bold($0.text) },
      rule,
    ]
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
