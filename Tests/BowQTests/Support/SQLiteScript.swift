import CSQLite
import Foundation
import XCTest

/// Runs SQL on a database file for tests: building Core Data–shaped stores, or damaging
/// copies of real ones. Blobs are bound as parameters.
enum SQLiteScript {
  /// Runs each statement of `sql` on the database at `path` (created when missing).
  static func run(
    _ sql: String, on path: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    withDatabase(path) { db in
      var message: UnsafeMutablePointer<CChar>?
      if sqlite3_exec(db, sql, nil, nil, &message) != SQLITE_OK {
        XCTFail(
          message.map { String(cString: $0) } ?? "sqlite3_exec failed", file: file, line: line)
      }
      sqlite3_free(message)
    }
  }

  /// Runs one statement with `blobs` bound to its `?` parameters in order.
  static func run(_ sql: String, binding blobs: [Data], on path: String) {
    withDatabase(path) { db in
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
        return XCTFail(String(cString: sqlite3_errmsg(db)))
      }
      defer { sqlite3_finalize(statement) }
      let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
      for (i, blob) in blobs.enumerated() {
        _ = blob.withUnsafeBytes { bytes in
          sqlite3_bind_blob(
            statement, Int32(i + 1), bytes.baseAddress, Int32(blob.count), transient)
        }
      }
      if sqlite3_step(statement) != SQLITE_DONE { XCTFail(String(cString: sqlite3_errmsg(db))) }
    }
  }

  /// The rows `sql` returns on the database at `path`, each cell as its text ("NULL" for
  /// NULL, hexadecimal for a blob).
  static func rows(_ sql: String, on path: String) -> [[String]] {
    var rows: [[String]] = []
    withDatabase(path) { db in
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
        return XCTFail(String(cString: sqlite3_errmsg(db)))
      }
      defer { sqlite3_finalize(statement) }
      while sqlite3_step(statement) == SQLITE_ROW {
        rows.append(
          (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_NULL: return "NULL"
            case SQLITE_BLOB:
              let count = Int(sqlite3_column_bytes(statement, column))
              guard let bytes = sqlite3_column_blob(statement, column) else { return "" }
              return Data(bytes: bytes, count: count).map { String(format: "%02X", $0) }.joined()
            default:
              return sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
            }
          })
      }
    }
    return rows
  }

  /// Leaves in `folder` the files a writer killed in the middle of a transaction leaves:
  /// runs `setup`, then `sql` inside a transaction with a page cache so small that SQLite
  /// writes the changes out before they commit (into the file, after saving the pages they
  /// replace in the rollback journal; or as frames of the write-ahead log without a commit
  /// frame), copies the database and every companion named in `companions` into `folder`
  /// as they are at that moment, and rolls back. Answers the copy of the database.
  static func copyMidTransaction(
    of path: String, setup: String = "", running sql: String, companions: [String],
    into folder: URL, file: StaticString = #filePath, line: UInt = #line
  ) throws -> URL {
    let name = URL(fileURLWithPath: path).lastPathComponent
    var failure: String?
    withDatabase(path) { db in
      for step in [setup, "PRAGMA cache_size = 1; BEGIN", sql] where !step.isEmpty {
        guard sqlite3_exec(db, step, nil, nil, nil) == SQLITE_OK else {
          failure = String(cString: sqlite3_errmsg(db))
          return
        }
      }
      do {
        for suffix in [""] + companions {
          try FileManager.default.copyItem(
            atPath: path + suffix, toPath: folder.appendingPathComponent(name + suffix).path)
        }
      } catch {
        failure = "\(error)"
      }
      sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
    }
    if let failure { XCTFail(failure, file: file, line: line) }
    return folder.appendingPathComponent(name)
  }

  private static func withDatabase(_ path: String, _ body: (OpaquePointer) -> Void) {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else {
      return XCTFail("cannot open \(path)")
    }
    defer { sqlite3_close(db) }
    body(db)
  }
}
