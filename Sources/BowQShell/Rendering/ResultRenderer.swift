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

  /// The answer of a `count` statement: the bare number for people (table, box); for the
  /// other formats, a one-row result with a single `count` column.
  func render(count: Int) -> String
}

extension ResultRenderer {
  /// What a person sees for a result with no rows.
  static var noObjects: String { "(no objects)\n" }
}
