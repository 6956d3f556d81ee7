import BowQ

/// Turns the results of statements into text in one ``OutputFormat``.
///
/// Every format writes a result a row at a time, or a page of rows for aligned columns,
/// so that a large result starts at once and is never held whole as text. Text is ready
/// to write to standard output: every line, the last included, ends with a line break,
/// and an empty string means nothing is printed.
public protocol ResultRenderer: Sendable {
  /// Writes the objects a `fetch` returned in pieces; stops with ``Interrupted`` on
  /// Ctrl-C. No objects at all is printed the way the format shows an empty result:
  /// `(no objects)` for people, `[]` in JSON, nothing in JSON Lines, only the header in CSV.
  func write(_ result: ResultSet, to output: (String) -> Void) throws(Interrupted)

  /// The answer of a `count` statement: the bare number for people (table, box); for the
  /// other formats, a one-row result with a single `count` column.
  func render(count: Int) -> String
}

extension ResultRenderer {
  /// What a person sees for a result with no rows.
  static var noObjects: String { "(no objects)\n" }

  /// The whole text ``write(_:to:)`` writes for `result`, with "Interrupted." at its end
  /// when Ctrl-C stopped it.
  public func render(_ result: ResultSet) -> String {
    var text = ""
    do {
      try write(result) { text += $0 }
    } catch {
      text += "\(error)\n"
    }
    return text
  }

  /// Writes `rows` as `text` writes each batch of them, given the place of its first row:
  /// the batches are made on every processor and written in order (``InOrderBatches``),
  /// and Ctrl-C stops the writing between them. How a format of a line per row writes a
  /// million.
  func writeInBatches(
    _ rows: ResultRows, to output: (String) -> Void,
    _ text: @escaping @Sendable (_ batch: ArraySlice<[Value]>, _ first: Int) -> String
  ) throws(Interrupted) {
    try InOrderBatches.run(
      rows, check: { step throws(Interrupted) in try Interrupt.check(every: step) },
      make: { batch, first throws(Interrupted) in text(batch, first) },
      take: { piece throws(Interrupted) in output(piece) }, bytes: \.utf8.count)
  }
}
