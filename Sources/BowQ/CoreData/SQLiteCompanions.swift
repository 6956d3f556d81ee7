import Foundation

/// What lies beside a SQLite database file that SQLite reads with it, looked for beside the
/// real file (SQLite keeps its companions there, not beside a symbolic link to it): the
/// write-ahead log `-wal` and the rollback journal `-journal`.
///
/// A database with neither, an empty log or a journal that is not hot holds every committed
/// row in the file itself, and is read in place. A non-empty log may hold committed
/// transactions the file lacks (or only the frames of a writer killed before it committed,
/// which SQLite ignores); a hot journal holds the pages a crashed writer overwrote, which
/// SQLite puts back before anything reads the file. Either way SQLite must see them, in a
/// private copy (``SQLitePrivateCopy``) so that the user's files stay as they are.
struct SQLiteCompanions: Hashable {
  /// The database file, its symbolic links followed.
  let databasePath: String
  /// The size in bytes of the write-ahead log; 0 when there is none.
  let logSize: Int64
  /// Whether the rollback journal is hot: SQLite's rule (the journal is non-empty, its
  /// header is not zeroed, and no process holds a lock on the database), where no lock can be
  /// seen from here, so a journal that starts with SQLite's journal header is hot.
  let hasHotJournal: Bool

  /// The first 8 bytes of a rollback journal's header, as SQLite writes it.
  static let journalMagic: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]

  /// The write-ahead log of the database at `databasePath`.
  static func logPath(of databasePath: String) -> String { databasePath + "-wal" }

  /// The rollback journal of the database at `databasePath`.
  static func journalPath(of databasePath: String) -> String { databasePath + "-journal" }

  /// The companions beside `databasePath`, a real file (not a link).
  init(of databasePath: String) {
    self.databasePath = databasePath
    logSize = Self.size(of: Self.logPath(of: databasePath))
    let journal = Self.journalPath(of: databasePath)
    hasHotJournal =
      Self.size(of: journal) > 0
      && ((try? FileHandle(forReadingFrom: URL(fileURLWithPath: journal)))
        .flatMap { handle in
          defer { try? handle.close() }
          return try? handle.read(upToCount: Self.journalMagic.count)
        }
        .map { Array($0) == Self.journalMagic } ?? false)
  }

  /// Whether SQLite must read a companion with the file: a non-empty log or a hot journal.
  var needsPrivateCopy: Bool { logSize > 0 || hasHotJournal }

  /// The companions a private copy takes with the file: the log when it is not empty, the
  /// journal when it is hot. The log's index `-shm` is never taken: SQLite rebuilds it from
  /// the log, as it does for a copy that has none.
  var companionsToCopy: [String] {
    (logSize > 0 ? [Self.logPath(of: databasePath)] : [])
      + (hasHotJournal ? [Self.journalPath(of: databasePath)] : [])
  }

  /// The size of the regular file at `path`; 0 when there is none.
  private static func size(of path: String) -> Int64 {
    guard let fingerprint = try? FileFingerprint.current(at: path) else { return 0 }
    return fingerprint.size
  }
}
