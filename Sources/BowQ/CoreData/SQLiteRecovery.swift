/// What SQLite read beyond a database file, in a private copy, to answer as it would in
/// place (``SQLiteConnection/init(readingOnly:)``): the committed frames of a write-ahead
/// log, or a crashed writer's journal rolled back.
public struct SQLiteRecovery: Hashable, Sendable {
  /// The frames of the log SQLite took, those up to its last commit frame; 0 when the log
  /// held only frames of a transaction that never committed, which SQLite ignores.
  public var logFrames: Int
  /// The size in bytes of the log; 0 when there was none.
  public var logSize: Int64
  /// Whether a hot journal was rolled back.
  public var rolledBackJournal: Bool

  /// Where the rows came from, for `.tables` and `explain`; nil when the file alone held
  /// them.
  public var note: String? {
    var parts: [String] = []
    if logFrames > 0 {
      parts.append(
        "rows read through the write-ahead log (\(DigitGrouping.format(logFrames)) "
          + "frame\(logFrames == 1 ? "" : "s"))")
    } else if logSize > 0 {
      parts.append(
        "the write-ahead log holds no committed transaction (a writer stopped before it "
          + "committed) and was ignored, as SQLite ignores it")
    }
    if rolledBackJournal {
      parts.append("a crashed writer's journal was rolled back in a private copy")
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}
