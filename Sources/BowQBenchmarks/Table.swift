/// Prints rows as an aligned plain-text table.
enum Table {
  static func print(header: [String], rows: [[String]]) {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
      zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        .joined(separator: "  ").trimmingTrailingSpaces()
    }
    Swift.print(line(header))
    Swift.print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
    for row in rows { Swift.print(line(row)) }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
