import BowQ

/// Turns the results of statements into text in one ``OutputFormat``.
///
/// The text is ready to write to standard output: every line, the last included, ends
/// with a line break, and an empty string means nothing is printed.
public protocol ResultRenderer: Sendable {
  /// The objects a `fetch` returned. No objects at all is printed the way the format
  /// shows an empty result: `(no objects)` for people, `[]` in JSON, nothing in JSON Lines,
  /// only the header in CSV.
  func render(_ result: ResultSet) -> String

  /// Writes the same text as ``render(_:)`` in pieces, a row at a time where the format
  /// allows it, so that a large result starts at once and is never held whole as text;
  /// stops with ``Interrupted`` on Ctrl-C.
  func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted)

  /// The answer of a `count` statement: the bare number for people (table, box); for the
  /// other formats, a one-row result with a single `count` column.
  func render(count: Int) -> String
}

extension ResultRenderer {
  /// What a person sees for a result with no rows.
  static var noObjects: String { "(no objects)\n" }

  /// Formats that must see every row before the first line (aligned columns) write their
  /// whole text at once.
  public func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted) {
    output(render(result))
  }
}

/// A renderer that writes row by row: its ``render(_:)`` is what its ``write(_:to:)``
/// writes.
protocol StreamingRenderer: ResultRenderer {}

extension StreamingRenderer {
  public func render(_ result: ResultSet) -> String {
    var text = ""
    do {
      try write(result) { text += $0 }
    } catch {
      text += "\(error)\n"
    }
    return text
  }
}
