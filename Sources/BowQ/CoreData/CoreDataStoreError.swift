/// Why a Core Data SQLite store, or the model it holds, could not be read.
public struct CoreDataStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of problem, so callers and tests can tell them apart without parsing text.
  public enum Kind: Hashable, Sendable {
    /// The file is missing, not a regular file, or cannot be read.
    case unreadable
    /// The file does not start with SQLite's header.
    case notSQLite
    /// SQLite could not open or read the file.
    case sqlite
    /// A SQLite database without Core Data's tables.
    case notCoreData
    /// The file or its write-ahead log changed since bowq opened the store (another
    /// program wrote, vacuumed or replaced it): what was read no longer describes it.
    case changed
    /// A Core Data table holds a value of the wrong type or an impossible one.
    case badTable
    /// `Z_METADATA` is missing its row or its property list is damaged.
    case badMetadata
    /// `Z_MODELCACHE` cannot be inflated or is not a keyed archive.
    case badModelCache
    /// The archived model lacks what a model has or holds something unknown.
    case badModel
    /// The model names an entity or property the store's tables do not hold.
    case modelMismatch
    /// A row holds a value its column cannot hold: text in an integer column, a UUID that
    /// is not 16 bytes, an archive that does not decode.
    case badValue
    /// Ctrl-C stopped the reading (``Interrupt``); nothing of the store was kept. Or it
    /// stopped a save, which wrote nothing.
    case interrupted
    /// The store cannot be written: the file or its folder is read-only, or a change cannot
    /// be stored as Core Data stores it.
    case notWritable
    /// A row changed or appeared in the store since it was read (another program saved):
    /// Core Data's merge conflict, and the save wrote nothing.
    case conflict
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }

  /// Two rows of `table` share the key `key`: its `Z_PK` column is not the table's primary
  /// key, so SQLite let a damaged or hostile store hold both, and an edit of one object could
  /// land on the other's row.
  static func duplicateKey(_ key: Int64, in table: String) -> CoreDataStoreError {
    CoreDataStoreError(
      .badTable,
      "\(table) holds more than one row of Z_PK \(key); Core Data keeps one row per key, so "
        + "the store is damaged (sqlite3's PRAGMA integrity_check, or the app's own copy, may "
        + "tell which row is right)")
  }

  /// Stops a loop over a store's rows, every 1,024th `step` (``Interrupt/check(every:)``),
  /// when Ctrl-C was pressed.
  ///
  /// - Throws: an ``Kind/interrupted`` error, which ends the whole reading.
  static func checkInterrupt(every step: Int) throws(CoreDataStoreError) {
    do {
      try Interrupt.check(every: step)
    } catch {
      throw CoreDataStoreError(.interrupted, "interrupted (Ctrl-C) before the store was read")
    }
  }
}
