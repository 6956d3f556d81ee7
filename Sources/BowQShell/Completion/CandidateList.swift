/// Candidates laid out in columns for a terminal, as bash lists them on a second Tab: down
/// the first column, then the next, each as wide as the longest candidate plus two spaces.
struct CandidateList {
  var candidates: [String]

  init(_ candidates: [String]) {
    self.candidates = candidates
  }

  /// The list in as many columns as fit in `width` (at least one), each line ending in a
  /// line break.
  func lines(width: Int) -> String {
    guard !candidates.isEmpty else { return "" }
    let columnWidth = (candidates.map { DisplayWidth.of($0) }.max() ?? 0) + 2
    let columns = max(1, min(candidates.count, width / columnWidth))
    let rows = (candidates.count + columns - 1) / columns
    return (0..<rows).map { row in
      let cells = stride(from: row, to: candidates.count, by: rows).map { candidates[$0] }
      let padded = cells.dropLast().map { cell in
        cell + String(repeating: " ", count: columnWidth - DisplayWidth.of(cell))
      }
      return (padded + [cells.last ?? ""]).joined() + "\n"
    }.joined()
  }
}
