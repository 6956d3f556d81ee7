import Foundation
import XCTest

@testable import BowQ

/// Rows Core Data never writes but a damaged or hostile store may hold: two rows sharing a
/// `Z_PK`, and keys, maxima and versions at `Int64.max`. Each ends in a clear error naming
/// the row or the entity, never a trap, and never two objects under one key.
final class CoreDataHostileRowsTests: XCTestCase {
  /// The Ties store of ``CoreDataDamagedStorePushdownTests`` with `ZTIE` declared without
  /// a primary key, as a hostile store may declare it.
  private func storeWithoutPrimaryKey(_ rows: String) throws -> String {
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Ties.sqlite").path
    try CoreDataTestStore.make(
      at: path, entities: CoreDataDamagedStorePushdownTests.entities,
      sql: """
        CREATE TABLE ZTIE (Z_PK INTEGER, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
          ZUID BLOB, ZRANK INTEGER, ZWEAVE VARCHAR);
        CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZNAME VARCHAR, ZFAVORITE INTEGER, Z1_FAVORITE INTEGER);
        \(rows)
        """)
    return path
  }

  func testTwoRowsSharingAKeyAreRefusedNamingTheTableAndKey() throws {
    let path = try storeWithoutPrimaryKey(
      """
      INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZNAME, ZRANK) VALUES
        (1, 1, 1, 'Red', 4), (7, 1, 1, 'Blue', 2), (7, 2, 1, 'Silk', 2);
      """)
    XCTAssertThrowsError(try CoreDataStore.open(path: path)) { error in
      XCTAssertEqual((error as? CoreDataStoreError)?.kind, .badTable)
      XCTAssertTrue("\(error)".contains("ZTIE holds more than one row of Z_PK 7"), "\(error)")
    }
    for statement in [
      "count Tie", "count Tie where rank == 2", "fetch Tie", "fetch SilkTie",
      "update Tie set rank = 1",
    ] {
      let answer = CoreDataPushdownAgreementTests.answer(
        statement, try CoreDataPushdownAgreementTests.pushed(path))
      XCTAssertTrue(answer.hasPrefix("error: "), "\(statement): \(answer)")
      XCTAssertTrue(answer.contains("more than one row of Z_PK 7"), "\(statement): \(answer)")
    }
  }

  func testDistinctKeysWithoutAPrimaryKeyStillRead() throws {
    let path = try storeWithoutPrimaryKey(
      "INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZNAME, ZRANK) VALUES (1, 1, 1, 'Red', 4), (2, 2, 1, 'Silk', 2);"
    )
    XCTAssertEqual(try CoreDataStore.open(path: path).graph.table("Tie").keys, [1])
    XCTAssertEqual(
      CoreDataPushdownAgreementTests.answer(
        "count Tie", try CoreDataPushdownAgreementTests.pushed(path)),
      "2")
  }

  /// A session that may write into the Core Data store at `path`.
  private func writingSession(_ path: String) throws -> Interpreter {
    .coreData(try CoreDataStoreFile.open(path: path), at: path)
  }

  func testAKeyAtInt64MaxReadsButHandsOutNoKey() throws {
    for damage in [
      "INSERT INTO ZSHELF VALUES (9223372036854775807, 5, 1, 'Far')",
      "UPDATE Z_PRIMARYKEY SET Z_MAX = 9223372036854775807 WHERE Z_ENT = 5",
    ] {
      let path = try CoreDataMappingTests.makeStore(for: self)
      SQLiteScript.run(damage, on: path)
      let interpreter = try writingSession(path)
      let shelves = damage.hasPrefix("INSERT") ? "3" : "2"
      XCTAssertEqual(CoreDataPushdownAgreementTests.answer("count Shelf", interpreter), shelves)
      _ = try interpreter.run("update Shelf set name = \"Renamed\"")
      let message = interpreter.errorMessage(running: "insert Shelf name = \"New\"")
      XCTAssertTrue(
        message.contains("the store has used every key of Shelf"), "\(damage): \(message)")
      XCTAssertEqual(interpreter.context.changes.count, Int(shelves), damage)
      XCTAssertEqual(CoreDataPushdownAgreementTests.answer("count Shelf", interpreter), shelves)
    }
  }

  func testAVersionAtInt64MaxIsAnErrorNamingTheRow() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    SQLiteScript.run("UPDATE ZMEDIA SET Z_OPT = 9223372036854775807 WHERE Z_PK = 1", on: path)
    let interpreter = try writingSession(path)
    _ = try interpreter.run("update Book where title == \"Dune\" set pages = 1")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let message = interpreter.errorMessage(running: "save")
    XCTAssertTrue(
      message.contains("the row Z_PK 1 of ZMEDIA has Z_OPT 9223372036854775807"), message)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    XCTAssertTrue(interpreter.context.hasChanges, "the change stays pending")
  }

  func testABowqStoreWhoseNextKeyIsInt64MaxRefusesInserts() throws {
    var graph = ObjectGraph()
    let interpreter = Interpreter(context: Context(graph: graph), store: .memory)
    _ = try interpreter.run("entity Hat { name: String }; insert Hat name = \"Cap\"")
    graph = interpreter.context.graph
    graph.reserveKeys(in: "Hat", below: Int64.max)
    let reopened = Interpreter(
      context: Context(graph: try StoreCodec.decodeData(try StoreCodec.encodeData(graph))),
      store: .memory)
    XCTAssertEqual(reopened.context.graph.table("Hat").nextKey, Int64.max)
    let message = reopened.errorMessage(running: "insert Hat name = \"Bowler\"")
    XCTAssertTrue(message.contains("the store has used every key of Hat"), message)
    XCTAssertEqual(reopened.context.graph.table("Hat").count, 1)
    XCTAssertThrowsError(
      try reopened.context.insert(contentsOf: graph.table("Hat"), into: "Hat")
    ) { error in XCTAssertTrue(error is KeysExhausted, "\(error)") }
  }

  func testTheLastKeysAreHandedOutThenRefused() throws {
    var graph = ObjectGraph()
    let interpreter = Interpreter(context: Context(graph: graph), store: .memory)
    _ = try interpreter.run("entity Hat { name: String }")
    graph = interpreter.context.graph
    graph.reserveKeys(in: "Hat", below: Int64.max - 1)
    let nearlyFull = Interpreter(context: Context(graph: graph), store: .memory)
    _ = try nearlyFull.run("insert Hat name = \"Cap\"")
    XCTAssertEqual(nearlyFull.context.graph.table("Hat").keys, [Int64.max - 1])
    let message = nearlyFull.errorMessage(running: "insert Hat name = \"Bowler\"")
    XCTAssertTrue(message.contains("the store has used every key of Hat"), message)
  }

  /// The Ties store whose rows all read `ZNAME` from a column added with `value` as its
  /// default, the way a hostile store makes many rows share one string.
  private func storeSharingADefault(_ value: String, rows: Int) throws -> String {
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Ties.sqlite").path
    try CoreDataTestStore.make(
      at: path, entities: CoreDataDamagedStorePushdownTests.entities,
      sql: """
        CREATE TABLE ZTIE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZUID BLOB, ZRANK INTEGER, ZWEAVE VARCHAR);
        CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZNAME VARCHAR, ZFAVORITE INTEGER, Z1_FAVORITE INTEGER);
        WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < \(rows))
          INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZRANK) SELECT k, 1, 1, k % 5 FROM n;
        ALTER TABLE ZTIE ADD COLUMN ZNAME VARCHAR DEFAULT '\(value)';
        """)
    return path
  }

  func testRowsSharingAHugeStringStopAtABudgetLinearInTheFile() throws {
    let path = try storeSharingADefault(String(repeating: "x", count: 1 << 20), rows: 100)
    let size = try XCTUnwrap(
      FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    XCTAssertLessThan(size, 2 << 20, "one copy of the string is in the file")
    // 100 rows would hand bowq 100 MiB: the reading stops past 64 MiB.
    XCTAssertThrowsError(try CoreDataStore.open(path: path)) { error in
      XCTAssertEqual((error as? CoreDataStoreError)?.kind, .badTable, "\(error)")
      XCTAssertTrue(
        "\(error)".contains("the rows of ZTIE hold more than 67,108,864 bytes"), "\(error)")
    }
    for statement in ["fetch Tie", "count Tie where uppercase(name) == 'X'"] {
      let answer = CoreDataPushdownAgreementTests.answer(
        statement, try CoreDataPushdownAgreementTests.pushed(path))
      XCTAssertTrue(
        answer.contains("the rows of ZTIE hold more than"), "\(statement): \(answer.prefix(300))")
    }
    XCTAssertEqual(
      CoreDataPushdownAgreementTests.answer(
        "count Tie where rank == 1", try CoreDataPushdownAgreementTests.pushed(path)), "20",
      "a count SQLite answers reads no string")
  }

  func testASmallDefaultSharedByManyRowsStillReads() throws {
    let path = try storeSharingADefault("plain", rows: 5_000)
    let graph = try CoreDataStore.open(path: path).graph
    XCTAssertEqual(graph.table("Tie").count, 5_000)
    XCTAssertEqual(
      graph.value(of: ObjectID(entity: "Tie", key: 4_999), attribute: "name"), .string("plain"))
  }

  func testTheBudgetIsSixteenTimesTheFileAndAtLeast64MiB() {
    XCTAssertEqual(CoreDataReadBudget(fileSize: 1_441_792).limit, 64 << 20)
    XCTAssertEqual(CoreDataReadBudget(fileSize: 10 << 20).limit, 160 << 20)
    XCTAssertEqual(CoreDataReadBudget(fileSize: Int.max / 2).limit, Int.max)
  }

  func testKeysAtBothEndsOfInt64AreFound() {
    var table = EntityTable()
    for key in [Int64.min, -1, 0, Int64.max - 1, Int64.max] { table.insert([.int(key)], key: key) }
    XCTAssertEqual(table.nextKey, Int64.max)
    for (position, key) in [Int64.min, -1, 0, Int64.max - 1, Int64.max].enumerated() {
      XCTAssertEqual(table.position(of: key), position, "\(key)")
    }
    XCTAssertNil(table.position(of: 5))
  }
}
