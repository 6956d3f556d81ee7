import CSQLite

/// The same rows in an in-memory SQLite database, queried through the C API.
final class SQLitePeer {
  private var db: OpaquePointer?

  init(_ sample: SampleTies) {
    sqlite3_open(":memory:", &db)
    exec("CREATE TABLE tie (name TEXT, searchKey TEXT, rating REAL, timesWorn INTEGER)")
    exec("BEGIN")
    var insert: OpaquePointer?
    sqlite3_prepare_v2(db, "INSERT INTO tie VALUES (?, ?, ?, ?)", -1, &insert, nil)
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for tie in sample.ties {
      sqlite3_bind_text(insert, 1, tie.name, -1, transient)
      sqlite3_bind_text(insert, 2, tie.searchKey, -1, transient)
      sqlite3_bind_double(insert, 3, tie.rating)
      sqlite3_bind_int(insert, 4, tie.timesWorn)
      sqlite3_step(insert)
      sqlite3_reset(insert)
    }
    sqlite3_finalize(insert)
    exec("COMMIT")
  }

  deinit { sqlite3_close(db) }

  private func exec(_ sql: String) {
    sqlite3_exec(db, sql, nil, nil, nil)
  }

  /// `SELECT count(*) … WHERE <condition>`, prepared once per call as a user would run it.
  func count(where condition: String) -> Int {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, "SELECT count(*) FROM tie WHERE \(condition)", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else { return -1 }
    return Int(sqlite3_column_int64(statement, 0))
  }
}
