import BowQ

/// One record per row, headed as psql's expanded records are, then one `name = value` line
/// per attribute, as sqlite's `.mode line` prints them; names are aligned to the right:
///
///     -[ BowTie/p1 ]---------
///          name = Red
///     searchKey = R
///        rating = 4.5
///
/// A record of an object is headed by the object's name (``ObjectNaming``), one of `select`
/// values by its number (`-[ RECORD 2 ]`). The rule runs to the record's widest line, up
/// to ``ruleWidth`` columns. Values are printed as in ``TableRenderer``.
public struct LineRenderer: ResultRenderer {
  /// A dim `nil` when enabled.
  public var style: Style

  public init(style: Style = .plain) {
    self.style = style
  }

  /// The widest a record's header runs.
  static let ruleWidth = 80

  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    guard !result.rows.isEmpty else { return output(Self.noObjects) }
    let names = result.columns.map { ColumnLayout.Cell($0.name) }
    let nameWidth = names.map(\.width).reduce(5, max)
    let labels = names.map { String(repeating: " ", count: nameWidth - $0.width) + $0.text + " = " }
    let style = style
    try writeInBatches(result.rows, to: output) { batch, first in
      var text = ""
      for (index, row) in zip(first..., batch) {
        let cells = row.map(ColumnLayout.Cell.init)
        let title = "-[ " + ObjectNaming.recordTitle(of: result, at: index) + " ]"
        let widest = cells.map { nameWidth + 3 + $0.width }.reduce(0, max)
        let rule = String(
          repeating: "-",
          count: max(min(widest, Self.ruleWidth) - DisplayWidth.of(title), 0))
        text += title + rule + "\n"
        for (label, cell) in zip(labels, cells) { text += label + cell.valueText(style) + "\n" }
      }
      return text
    }
  }

  public func render(count: Int) -> String {
    "count = \(count)\n"
  }
}
