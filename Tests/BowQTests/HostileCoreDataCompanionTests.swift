import CSQLite
import Foundation
import XCTest

@testable import BowQ

/// Core Data stores whose write-ahead log or hot journal was cut short or had bytes changed,
/// from a seeded generator: bowq opens each and reads what SQLite reads opening a copy as an
/// app would, or fails with a ``CoreDataStoreError``, and leaves the files byte-identical.
final class HostileCoreDataCompanionTests: XCTestCase {
  /// A store with a companion to damage, and what to ask of it.
  private struct Case {
    var store: URL
    var companion: String
    var question: String
  }

  /// The first cell `sql` returns on a copy of `store` and its `companion` that SQLite opens
  /// as any program does (replaying the log, rolling the journal back); nil when SQLite fails.
  private func sqliteAnswer(_ sql: String, _ store: URL, _ companion: String) throws -> String? {
    let copy = try makeTemporaryFolder("bowq-sqlite").appendingPathComponent(
      store.lastPathComponent)
    try FileManager.default.copyItem(at: store, to: copy)
    try FileManager.default.copyItem(
      atPath: store.path + companion, toPath: copy.path + companion)
    var db: OpaquePointer?
    defer { sqlite3_close(db) }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_open(copy.path, &db) == SQLITE_OK,
      sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK,
      sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0)
    else { return nil }
    return String(cString: text)
  }

  /// The answer of `sql` on bowq's connection to `store`; nil when bowq refuses the store.
  private func bowqAnswer(_ sql: String, _ store: URL) -> String? {
    do {
      let file = try CoreDataStoreFile.open(path: store.path)
      guard case .text(let text)? = try file.connection.rows(sql).first?.first else { return nil }
      return text
    } catch {
      return nil
    }
  }

  func testDamagedLogsAndJournalsAnswerAsSQLiteOrFailAndStayUnchanged() throws {
    let books = try copyCoreDataFixture("Books/Books.sqlite")
    let journal = try SQLiteScript.copyMidTransaction(
      of: books.path, setup: "PRAGMA journal_mode = DELETE",
      running: "UPDATE ZPAGE SET ZNUMBER = ZNUMBER + 1000; CREATE TABLE ZFILLER AS "
        + "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000) "
        + "SELECT randomblob(500) FROM c",
      companions: ["-journal"], into: try makeTemporaryFolder("bowq-crashed"))
    let surf = try copyCoreDataFixture("SurfJournal").appendingPathComponent(
      "SurfJournalModel.sqlite")
    let cases = [
      Case(
        store: journal, companion: "-journal",
        question: "SELECT count(*) || ',' || max(ZNUMBER) FROM ZPAGE"),
      Case(
        store: surf, companion: "-wal",
        question: "SELECT count(*) || ',' || ifnull(max(ZDATE), '') FROM ZJOURNALENTRY"),
    ]
    var random = SplitMix64(seed: 23)
    var answered = 0
    for round in 0..<16 {
      let original = random.pick(cases)
      let folder = try makeTemporaryFolder("bowq-hostile-companion")
      let store = folder.appendingPathComponent(original.store.lastPathComponent)
      try FileManager.default.copyItem(at: original.store, to: store)
      var bytes = try Data(
        contentsOf: URL(fileURLWithPath: original.store.path + original.companion))
      if random.chance(50) {
        bytes = bytes.prefix(random.int(in: 0...bytes.count))
      } else {
        for _ in 0..<random.int(in: 1...4) where !bytes.isEmpty {
          bytes[random.int(in: 0...(bytes.count - 1))] ^= UInt8(random.int(in: 1...255))
        }
      }
      let companion = URL(fileURLWithPath: store.path + original.companion)
      try bytes.write(to: companion)
      let before = [try Data(contentsOf: store), try Data(contentsOf: companion)]
      let expected = try sqliteAnswer(original.question, store, original.companion)
      if let found = bowqAnswer(original.question, store) {
        XCTAssertEqual(found, expected, "round \(round): \(original.companion)")
        answered += 1
      }
      XCTAssertEqual(
        [try Data(contentsOf: store), try Data(contentsOf: companion)], before, "round \(round)")
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
        [store.lastPathComponent, store.lastPathComponent + original.companion].sorted(),
        "round \(round): nothing made beside the store")
    }
    XCTAssertGreaterThan(answered, 8, "most damaged companions still leave a readable store")
  }
}
