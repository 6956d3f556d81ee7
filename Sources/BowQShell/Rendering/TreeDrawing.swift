/// A tree drawn with box-drawing characters, as `why` and `explain` draw predicates: each
/// node's title, its details indented under it, then its children on branches.
///
/// ```
/// AND: true
/// ├─ rating > 3: true
/// │     rating is 4.5
/// └─ name CONTAINS[c] "blue": true
///       name is "Blue Bow Tie"
/// ```
struct TreeDrawing {
  var title: String
  var details: [String] = []
  var children: [TreeDrawing] = []

  /// The tree's lines, without line breaks.
  var lines: [String] {
    var lines: [String] = []
    draw(lead: "", branch: "", into: &lines)
    return lines
  }

  /// `branch` goes before the node's own line, `lead` before every line under it.
  private func draw(lead: String, branch: String, into lines: inout [String]) {
    lines.append(branch + title)
    let detailLead = lead + (children.isEmpty ? "   " : "│  ")
    for detail in details { lines.append(detailLead + detail) }
    for (index, child) in children.enumerated() {
      let isLast = index == children.count - 1
      child.draw(
        lead: lead + (isLast ? "   " : "│  "), branch: lead + (isLast ? "└─ " : "├─ "),
        into: &lines)
    }
  }
}
