import Foundation
import XCTest

@testable import BowQ

/// A Core Data store read as SQLite reads it, with what lies beside it: rows still in the
/// write-ahead log, a crashed writer's hot journal rolled back, a log of a writer killed
/// before it committed ignored, the companions found beside the real file of a link — each
/// through a private copy, the user's files left byte-identical — and a store another program
/// changed during the session named as changed, never as damaged.
final class CoreDataStoreCompanionTests: XCTestCase {
  /// The bytes of every file in `folder`, by name (a folder in it as nil).
  private func contents(of folder: URL) throws -> [String: Data?] {
    var found: [String: Data?] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      found[name] = try? Data(contentsOf: folder.appendingPathComponent(name))
    }
    return found
  }

  private func count(_ statement: String, _ file: CoreDataStoreFile) throws -> Int {
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph(model: file.bowqModel)),
      store: .coreData(path: file.path, uuid: file.schema.uuid), coreDataFile: file)
    guard case .count(_, let n)? = try interpreter.run(statement).last else {
      XCTFail("\(statement) is not a count")
      return -1
    }
    return n
  }

  /// The SurfJournal fixture, its 5,000 rows all in its `-wal`, and its model.
  private func surfJournal() throws -> (folder: URL, store: URL, model: CoreDataModel) {
    let folder = try copyCoreDataFixture("SurfJournal")
    let model = try CoreDataModel.read(
      at: folder.appendingPathComponent("SurfJournalModel.xcdatamodeld").path)
    return (folder, folder.appendingPathComponent("SurfJournalModel.sqlite"), model)
  }

  func testRowsInTheWriteAheadLogAreReadAndTheFilesStayByteIdentical() throws {
    let (folder, store, model) = try surfJournal()
    let before = try contents(of: folder)
    let file = try CoreDataStoreFile.open(path: store.path, model: model)
    XCTAssertEqual(try count("count JournalEntry", file), 5_000)
    XCTAssertEqual(file.recovery?.logFrames, 54)
    XCTAssertEqual(file.recovery?.note, "rows read through the write-ahead log (54 frames)")
    let read = try CoreDataStore.open(path: store.path, model: model)
    XCTAssertEqual(read.graph.table("JournalEntry").count, 5_000)
    XCTAssertEqual(try contents(of: folder), before, "the store, its -wal and -shm are unchanged")
  }

  func testALogWithoutItsIndexIsReadAsCopiedFixturesHaveIt() throws {
    let (folder, store, model) = try surfJournal()
    try FileManager.default.removeItem(
      at: folder.appendingPathComponent("SurfJournalModel.sqlite-shm"))
    let before = try contents(of: folder)
    let file = try CoreDataStoreFile.open(path: store.path, model: model)
    XCTAssertEqual(try count("count JournalEntry", file), 5_000)
    XCTAssertEqual(try contents(of: folder), before, "no -shm is made beside the store")
  }

  /// The private copies in the temporary folder.
  private func privateCopies() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
      $0.hasPrefix("bowq-store-")
    }
  }

  func testThePrivateCopyIsGoneFromDiskOnceOpen() throws {
    let (_, store, model) = try surfJournal()
    let before = try privateCopies()
    let file = try CoreDataStoreFile.open(path: store.path, model: model)
    XCTAssertEqual(try privateCopies(), before, "nothing is left behind, however bowq ends")
    XCTAssertEqual(try count("count JournalEntry where location == 'Malibu'", file), 509)
    XCTAssertEqual(try file.readGraph().graph.table("JournalEntry").count, 5_000)
  }

  func testALinkedStoreReadsTheLogBesideItsRealFile() throws {
    let (folder, store, model) = try surfJournal()
    let before = try contents(of: folder)
    let link = try makeTemporaryFolder("bowq-link").appendingPathComponent("Journal.sqlite")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: store)
    let file = try CoreDataStoreFile.open(path: link.path, model: model)
    XCTAssertEqual(try count("count JournalEntry", file), 5_000)
    XCTAssertEqual(try contents(of: folder), before)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: link.deletingLastPathComponent().path),
      ["Journal.sqlite"], "nothing is made beside the link")
  }

  func testPhotosIsReadInPlaceAndItsFilesStayByteIdentical() throws {
    let folder = try copyCoreDataFixture("Photos")
    let before = try contents(of: folder)
    let file = try? CoreDataStoreFile.open(
      path: folder.appendingPathComponent("Photos.sqlite").path)
    XCTAssertNil(file?.recovery, "an empty -wal holds nothing to read")
    if let file { _ = try file.objectCount(of: "Asset") }
    XCTAssertEqual(try contents(of: folder), before)
  }

  /// A copy of Books.sqlite as a writer killed in the middle of renumbering every page
  /// (and filling a new table, so that the changes leave the page cache before they commit)
  /// leaves it, in `journalMode`, with `companion`.
  private func booksMidTransaction(journalMode: String, companion: String) throws -> URL {
    let original = try copyCoreDataFixture("Books/Books.sqlite")
    return try SQLiteScript.copyMidTransaction(
      of: original.path, setup: "PRAGMA journal_mode = \(journalMode)",
      running: "UPDATE ZPAGE SET ZNUMBER = ZNUMBER + 1000; CREATE TABLE ZFILLER AS "
        + "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000) "
        + "SELECT randomblob(500) FROM c",
      companions: [companion], into: try makeTemporaryFolder("bowq-crashed"))
  }

  func testAHotJournalIsRolledBackInAPrivateCopyNeverReadPast() throws {
    let store = try booksMidTransaction(journalMode: "DELETE", companion: "-journal")
    let folder = store.deletingLastPathComponent()
    let before = try contents(of: folder)
    XCTAssertNotNil(before["Books.sqlite-journal"] ?? nil)
    let file = try CoreDataStoreFile.open(path: store.path)
    XCTAssertEqual(try count("count Page where number >= 1000", file), 0)
    XCTAssertEqual(try count("count Page", file), 119)
    XCTAssertEqual(file.recovery?.rolledBackJournal, true)
    XCTAssertEqual(
      file.recovery?.note, "a crashed writer's journal was rolled back in a private copy")
    XCTAssertEqual(try contents(of: folder), before, "the journal stays for the app to recover")
  }

  func testALogOfAWriterKilledBeforeItCommittedIsIgnoredAsSQLiteIgnoresIt() throws {
    let store = try booksMidTransaction(journalMode: "WAL", companion: "-wal")
    let folder = store.deletingLastPathComponent()
    let before = try contents(of: folder)
    XCTAssertGreaterThan(
      (before["Books.sqlite-wal"] ?? nil)?.count ?? 0, 32, "frames without a commit")
    let file = try CoreDataStoreFile.open(path: store.path)
    XCTAssertEqual(try count("count Page where number >= 1000", file), 0)
    XCTAssertEqual(try count("count Page", file), 119)
    XCTAssertEqual(file.recovery?.logFrames, 0)
    XCTAssertTrue(
      file.recovery?.note?.contains("holds no committed transaction") ?? false,
      "\(String(describing: file.recovery))")
    XCTAssertEqual(try contents(of: folder), before)
  }

  /// Saves `edit` into the store at `path` (`--write-core-data`), read with `model`.
  private func save(_ edit: String, into path: String, model: CoreDataModel? = nil) throws {
    let interpreter = Interpreter.coreData(
      try CoreDataStoreFile.open(path: path, model: model), at: path)
    _ = try interpreter.run(edit + "; save")
  }

  func testASaveIntoAStoreWithALogKeepsTheLogsRows() throws {
    let (_, store, model) = try surfJournal()
    try save(
      "update JournalEntry where location == 'Malibu' set location = 'Zuma'", into: store.path,
      model: model)
    XCTAssertEqual(
      SQLiteScript.rows(
        "SELECT count(*), sum(ZLOCATION = 'Zuma'), sum(ZLOCATION = 'Malibu') FROM ZJOURNALENTRY",
        on: store.path
      ).first?.prefix(3).map { $0 }, ["5000", "509", "0"])
    XCTAssertEqual(SQLiteScript.rows("PRAGMA integrity_check", on: store.path), [["ok"]])
  }

  func testASaveIntoAStoreWithAHotJournalRollsItBackFirst() throws {
    let store = try booksMidTransaction(journalMode: "DELETE", companion: "-journal")
    try save("update Feedback set rating = 1", into: store.path)
    XCTAssertEqual(
      SQLiteScript.rows("SELECT max(ZNUMBER), count(*) FROM ZPAGE", on: store.path),
      [["99", "119"]])
    XCTAssertEqual(
      SQLiteScript.rows("SELECT count(*) FROM ZFEEDBACK WHERE ZRATING = 1", on: store.path),
      [["3"]])
    XCTAssertEqual(SQLiteScript.rows("PRAGMA integrity_check", on: store.path), [["ok"]])
    XCTAssertFalse(FileManager.default.fileExists(atPath: store.path + "-journal"))
  }

  func testAStoreVacuumedByAnotherProgramIsSaidToHaveChangedNotToBeDamaged() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let file = try CoreDataStoreFile.open(path: store.path)
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph(model: file.bowqModel)),
      store: .coreData(path: store.path, uuid: file.schema.uuid), coreDataFile: file)
    _ = try interpreter.run("count Book")
    XCTAssertNil(interpreter.coreDataStoreChange)
    SQLiteScript.run(
      "PRAGMA journal_mode = DELETE; DROP TABLE ACHANGE; DROP TABLE ATRANSACTION; VACUUM",
      on: store.path)
    XCTAssertTrue(
      interpreter.coreDataStoreChange?.contains("was changed by another program") ?? false,
      "what .tables says")
    for statement in ["count Book where title != nil", "fetch Page where number == 3"] {
      let message = interpreter.errorMessage(running: statement)
      XCTAssertTrue(
        message.contains("was changed by another program since bowq opened it"), message)
      XCTAssertTrue(message.contains("reopen it"), message)
      XCTAssertFalse(message.contains("damaged"), message)
    }
  }
}
