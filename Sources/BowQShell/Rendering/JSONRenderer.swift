import BowQ

/// JSON output: an array with one object per row (`json`), or one object per line
/// (`jsonl`, JSON Lines).
///
/// Each object has every column, keys in column order; values are converted as
/// ``JSONValue/init(_:)`` says. The array form puts each row on a line of its own:
///
///     [
///       {"name":"Red","rating":4.5},
///       {"name":"Blue","rating":null}
///     ]
public struct JSONRenderer: ResultRenderer {
  /// `true` for JSON Lines.
  public var isLineDelimited: Bool

  public init(isLineDelimited: Bool) {
    self.isLineDelimited = isLineDelimited
  }

  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    let result = ObjectNaming.withObjectColumn(result)
    let names = result.columns.map(\.name)
    if !isLineDelimited { output(result.rows.isEmpty ? "[]\n" : "[\n") }
    let (isLineDelimited, last) = (isLineDelimited, result.rows.count - 1)
    try writeInBatches(result.rows, to: output) { batch, first in
      var text = ""
      for (index, row) in zip(first..., batch) {
        let object = JSONValue.object(zip(names, row).map { ($0, JSONValue($1)) }).serialized()
        if isLineDelimited {
          text += object + "\n"
        } else {
          text += "  " + object + (index == last ? "\n]\n" : ",\n")
        }
      }
      return text
    }
  }

  public func render(count: Int) -> String {
    render([.object([("count", .integer(count))])])
  }

  private func render(_ objects: [JSONValue]) -> String {
    let lines = objects.map { $0.serialized() }
    if isLineDelimited { return lines.map { $0 + "\n" }.joined() }
    guard !lines.isEmpty else { return "[]\n" }
    return "[\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
  }
}
