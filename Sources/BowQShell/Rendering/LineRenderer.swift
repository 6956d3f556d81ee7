import BowQ

/// One `name = value` line per attribute and a blank line between rows, as sqlite's
/// `.mode line` prints them; names are aligned to the right:
///
///          name = Red
///     searchKey = R
///        rating = 4.5
///
/// Values are printed as in ``TableRenderer``.
public struct LineRenderer: ResultRenderer {
  /// A dim `nil` when enabled.
  public var style: Style

  public init(style: Style = .plain) {
    self.style = style
  }

  public func render(_ result: ResultSet) -> String {
    guard !result.rows.isEmpty else { return Self.noObjects }
    let layout = ColumnLayout(result)
    let nameWidth = layout.header.map(\.width).reduce(5, max)
    let records = layout.rows.map { row in
      zip(layout.header, row).map { name, cell in
        String(repeating: " ", count: nameWidth - name.width) + name.text + " = "
          + cell.valueText(style) + "\n"
      }.joined()
    }
    return records.joined(separator: "\n")
  }

  public func render(count: Int) -> String {
    "count = \(count)\n"
  }
}
