import Foundation
import XCTest

@testable import BowQ

/// A save back into a Core Data store that holds triggers: only Core Data's own run (a store
/// with any other is refused, naming them, with nothing written), what they change is read
/// back, a row they change behind the save fails it, every connection is defensive, and
/// Ctrl-C stops a trigger that never ends (the save then writing nothing) or a read in the
/// middle of one long step.
final class CoreDataSaveTriggerTests: XCTestCase {
  override func tearDown() {
    Interrupt.reset()
    super.tearDown()
  }

  /// A store of the mapping tests' model, with `triggers` (SQL) added.
  private func store(_ triggers: String) throws -> String {
    try CoreDataMappingTests.makeStore(for: self, sql: CoreDataMappingTests.tables + triggers)
  }

  /// A session on the store at `path` that writes back into it.
  private func session(_ path: String) throws -> Interpreter {
    .coreData(try CoreDataStoreFile.open(path: path), at: path)
  }

  private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// Runs `edit` on the store at `path`, then `save`, which must fail with a message holding
  /// each of `fragments` and leave the file as it was.
  private func assertSaveRefused(
    at path: String, after edit: String, saying fragments: [String],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let interpreter = try session(path)
    _ = try interpreter.run(edit)
    let before = try bytes(path)
    let message = interpreter.errorMessage(running: "save")
    for fragment in fragments {
      XCTAssertTrue(message.contains(fragment), message, file: file, line: line)
    }
    XCTAssertEqual(try bytes(path), before, "the file changed", file: file, line: line)
  }

  func testAStoreWithATriggerCoreDataDoesNotWriteIsRefusedNamingIt() throws {
    let path = try store(
      "CREATE TRIGGER wipe_tags AFTER UPDATE ON ZSHELF BEGIN DELETE FROM ZTAG; END;")
    let interpreter = try session(path)
    _ = try interpreter.run("update Shelf where name == 'Fiction' set name = 'Novels'")
    let before = try bytes(path)
    let message = interpreter.errorMessage(running: "save")
    XCTAssertTrue(message.contains("\"wipe_tags\""), message)
    XCTAssertTrue(message.contains("Core Data does not write"), message)
    XCTAssertTrue(message.contains("nothing was written"), message)
    XCTAssertEqual(try bytes(path), before)
    XCTAssertEqual(SQLiteScript.rows("SELECT count(*) FROM ZTAG", on: path), [["2"]])
    XCTAssertEqual(interpreter.context.pendingChanges.count, 1, "the change is still pending")
  }

  func testCoreDataTriggersRunAndWhatTheyChangeIsReadBack() throws {
    // As Photos' count triggers (ZT_…) keep a column of another table.
    let path = try store(
      """
      CREATE TRIGGER ZT_ZMEDIA_ZPAGES_ZSHELF_UPDATE_INCREMENT AFTER UPDATE OF ZNAME ON ZSHELF
      FOR EACH ROW BEGIN UPDATE ZMEDIA SET ZPAGES = IFNULL(ZPAGES, 0) + 1 WHERE ZSHELF = NEW.Z_PK;
      SELECT NSCoreDataTriggerUpdateAffectedObjectValue('ZMEDIA', Z_ENT, Z_PK, 'ZPAGES', ZPAGES)
      FROM ZMEDIA WHERE ZSHELF = NEW.Z_PK; END;
      """)
    let interpreter = try session(path)
    _ = try interpreter.run("update Shelf where name == 'Fiction' set name = 'Novels'; save")
    XCTAssertEqual(
      SQLiteScript.rows("SELECT Z_PK, ZPAGES FROM ZMEDIA WHERE ZSHELF = 1 ORDER BY Z_PK", on: path),
      [["1", "413"], ["2", "63"]])
    let graph = interpreter.context.graph
    XCTAssertEqual(graph.value(of: ObjectID(entity: "Book", key: 1), attribute: "pages"), .int(413))
    XCTAssertEqual(graph.value(of: ObjectID(entity: "Comic", key: 2), attribute: "pages"), .int(63))
    XCTAssertTrue(interpreter.context.pendingChanges.isEmpty)
  }

  func testARowATriggerChangesBehindTheSaveFailsItWritingNothing() throws {
    try assertSaveRefused(
      at: try store(
        "CREATE TRIGGER Z_DA_ZTAG_gone AFTER INSERT ON ZTAG BEGIN DELETE FROM ZTAG "
          + "WHERE Z_PK = NEW.Z_PK; END;"),
      after: "insert Tag name = 'new'",
      saying: [
        "Tag/p101 in the store is missing", "a trigger of the store changed what bowq wrote",
      ])
  }

  /// An R-tree index as Core Data keeps one (Photos' `Z_RT_GenericAsset_boundedByRect`) on
  /// the shelves, with its three triggers; `extra` is added after them.
  private func rtreeStore(_ extra: String = "") throws -> String {
    try store(
      """
      CREATE VIRTUAL TABLE Z_RT_Shelf_box USING RTREE (Z_PK INTEGER PRIMARY KEY,
        ZOPT_MIN FLOAT, ZOPT_MAX FLOAT);
      INSERT INTO Z_RT_Shelf_box VALUES (1, 1, 1), (2, 1, 1);
      CREATE TRIGGER Z_RT_Shelf_box_INSERT AFTER INSERT ON ZSHELF FOR EACH ROW BEGIN
        INSERT OR REPLACE INTO Z_RT_Shelf_box (Z_PK, ZOPT_MIN, ZOPT_MAX)
        VALUES (NEW.Z_PK, NEW.Z_OPT ,NEW.Z_OPT) ; END;
      CREATE TRIGGER Z_RT_Shelf_box_UPDATE AFTER UPDATE ON ZSHELF FOR EACH ROW BEGIN
        DELETE FROM Z_RT_Shelf_box WHERE Z_PK = NEW.Z_PK ;
        INSERT INTO Z_RT_Shelf_box (Z_PK, ZOPT_MIN, ZOPT_MAX)
        VALUES (NEW.Z_PK, NEW.Z_OPT ,NEW.Z_OPT) ; END;
      CREATE TRIGGER Z_RT_Shelf_box_DELETE AFTER DELETE ON ZSHELF FOR EACH ROW BEGIN
        DELETE FROM Z_RT_Shelf_box WHERE Z_PK = OLD.Z_PK ; END;
      \(extra)
      """)
  }

  func testCoreDataRTreeTriggersWriteTheirIndexInASave() throws {
    let path = try rtreeStore()
    let interpreter = try session(path)
    _ = try interpreter.run("update Shelf where name == 'Fiction' set name = 'Novels'; save")
    XCTAssertEqual(
      SQLiteScript.rows("SELECT Z_PK, ZOPT_MIN FROM Z_RT_Shelf_box ORDER BY Z_PK", on: path),
      [["1", "2.0"], ["2", "1.0"]])
    _ = try interpreter.run("insert Shelf name = 'Poetry'; save")
    XCTAssertEqual(
      SQLiteScript.rows("SELECT count(*) FROM Z_RT_Shelf_box", on: path), [["3"]])
    XCTAssertEqual(SQLiteScript.rows("PRAGMA integrity_check", on: path), [["ok"]])
  }

  func testAnRTreeTriggerOfAnotherShapeIsRefusedAsForeign() throws {
    try assertSaveRefused(
      at: try rtreeStore(
        "CREATE TRIGGER Z_RT_Shelf_box_wipe AFTER UPDATE ON ZSHELF FOR EACH ROW BEGIN "
          + "DELETE FROM ZTAG; END;"),
      after: "update Shelf where name == 'Fiction' set name = 'Novels'",
      saying: ["\"Z_RT_Shelf_box_wipe\"", "Core Data does not write"])
  }

  func testTheSchemaIsNotTrustedBesideAVirtualTableCoreDataDoesNotWrite() throws {
    try assertSaveRefused(
      at: try rtreeStore("CREATE VIRTUAL TABLE notes USING RTREE (id, a, b);"),
      after: "update Shelf where name == 'Fiction' set name = 'Novels'",
      saying: ["unsafe use of virtual table", "nothing was written"])
  }

  func testEveryConnectionIsDefensive() throws {
    let path = try store(
      """
      CREATE VIRTUAL TABLE Z_RT_Shelf_box USING rtree(Z_PK, ZX_MIN, ZX_MAX);
      INSERT INTO Z_RT_Shelf_box VALUES (1, 0, 1);
      CREATE TRIGGER ZT_Shelf_box_wipe AFTER UPDATE ON ZSHELF BEGIN
      DELETE FROM Z_RT_Shelf_box_node; END;
      """)
    let reader = try SQLiteConnection(readingOnly: path)
    XCTAssertEqual(try reader.rows("PRAGMA trusted_schema"), [[.integer(0)]])
    let writer = try SQLiteConnection(writing: path)
    XCTAssertEqual(try writer.rows("PRAGMA trusted_schema"), [[.integer(0)]])
    // Defensive still when the schema is trusted for the R-tree's triggers.
    try assertSaveRefused(
      at: path, after: "update Shelf where name == 'Fiction' set name = 'Novels'",
      saying: ["Z_RT_Shelf_box_node may not be modified"])
  }

  func testCtrlCStopsAReadThatRunsInOneLongStep() throws {
    let path = try store(
      "INSERT INTO ZTAG SELECT 100 + x, 6, 1, 'tag ' || x FROM (WITH RECURSIVE c(x) AS "
        + "(SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT x FROM c);")
    let file = try CoreDataStoreFile.open(path: path)
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph(model: file.bowqModel)),
      store: .coreData(path: path, uuid: file.schema.uuid), coreDataFile: file)
    XCTAssertTrue(
      try interpreter.run("explain count Tag where name CONTAINS[c] 'none'").description.contains(
        "run in SQLite: SELECT COUNT(*)"))
    let message = pressingCtrlCInsideSQLite(of: interpreter.interrupt, afterChecks: 10) {
      interpreter.errorMessage(running: "count Tag where name CONTAINS[c] 'none'")
    }
    XCTAssertEqual(message, "Interrupted.")
    interpreter.interrupt.reset()
    XCTAssertEqual(interpreter.errorMessage(running: "count Tag where name == 'scifi'"), "no error")
  }

  func testCtrlCStopsATriggerThatRunsOnAndTheSaveWritesNothing() throws {
    let path = try store(
      """
      CREATE TRIGGER Z_DA_ZSHELF_spin AFTER UPDATE ON ZSHELF BEGIN UPDATE ZTAG SET ZNAME = ZNAME
      WHERE (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000000)
      SELECT count(*) FROM c) < 0; END;
      """)
    let interpreter = try session(path)
    _ = try interpreter.run("update Shelf where name == 'Fiction' set name = 'Novels'")
    let before = try bytes(path)
    let message = pressingCtrlCInsideSQLite(of: interpreter.interrupt) {
      interpreter.errorMessage(running: "save")
    }
    XCTAssertEqual(message, "Interrupted.")
    XCTAssertEqual(try bytes(path), before)
    XCTAssertEqual(
      SQLiteScript.rows("SELECT ZNAME FROM ZSHELF WHERE Z_PK = 1", on: path), [["Fiction"]])
    XCTAssertEqual(interpreter.context.pendingChanges.count, 1, "the change is still pending")
  }
}
