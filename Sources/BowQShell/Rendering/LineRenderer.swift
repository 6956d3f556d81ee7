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

  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    guard !result.rows.isEmpty else { return output(Self.noObjects) }
    let names = result.columns.map { ColumnLayout.Cell($0.name) }
    let nameWidth = names.map(\.width).reduce(5, max)
    let labels = names.map { String(repeating: " ", count: nameWidth - $0.width) + $0.text + " = " }
    for (index, row) in result.rows.enumerated() {
      try Interrupt.check(every: index)
      let record = zip(labels, row).map { label, value in
        label + ColumnLayout.Cell(value).valueText(style)
          + "\n"
      }.joined()
      output(index == 0 ? record : "\n" + record)
    }
  }

  public func render(count: Int) -> String {
    "count = \(count)\n"
  }
}
