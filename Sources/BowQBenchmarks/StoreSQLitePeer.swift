import CSQLite
import Foundation

/// The store benchmark's ties, every attribute of them, in SQLite: the database a user
/// would otherwise keep them in. Used by the engine benchmark for sqlite3's memory (the
/// rows in an in-memory database) and for its `UPDATE` + commit on a file.
///
/// Columns follow SQLite's own types: text for strings and the URL, real for the rating
/// and the date (seconds since 2001, as Core Data stores it), integer for counts, the
/// Boolean and the colour (packed RGB), blob for the UUID's 16 bytes and the photo.
final class StoreSQLitePeer {
  private var db: OpaquePointer?

  /// Opens (or creates) the database at `path`; `":memory:"` keeps it in memory.
  init(path: String) throws {
    guard sqlite3_open(path, &db) == SQLITE_OK else {
      throw BenchmarkError("cannot open \(path) with SQLite")
    }
  }

  deinit { sqlite3_close(db) }

  /// Creates the table and inserts ties `0..<count` in one transaction.
  func fill(count: Int) throws {
    try exec(
      """
      CREATE TABLE tie (name TEXT, searchKey TEXT, rating REAL, timesWorn INTEGER,
        lastWorn REAL, isFavorite INTEGER, id BLOB, url TEXT, photoData BLOB, tintColor INTEGER)
      """)
    try exec("BEGIN")
    var insert: OpaquePointer?
    guard
      sqlite3_prepare_v2(db, "INSERT INTO tie VALUES (?,?,?,?,?,?,?,?,?,?)", -1, &insert, nil)
        == SQLITE_OK
    else { throw BenchmarkError("cannot prepare the insert") }
    defer { sqlite3_finalize(insert) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for i in 0..<count {
      let tie = StoreBowTies.tie(i)
      sqlite3_bind_text(insert, 1, tie.name, -1, transient)
      sqlite3_bind_text(insert, 2, tie.searchKey, -1, transient)
      sqlite3_bind_double(insert, 3, tie.rating)
      sqlite3_bind_int(insert, 4, tie.timesWorn)
      if let date = tie.lastWorn {
        sqlite3_bind_double(insert, 5, date.timeIntervalSinceReferenceDate)
      } else {
        sqlite3_bind_null(insert, 5)
      }
      sqlite3_bind_int(insert, 6, tie.isFavorite ? 1 : 0)
      withUnsafeBytes(of: tie.id.uuid) {
        _ = sqlite3_bind_blob(insert, 7, $0.baseAddress, 16, transient)
      }
      if let url = tie.url {
        sqlite3_bind_text(insert, 8, url, -1, transient)
      } else {
        sqlite3_bind_null(insert, 8)
      }
      if let photo = tie.photoData {
        photo.withUnsafeBytes {
          _ = sqlite3_bind_blob(insert, 9, $0.baseAddress, Int32($0.count), transient)
        }
      } else {
        sqlite3_bind_null(insert, 9)
      }
      if let color = tie.tintColor {
        sqlite3_bind_int(
          insert, 10, Int32(color.red) << 16 | Int32(color.green) << 8 | Int32(color.blue))
      } else {
        sqlite3_bind_null(insert, 10)
      }
      guard sqlite3_step(insert) == SQLITE_DONE else {
        throw BenchmarkError("cannot insert tie \(i): \(String(cString: sqlite3_errmsg(db)))")
      }
      sqlite3_reset(insert)
    }
    try exec("COMMIT")
  }

  /// Runs SQL that returns no rows.
  func exec(_ sql: String) throws {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
      throw BenchmarkError("\(sql): \(String(cString: sqlite3_errmsg(db)))")
    }
  }

  /// The number of rows the last statement changed.
  var changes: Int { Int(sqlite3_changes(db)) }
}
