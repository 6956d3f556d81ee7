import Foundation
import XCTest

@testable import BowQ

/// Every mapping rule of a Core Data store, on a store built in Core Data's shape: three
/// levels of inheritance, colliding column names, a to-one into a hierarchy, an ordered
/// to-many, a many-to-many, external binary data, Decimal, UUID, dates and Transformable
/// values; and damaged stores, which end in a clear error.
final class CoreDataMappingTests: XCTestCase {
  static let entities: [CoreDataTestStore.Entity] = [
    .init(
      name: "Media", abstract: true,
      attributes: [.init(name: "title", type: 700), .init(name: "added", type: 900)],
      relationships: [
        .init(name: "shelf", destination: "Shelf", inverse: "items"),
        .init(name: "tags", destination: "Tag", inverse: "items", toMany: true),
        .init(name: "loans", destination: "Loan", inverse: "item", toMany: true),
      ]),
    .init(
      name: "Book", parent: "Media",
      attributes: [
        .init(name: "pages", type: 200), .init(name: "price", type: 400),
        .init(name: "id", type: 1100), .init(name: "rating", type: 100),
      ]),
    .init(name: "Comic", parent: "Book", attributes: [.init(name: "colour", type: 800)]),
    .init(name: "Film", parent: "Media", attributes: [.init(name: "rating", type: 500)]),
    .init(
      name: "Shelf", attributes: [.init(name: "name", type: 700)],
      relationships: [
        .init(name: "items", destination: "Media", inverse: "shelf", toMany: true, ordered: true)
      ]),
    .init(
      name: "Tag", attributes: [.init(name: "name", type: 700)],
      relationships: [.init(name: "items", destination: "Media", inverse: "tags", toMany: true)]),
    .init(
      name: "Loan",
      attributes: [
        .init(
          name: "note", type: 1800, transformer: "NSSecureUnarchiveFromData", valueClass: "NSString"
        ),
        .init(name: "cover", type: 1000, external: true),
      ],
      relationships: [.init(name: "item", destination: "Media", inverse: "loans")]),
  ]

  static let externalName = "5A1B2C3D-0000-4000-8000-00000000C0DE"

  static func hex(_ data: Data) -> String {
    "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
  }

  static let tables = """
    CREATE TABLE ZMEDIA (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR,
      ZADDED TIMESTAMP, ZSHELF INTEGER, Z_FOK_SHELF INTEGER, ZPAGES INTEGER, ZPRICE DECIMAL,
      ZID BLOB, ZRATING INTEGER, ZCOLOUR INTEGER, ZRATING1 FLOAT);
    CREATE TABLE ZSHELF (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
    CREATE TABLE ZTAG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
    CREATE TABLE Z_1TAGS (Z_1ITEMS INTEGER, Z_6TAGS INTEGER, PRIMARY KEY (Z_1ITEMS, Z_6TAGS));
    CREATE TABLE ZLOAN (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZITEM INTEGER,
      Z1_ITEM INTEGER, ZNOTE BLOB, ZCOVER BLOB);
    INSERT INTO ZMEDIA VALUES
      (1, 2, 1, 'Dune', 0, 1, 2, 412, 9.99, X'0102030405060708090A0B0C0D0E0F10', 5, NULL, NULL),
      (2, 3, 1, 'Tintin', 86400.5, 1, 1, 62, 12.5, NULL, 4, 1, NULL),
      (3, 4, 1, 'Alien', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 8.5),
      (4, 2, 1, 'Emma', NULL, 2, 1, 300, NULL, NULL, 3, NULL, NULL);
    INSERT INTO ZSHELF VALUES (1, 5, 1, 'Fiction'), (2, 5, 1, 'Classics');
    INSERT INTO ZTAG VALUES (1, 6, 1, 'scifi'), (2, 6, 1, 'kids');
    INSERT INTO Z_1TAGS VALUES (1, 1), (3, 1), (2, 2);
    INSERT INTO ZLOAN VALUES
      (1, 7, 1, 2, 3, \(hex(CoreDataTestStore.archivedString("due Friday"))),
        \(hex(Data([2]) + Data(externalName.utf8) + Data([0])))),
      (2, 7, 1, 3, 4, NULL, X'01616263');
    """

  /// A new store of the test model, with its external data file.
  static func makeStore(for test: XCTestCase, sql: String = tables, cache: Bool = true) throws
    -> String
  {
    let folder = try test.makeTemporaryFolder("bowq-coredata")
    let path = folder.appendingPathComponent("Library.sqlite").path
    try CoreDataTestStore.make(at: path, entities: entities, cache: cache, sql: sql)
    let external = folder.appendingPathComponent(".Library_SUPPORT/_EXTERNAL_DATA")
    try FileManager.default.createDirectory(at: external, withIntermediateDirectories: true)
    try Data("cover art".utf8).write(to: external.appendingPathComponent(externalName))
    return path
  }

  private func open() throws -> ObjectGraph {
    try CoreDataStore.open(path: try Self.makeStore(for: self)).graph
  }

  private func related(_ graph: ObjectGraph, _ id: ObjectID, _ name: String) -> Value? {
    guard let entity = graph.model.entity(named: id.entity),
      let slot = entity.slot(ofRelationship: name)
    else { return nil }
    return graph.table(id.entity).row(for: id.key)?[slot]
  }

  func testRowsGoToTheEntityTheirZ_ENTNames() throws {
    let graph = try open()
    XCTAssertEqual(graph.table("Media").count, 0, "Media is abstract")
    XCTAssertEqual(graph.table("Book").keys, [1, 4])
    XCTAssertEqual(graph.table("Comic").keys, [2])
    XCTAssertEqual(graph.table("Film").keys, [3])
  }

  func testThreeLevelsDeepHoldEveryAncestorsAttributes() throws {
    let graph = try open()
    let comic = ObjectID(entity: "Comic", key: 2)
    XCTAssertEqual(graph.value(of: comic, attribute: "title"), .string("Tintin"))
    XCTAssertEqual(graph.value(of: comic, attribute: "pages"), .int(62))
    XCTAssertEqual(graph.value(of: comic, attribute: "colour"), .bool(true))
    XCTAssertEqual(
      graph.value(of: comic, attribute: "added"),
      .date(Date(timeIntervalSinceReferenceDate: 86400.5)))
  }

  func testCollidingNamesReadTheirNumberedColumns() throws {
    let graph = try open()
    XCTAssertEqual(graph.value(of: ObjectID(entity: "Book", key: 1), attribute: "rating"), .int(5))
    XCTAssertEqual(
      graph.value(of: ObjectID(entity: "Film", key: 3), attribute: "rating"), .double(8.5))
  }

  func testDecimalUUIDAndDates() throws {
    let graph = try open()
    let book = ObjectID(entity: "Book", key: 1)
    XCTAssertEqual(graph.value(of: book, attribute: "price"), .decimal(Decimal(string: "9.99")!))
    XCTAssertEqual(
      graph.value(of: book, attribute: "id"),
      .uuid(UUID(uuidString: "01020304-0506-0708-090A-0B0C0D0E0F10")!))
    XCTAssertEqual(
      graph.value(of: book, attribute: "added"), .date(Date(timeIntervalSinceReferenceDate: 0)))
    XCTAssertEqual(graph.value(of: ObjectID(entity: "Film", key: 3), attribute: "added"), .null)
  }

  func testTransformableOfAStandardClassIsDecoded() throws {
    let graph = try open()
    XCTAssertEqual(graph.model.entity(named: "Loan")?.attribute(named: "note")?.type, .string)
    XCTAssertEqual(
      graph.value(of: ObjectID(entity: "Loan", key: 1), attribute: "note"), .string("due Friday"))
  }

  func testExternalBinaryIsReadFromTheSupportFolderOrTheRow() throws {
    let graph = try open()
    XCTAssertEqual(
      graph.value(of: ObjectID(entity: "Loan", key: 1), attribute: "cover"),
      .data(Data("cover art".utf8)))
    XCTAssertEqual(
      graph.value(of: ObjectID(entity: "Loan", key: 2), attribute: "cover"), .data(Data("abc".utf8))
    )
  }

  func testAToOneIntoAHierarchyPointsAtTheRowsOwnEntity() throws {
    let graph = try open()
    XCTAssertEqual(
      related(graph, ObjectID(entity: "Loan", key: 1), "item"),
      .object(ObjectID(entity: "Comic", key: 2)))
    XCTAssertEqual(
      related(graph, ObjectID(entity: "Loan", key: 2), "item"),
      .object(ObjectID(entity: "Film", key: 3)))
    XCTAssertEqual(
      related(graph, ObjectID(entity: "Comic", key: 2), "loans"),
      .collection([.object(ObjectID(entity: "Loan", key: 1))]))
  }

  func testAnOrderedToManyKeepsItsOrderColumn() throws {
    let graph = try open()
    XCTAssertEqual(
      related(graph, ObjectID(entity: "Shelf", key: 1), "items"),
      .collection([
        .object(ObjectID(entity: "Comic", key: 2)), .object(ObjectID(entity: "Book", key: 1)),
      ]))
  }

  func testAManyToManyReadsItsJoinTableBothWays() throws {
    let graph = try open()
    XCTAssertEqual(
      related(graph, ObjectID(entity: "Tag", key: 1), "items"),
      .collection([
        .object(ObjectID(entity: "Book", key: 1)), .object(ObjectID(entity: "Film", key: 3)),
      ]))
    XCTAssertEqual(
      related(graph, ObjectID(entity: "Comic", key: 2), "tags"),
      .collection([.object(ObjectID(entity: "Tag", key: 2))]))
    XCTAssertEqual(
      related(graph, ObjectID(entity: "Book", key: 4), "tags"), .collection([]))
  }

  func testFetchesOfEachLevelIncludeTheSubEntitiesRows() throws {
    let interpreter = Interpreter(context: Context(graph: try open()), store: .memory)
    // select Z_ENT, count(*) from ZMEDIA group by Z_ENT: 2|2, 3|1, 4|1
    for (entity, count) in [("Media", 4), ("Book", 3), ("Comic", 1), ("Film", 1)] {
      XCTAssertEqual(try interpreter.run("count \(entity)").last, .count(entity: entity, count))
    }
    XCTAssertEqual(
      try interpreter.run("count Media where title BEGINSWITH 'T' OR title == 'Alien'").last,
      .count(entity: "Media", 2))
    XCTAssertEqual(
      try interpreter.run("count Loan where item.title == 'Tintin'").last,
      .count(entity: "Loan", 1))
    XCTAssertEqual(
      try interpreter.run("count Shelf where ANY items.title BEGINSWITH 'D'").last,
      .count(entity: "Shelf", 1))
  }

  // MARK: Damaged stores

  private func failure(_ body: () throws -> Void) -> CoreDataStoreError? {
    do {
      try body()
      return nil
    } catch {
      return error as? CoreDataStoreError
    }
  }

  func testADamagedModelCacheIsAClearError() throws {
    let path = try Self.makeStore(for: self)
    SQLiteScript.run("UPDATE Z_MODELCACHE SET Z_CONTENT = X'00112233445566'", on: path)
    let error = failure { _ = try CoreDataStore.open(path: path) }
    XCTAssertEqual(error?.kind, .badModelCache)
    XCTAssertTrue(
      error?.message.hasPrefix("Z_MODELCACHE.Z_CONTENT is not an archived model") == true,
      "\(String(describing: error))")
  }

  func testAMissingTableIsAClearError() throws {
    let path = try Self.makeStore(for: self)
    SQLiteScript.run("DROP TABLE ZSHELF", on: path)
    let error = failure { _ = try CoreDataStore.open(path: path) }
    XCTAssertEqual(error?.kind, .modelMismatch)
    XCTAssertEqual(
      error?.message,
      "the store has no table ZSHELF for the entity Shelf: the model does not match the store, "
        + "or the store is damaged")
  }

  func testAMissingColumnIsAClearError() throws {
    let path = try Self.makeStore(for: self)
    SQLiteScript.run("ALTER TABLE ZMEDIA DROP COLUMN ZRATING1", on: path)
    let error = failure { _ = try CoreDataStore.open(path: path) }
    XCTAssertEqual(error?.kind, .modelMismatch)
    XCTAssertTrue(
      error?.message.hasPrefix("the table ZMEDIA has no column ZRATING1 for Film.rating") == true)
  }

  func testAValueOfTheWrongTypeIsAClearError() throws {
    let path = try Self.makeStore(for: self)
    SQLiteScript.run("UPDATE ZMEDIA SET ZPAGES = 'many' WHERE Z_PK = 4", on: path)
    let error = failure { _ = try CoreDataStore.open(path: path) }
    XCTAssertEqual(error?.kind, .badValue)
    XCTAssertEqual(
      error?.message,
      "ZMEDIA.ZPAGES of Z_PK 4 holds text, which the Integer 32 attribute pages cannot hold")
  }

  func testAnUnknownEntityNumberIsAClearError() throws {
    let path = try Self.makeStore(for: self)
    SQLiteScript.run("UPDATE ZMEDIA SET Z_ENT = 42 WHERE Z_PK = 3", on: path)
    let error = failure { _ = try CoreDataStore.open(path: path) }
    XCTAssertEqual(
      error?.message,
      "the row Z_PK 3 of ZMEDIA has Z_ENT 42, which is not Media or one of its sub-entities")
  }

  func testAShortUUIDAndAHostileExternalNameAreClearErrors() throws {
    let path = try Self.makeStore(for: self)
    SQLiteScript.run("UPDATE ZMEDIA SET ZID = X'0102' WHERE Z_PK = 1", on: path)
    XCTAssertEqual(
      failure { _ = try CoreDataStore.open(path: path) }?.message,
      "ZMEDIA.ZID of Z_PK 1 holds 2 bytes; a UUID is stored as 16")
    let other = try Self.makeStore(for: self)
    SQLiteScript.run(
      "UPDATE ZLOAN SET ZCOVER = \(Self.hex(Data([2]) + Data("../../etc/passwd".utf8))) WHERE Z_PK = 1",
      on: other)
    XCTAssertEqual(
      failure { _ = try CoreDataStore.open(path: other) }?.message,
      "ZLOAN.ZCOVER of Z_PK 1 names the external file \"../../etc/passwd\", which is not a UUID")
  }

  func testADanglingToOneReadsAsNilWithANote() throws {
    let path = try Self.makeStore(for: self)
    SQLiteScript.run("UPDATE ZLOAN SET ZITEM = 99 WHERE Z_PK = 2", on: path)
    let store = try CoreDataStore.open(path: path)
    XCTAssertEqual(related(store.graph, ObjectID(entity: "Loan", key: 2), "item"), .null)
    XCTAssertTrue(store.notes.contains { $0.hasPrefix("Loan.item: some rows point to objects") })
  }

  func testTheStatementThatReadsTheRowsCarriesTheReadingsNotes() throws {
    let path = try Self.makeStore(for: self)
    SQLiteScript.run("UPDATE ZLOAN SET ZITEM = 99 WHERE Z_PK = 2", on: path)
    let interpreter = try CoreDataPushdownAgreementTests.pushed(path)
    _ = try interpreter.run("count Loan")
    XCTAssertEqual(interpreter.notes, [], "a count run in SQLite reads no rows")
    _ = try interpreter.run("show Loan/p2")
    XCTAssertTrue(
      interpreter.notes.contains {
        $0.kind == .note && $0.message.hasPrefix("Loan.item: some rows point to objects")
      }, "\(interpreter.notes)")
    _ = try interpreter.run("show Loan/p2")
    XCTAssertEqual(interpreter.notes, [], "the rows are read once")
  }
}
