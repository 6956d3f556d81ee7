import CSQLite
import Foundation
import Synchronization

/// A connection to a SQLite database file. Read-only, it never writes to the file or
/// creates companions beside it. A file whose companions hold nothing SQLite must read is
/// opened in place as immutable (`?immutable=1`, so SQLite takes no locks and keeps no
/// `-wal` or `-shm`); one with a non-empty write-ahead log or a hot journal
/// (``SQLiteCompanions``) is read through a private copy (``SQLitePrivateCopy``) in which
/// SQLite replays the log or rolls the journal back, as it would in place, and which is then
/// read as immutable too, its files removed once open. Only a save back into a Core Data
/// store opens one for writing (``init(writing:)``), whose changes run in one transaction.
///
/// Every connection is defensive (`SQLITE_DBCONFIG_DEFENSIVE`, `trusted_schema` off: the
/// store's schema cannot call functions with side effects or write what SQLite keeps for
/// itself), and Ctrl-C (``Interrupt``) stops any statement running on it, however long one
/// step runs, through SQLite's progress handler.
final class SQLiteConnection {
  /// The first 16 bytes of every SQLite 3 database.
  static let header = Array("SQLite format 3\u{0}".utf8)

  private let handle: OpaquePointer
  let path: String
  /// What was read beyond the file itself; nil when it was read in place.
  let recovery: SQLiteRecovery?
  /// The files whose changes make what a read-only connection read stale (the database and
  /// its write-ahead log), with their fingerprints when it opened; empty for a writer.
  private let watched: [(path: String, fingerprint: FileFingerprint?)]

  /// Opens `path`, a SQLite database, to read it as SQLite would, without writing to it or
  /// beside it.
  init(readingOnly path: String) throws(CoreDataStoreError) {
    self.path = path
    let shown = Value.quoted(path)
    let real: String
    let start: Data
    do {
      real = try ResolvedPath(path).realPath
      start = try FileContents(reading: real, mappingLargeFiles: true).data.prefix(
        Self.header.count)
    } catch {
      throw CoreDataStoreError(.unreadable, "cannot read \(shown): \(error.reason)")
    }
    guard Array(start) == Self.header else {
      throw CoreDataStoreError(
        .notSQLite, "\(shown) is not a SQLite database (it does not start with \"SQLite format 3\")"
      )
    }
    let log = SQLiteCompanions.logPath(of: real)
    watched = [real, log].map { ($0, try? FileFingerprint.current(at: $0)) }
    let companions = SQLiteCompanions(of: real)
    guard companions.needsPrivateCopy else {
      recovery = nil
      handle = try Self.open(
        URL(fileURLWithPath: real).absoluteString + "?immutable=1",
        SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, shown)
      return
    }
    // The copy's files go as soon as the copy is open again: the connection reads it
    // through its open file, and nothing stays on disk, whatever ends the process.
    let copy = try SQLitePrivateCopy(of: companions)
    let recovering = try Self.open(copy.databasePath, SQLITE_OPEN_READWRITE, shown)
    do {
      recovery = try Self.recover(recovering, companions, shown)
    } catch {
      sqlite3_close_v2(recovering)
      throw error
    }
    sqlite3_close_v2(recovering)
    handle = try Self.open(
      URL(fileURLWithPath: copy.databasePath).absoluteString + "?immutable=1",
      SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, shown)
    withExtendedLifetime(copy) {}
  }

  /// Lets SQLite read the companions of a private copy open as `connection`: its first read
  /// replays the log or rolls the journal back, in the copy; a checkpoint then tells how
  /// many frames of the log SQLite took (those up to its last commit) and folds them into
  /// the copy, which leaves write-ahead logging, so that the file alone holds every row.
  private static func recover(
    _ connection: OpaquePointer, _ companions: SQLiteCompanions, _ shown: String
  ) throws(CoreDataStoreError) -> SQLiteRecovery {
    var frames: Int32 = 0
    var folded: Int32 = 0
    guard
      sqlite3_exec(connection, "SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK,
      companions.logSize == 0
        || sqlite3_wal_checkpoint_v2(
          connection, nil, SQLITE_CHECKPOINT_PASSIVE, &frames, &folded) == SQLITE_OK,
      sqlite3_exec(connection, "PRAGMA journal_mode = DELETE", nil, nil, nil) == SQLITE_OK
    else {
      throw CoreDataStoreError(
        .sqlite,
        "SQLite cannot read \(shown) with its "
          + (companions.hasHotJournal ? "journal" : "write-ahead log") + ": "
          + String(cString: sqlite3_errmsg(connection)))
    }
    return SQLiteRecovery(
      logFrames: Int(max(frames, 0)), logSize: companions.logSize,
      rolledBackJournal: companions.hasHotJournal)
  }

  /// Opens `path`, a SQLite database, for writing, as `save` does only when it writes back
  /// into a Core Data store: a file this process may not write (or whose folder cannot hold
  /// SQLite's journal) is refused before SQLite opens it, and a writer that holds the
  /// database makes this one wait up to five seconds. The real file is opened (its links
  /// followed), so that SQLite replays its write-ahead log or rolls back its hot journal
  /// first, as it does for any program that opens it.
  init(writing given: String) throws(CoreDataStoreError) {
    path = given
    recovery = nil
    watched = []
    let shown = Value.quoted(given)
    let path = (try? ResolvedPath(given).realPath) ?? given
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
    handle = try Self.open(path, SQLITE_OPEN_READWRITE, shown)
    sqlite3_busy_timeout(handle, 5_000)
  }

  /// Opens `name` (a path, or a URI with `SQLITE_OPEN_URI`) with `flags`, and makes the
  /// connection defensive and interruptible.
  private static func open(_ name: String, _ flags: Int32, _ shown: String)
    throws(CoreDataStoreError) -> OpaquePointer
  {
    var connection: OpaquePointer?
    let status = sqlite3_open_v2(name, &connection, flags, nil)
    guard status == SQLITE_OK, let connection else {
      let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(connection)
      throw CoreDataStoreError(.sqlite, "cannot open \(shown) with SQLite: \(message)")
    }
    guard bowq_sqlite3_db_config_flag(connection, SQLITE_DBCONFIG_DEFENSIVE, 1) == SQLITE_OK,
      sqlite3_exec(connection, "PRAGMA trusted_schema = OFF", nil, nil, nil) == SQLITE_OK
    else {
      let message = String(cString: sqlite3_errmsg(connection))
      sqlite3_close_v2(connection)
      throw CoreDataStoreError(
        .sqlite, "cannot open \(shown) with SQLite defensively: \(message)")
    }
    sqlite3_progress_handler(connection, progressInterval, progressHandler, nil)
    return connection
  }

  /// How many SQLite virtual-machine instructions run between two looks at ``Interrupt``.
  private static let progressInterval: Int32 = 1_000

  /// How many times SQLite looked at ``Interrupt`` while running a statement, on any
  /// connection: a test that must stop a statement in the middle of a step waits for it to
  /// grow, instead of for time to pass.
  static let progressChecks = Atomic<Int>(0)

  /// SQLite's progress handler: stops the statement running (`SQLITE_INTERRUPT`) once
  /// Ctrl-C was pressed.
  private static let progressHandler: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { _ in
    SQLiteConnection.progressChecks.add(1, ordering: .relaxed)
    return Interrupt.isRequested ? 1 : 0
  }

  /// Fails when the database or its write-ahead log changed since this connection opened
  /// it: another program wrote, vacuumed or replaced it, so that what was read (and, in
  /// place, the file's pages) no longer agree.
  func checkUnchanged() throws(CoreDataStoreError) {
    for (file, fingerprint) in watched {
      let now = try? FileFingerprint.current(at: file)
      guard now == fingerprint else {
        throw CoreDataStoreError(
          .changed,
          "the store \(Value.quoted(path)) was changed by another program since bowq opened it "
            + "(\(Value.quoted(file)) "
            + (fingerprint.map { "was \($0)" } ?? "was not there") + ", "
            + (now.map { "is now \($0)" } ?? "is gone") + "); reopen it to read it as it is now")
      }
    }
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
    try checkUnchanged()
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
      // Ctrl-C stops statements until the next one is asked for: not the rollback.
      sqlite3_progress_handler(handle, 0, nil, nil)
      sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
      sqlite3_progress_handler(handle, Self.progressInterval, Self.progressHandler, nil)
      throw error
    }
  }

  /// Registers, as functions that do nothing, the functions Core Data's triggers call to
  /// tell a running app that a derived attribute changed (`NSCoreDataDATrigger…`): the
  /// triggers' own SQL keeps the derived values, and no app is here to be told.
  func registerCoreDataTriggerFunctions(_ names: [String]) throws(CoreDataStoreError) {
    for name in names {
      let status = sqlite3_create_function_v2(
        handle, name, -1, SQLITE_UTF8 | SQLITE_INNOCUOUS, nil,
        { context, _, _ in sqlite3_result_null(context) },
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
