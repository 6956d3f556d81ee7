import CSQLite
import Foundation

/// A connection to a SQLite database file. Read-only, it never writes to the file or
/// creates companions beside it: the file is opened as immutable (`?immutable=1`, so SQLite
/// takes no locks and keeps no `-wal` or `-shm`), after checking that no write-ahead log
/// holds changes the file itself lacks. Only a save back into a Core Data store opens one
/// for writing (``init(writing:)``), whose changes run in one transaction.
final class SQLiteConnection {
  /// The first 16 bytes of every SQLite 3 database.
  static let header = Array("SQLite format 3\u{0}".utf8)

  private let handle: OpaquePointer
  let path: String

  /// Opens `path`, which must be a SQLite database with no pending write-ahead log.
  init(readingOnly path: String) throws(CoreDataStoreError) {
    self.path = path
    let shown = Value.quoted(path)
    let start: Data
    do {
      start = try FileContents(reading: path, mappingLargeFiles: true).data.prefix(
        Self.header.count)
    } catch {
      throw CoreDataStoreError(.unreadable, "cannot read \(shown): \(error.reason)")
    }
    guard Array(start) == Self.header else {
      throw CoreDataStoreError(
        .notSQLite, "\(shown) is not a SQLite database (it does not start with \"SQLite format 3\")"
      )
    }
    let log = path + "-wal"
    if let size = (try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? Int, size > 0
    {
      throw CoreDataStoreError(
        .pendingWriteAheadLog,
        "\(Value.quoted(log)) holds changes not yet in \(shown); bowq does not read them without "
          + "writing beside the store: copy the store with its -wal and -shm files and run "
          + "sqlite3 on the copy with 'PRAGMA wal_checkpoint' first")
    }
    let uri = URL(fileURLWithPath: path).absoluteString + "?immutable=1"
    var connection: OpaquePointer?
    let status = sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
    guard status == SQLITE_OK, let connection else {
      let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(connection)
      throw CoreDataStoreError(.sqlite, "cannot open \(shown) with SQLite: \(message)")
    }
    handle = connection
  }

  /// Opens `path`, a SQLite database, for writing, as `save` does only when it writes back
  /// into a Core Data store: a file this process may not write (or whose folder cannot hold
  /// SQLite's journal) is refused before SQLite opens it, and a writer that holds the
  /// database makes this one wait up to five seconds.
  init(writing path: String) throws(CoreDataStoreError) {
    self.path = path
    let shown = Value.quoted(path)
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var status = stat()
    let marked = stat(path, &status) == 0 && status.st_mode & 0o222 == 0
    guard !marked, access(path, W_OK) == 0, access(folder, W_OK) == 0 else {
      throw CoreDataStoreError(
        .notWritable,
        "\(shown) cannot be written: "
          + (marked || access(path, W_OK) != 0
            ? "the file is read-only (give it write permission, or save a copy)"
            : "its folder is read-only, and SQLite writes its journal beside it"))
    }
    var connection: OpaquePointer?
    let opened = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil)
    guard opened == SQLITE_OK, let connection else {
      let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(connection)
      throw CoreDataStoreError(.sqlite, "cannot open \(shown) with SQLite: \(message)")
    }
    handle = connection
    sqlite3_busy_timeout(handle, 5_000)
  }

  deinit {
    for statement in prepared.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Statements prepared before, by SQL text, reset and ready to run again: a statement that
  /// runs again (the same count with other values) skips SQLite's parsing and planning.
  /// A statement running is taken out while it runs, so a statement run from within another
  /// run prepares its own.
  private var prepared: [String: OpaquePointer] = [:]
  /// How many prepared statements ``prepared`` keeps.
  private static let preparedLimit = 32

  /// How many prepared statements are kept for another run.
  var keptStatements: Int { prepared.count }

  /// The statement of `sql`, kept from an earlier run or prepared now.
  private func statement(_ sql: String) throws(CoreDataStoreError) -> OpaquePointer {
    if let kept = prepared.removeValue(forKey: sql) { return kept }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw failure(sql)
    }
    return statement
  }

  /// Resets `statement` of `sql` and keeps it for the next run, or finalizes it when as many
  /// are kept as ``preparedLimit``.
  private func keep(_ statement: OpaquePointer, for sql: String) {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
    guard prepared.count < Self.preparedLimit, prepared[sql] == nil else {
      sqlite3_finalize(statement)
      return
    }
    prepared[sql] = statement
  }

  /// A value of one column of a row, as SQLite stores it.
  enum Cell: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The storage class's name, for messages: "an integer", "text", ….
    var kindDescription: String {
      switch self {
      case .null: return "NULL"
      case .integer: return "an integer"
      case .real: return "a real"
      case .text: return "text"
      case .blob: return "a blob"
      }
    }
  }

  /// Every row `sql` returns with `parameters` bound to its `?`s in order, each as its cells
  /// in column order; stops on Ctrl-C.
  func rows(_ sql: String, binding parameters: [Cell] = []) throws(CoreDataStoreError) -> [[Cell]] {
    var rows: [[Cell]] = []
    try forEachRow(sql, binding: parameters) { rows.append($0) }
    return rows
  }

  /// Calls `body` with each row `sql` returns, `parameters` bound to its `?`s in order;
  /// stops on Ctrl-C. A failure names the statement and SQLite's message, or the message of
  /// a function of ``SQLiteFunctions`` that failed.
  func forEachRow(
    _ sql: String, binding parameters: [Cell] = [],
    _ body: ([Cell]) throws(CoreDataStoreError) -> Void
  ) throws(CoreDataStoreError) {
    let statement = try statement(sql)
    defer { keep(statement, for: sql) }
    for (index, parameter) in parameters.enumerated() {
      guard bind(parameter, to: Int32(index + 1), of: statement) == SQLITE_OK else {
        throw failure(sql)
      }
    }
    var step = 0
    while true {
      try CoreDataStoreError.checkInterrupt(every: step)
      step += 1
      switch sqlite3_step(statement) {
      case SQLITE_ROW:
        try body((0..<sqlite3_column_count(statement)).map { cell(statement, $0) })
      case SQLITE_DONE:
        return
      case SQLITE_INTERRUPT:
        throw CoreDataStoreError(.interrupted, "interrupted (Ctrl-C) while SQLite ran \(sql)")
      default:
        throw failure(sql)
      }
    }
  }

  /// Registers bowq's comparison function and string collation (``SQLiteFunctions``), so
  /// that statements of ``CoreDataSQLPredicate`` can use them.
  func registerFunctions() throws(CoreDataStoreError) {
    guard SQLiteFunctions.register(on: handle) else {
      throw CoreDataStoreError(
        .sqlite,
        "cannot register bowq's functions with SQLite: \(String(cString: sqlite3_errmsg(handle)))")
    }
  }

  private func bind(_ cell: Cell, to index: Int32, of statement: OpaquePointer) -> Int32 {
    switch cell {
    case .null: return sqlite3_bind_null(statement, index)
    case .integer(let i): return sqlite3_bind_int64(statement, index, i)
    case .real(let d): return sqlite3_bind_double(statement, index, d)
    case .text(let s): return sqlite3_bind_text(statement, index, s, -1, SQLiteFunctions.transient)
    case .blob(let data):
      return data.withUnsafeBytes { bytes in
        sqlite3_bind_blob(
          statement, index, bytes.baseAddress, Int32(bytes.count), SQLiteFunctions.transient)
      }
    }
  }

  /// The names of the database's tables.
  func tableNames() throws(CoreDataStoreError) -> Set<String> {
    Set(
      try rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { row in
        if case .text(let name)? = row.first { return name }
        return nil
      })
  }

  /// The columns of `table` as `PRAGMA table_info` lists them: name and declared type
  /// (upper-cased), in order.
  func columns(of table: String) throws(CoreDataStoreError) -> [(name: String, type: String)] {
    try rows("PRAGMA table_info(\(Self.quoted(table)))").compactMap { row in
      guard row.count > 2, case .text(let name) = row[1] else { return nil }
      if case .text(let type) = row[2] { return (name, type.uppercased()) }
      return (name, "")
    }
  }

  /// `name` as a SQL identifier in double quotes.
  static func quoted(_ name: String) -> String {
    guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
    return "\""
      + name.split(separator: "\"", omittingEmptySubsequences: false).joined(
        separator: "\"\"") + "\""
  }

  private func cell(_ statement: OpaquePointer, _ column: Int32) -> Cell {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
    case SQLITE_TEXT:
      return .text(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, column))
      guard let bytes = sqlite3_column_blob(statement, column), count > 0 else {
        return .blob(Data())
      }
      return .blob(Data(bytes: bytes, count: count))
    default: return .null
    }
  }

  private func failure(_ sql: String) -> CoreDataStoreError {
    CoreDataStoreError(
      .sqlite,
      "SQLite cannot read \(Value.quoted(path)) (\(sql)): \(String(cString: sqlite3_errmsg(handle)))"
    )
  }
}

extension SQLiteConnection {
  /// Runs one statement that changes the database, `parameters` bound to its `?`s in order,
  /// and answers how many rows it changed (not counting those of triggers).
  @discardableResult
  func execute(_ sql: String, binding parameters: [Cell] = []) throws(CoreDataStoreError) -> Int {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw writeFailure(sql)
    }
    defer { sqlite3_finalize(statement) }
    for (index, parameter) in parameters.enumerated() {
      guard bind(parameter, to: Int32(index + 1), of: statement) == SQLITE_OK else {
        throw writeFailure(sql)
      }
    }
    guard sqlite3_step(statement) == SQLITE_DONE else { throw writeFailure(sql) }
    return Int(sqlite3_changes(handle))
  }

  /// Runs `body` in one transaction that takes the write lock at once (`BEGIN IMMEDIATE`):
  /// committed when `body` returns, rolled back when it throws, so that a failed or
  /// interrupted write leaves the database as it was.
  func transaction(_ body: () throws(CoreDataStoreError) -> Void) throws(CoreDataStoreError) {
    try execute("BEGIN IMMEDIATE")
    do {
      try body()
      try execute("COMMIT")
    } catch {
      sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
      throw error
    }
  }

  /// Registers, as functions that do nothing, the functions Core Data's triggers call to
  /// tell a running app that a derived attribute changed (`NSCoreDataDATrigger…`): the
  /// triggers' own SQL keeps the derived values, and no app is here to be told.
  func registerCoreDataTriggerFunctions(_ names: [String]) throws(CoreDataStoreError) {
    for name in names {
      let status = sqlite3_create_function_v2(
        handle, name, -1, SQLITE_UTF8, nil, { context, _, _ in sqlite3_result_null(context) },
        nil, nil, nil)
      guard status == SQLITE_OK else { throw writeFailure("registering \(name)") }
    }
  }

  private func writeFailure(_ sql: String) -> CoreDataStoreError {
    let code = sqlite3_errcode(handle)
    let kind: CoreDataStoreError.Kind =
      code == SQLITE_READONLY ? .notWritable : code == SQLITE_INTERRUPT ? .interrupted : .sqlite
    return CoreDataStoreError(
      kind,
      "SQLite cannot write \(Value.quoted(path)) (\(sql)): \(String(cString: sqlite3_errmsg(handle)))"
    )
  }
}
