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

  /// Adds an index, as a user of SQLite would for an equality they run often.
  func createIndex(on column: String) {
    exec("CREATE INDEX tie_\(column) ON tie (\(column))")
  }

  /// Adds an index of several columns, as a user of SQLite would for a search they run
  /// often.
  func createIndex(on columns: [String]) {
    exec(
      "CREATE INDEX tie_\(columns.joined(separator: "_")) ON tie (\(columns.joined(separator: ", ")))"
    )
  }

  /// How many rows a query gives, stepping through them as a reader would.
  func rowCount(_ sql: String) -> Int {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    var rows = 0
    while sqlite3_step(statement) == SQLITE_ROW { rows += 1 }
    return rows
  }

  /// The names of the `limit` best-rated ties: `ORDER BY rating DESC LIMIT n`.
  func topRated(limit: Int) -> [String] {
    var statement: OpaquePointer?
    sqlite3_prepare_v2(
      db, "SELECT name, rating FROM tie ORDER BY rating DESC LIMIT \(limit)", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    var names: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      names.append(String(cString: sqlite3_column_text(statement, 0)))
    }
    return names
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
