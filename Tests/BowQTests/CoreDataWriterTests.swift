import Foundation
import XCTest

@testable import BowQ

/// Saving back into a Core Data store (`--write-core-data`): each value written as the
/// reader reads it, inserts, updates and deletes reopened by bowq, the invariants of the
/// real stores checked with raw SQL, and every failure (a merge conflict, Ctrl-C, a
/// read-only file, saving without the option) leaving the file as it was.
final class CoreDataWriterTests: XCTestCase {
  override func tearDown() {
    Interrupt.reset()
    super.tearDown()
  }

  /// A session on the Core Data store at `path`, its rows left in the file until needed.
  private func session(_ path: String, writes: Bool = true) throws -> Interpreter {
    .coreData(
      try CoreDataStoreFile.open(path: path), at: path, writes: writes,
      clock: { Date(timeIntervalSinceReferenceDate: 700_000_000.25) })
  }

  /// The rows `text` returns on the database at `path`, each cell as text.
  private func sql(_ text: String, _ path: String) -> [[String]] {
    SQLiteScript.rows(text, on: path)
  }

  private func row(_ graph: ObjectGraph, _ id: ObjectID) throws -> [String: Value] {
    let entity = try XCTUnwrap(graph.model.entity(named: id.entity))
    let row = try XCTUnwrap(graph.table(id.entity).row(for: id.key), "\(id) is missing")
    return Dictionary(uniqueKeysWithValues: zip(entity.propertyNames, row))
  }

  private func objects(_ ids: (String, Int64)...) -> Value {
    .collection(ids.map { .object(ObjectID(entity: $0.0, key: $0.1)) })
  }

  /// Every invariant the real stores show: each table's keys at most its root's `Z_MAX`,
  /// every to-one and join-table key naming a row of the right entity, `Z_OPT` set, and
  /// SQLite's integrity check.
  private func assertInvariants(
    _ path: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(sql("PRAGMA integrity_check", path), [["ok"]], file: file, line: line)
    for (table, root) in [("ZMEDIA", 1), ("ZSHELF", 5), ("ZTAG", 6), ("ZLOAN", 7)] {
      XCTAssertEqual(
        sql(
          "SELECT COUNT(*) FROM \(table) WHERE Z_PK > (SELECT Z_MAX FROM Z_PRIMARYKEY "
            + "WHERE Z_ENT = \(root)) OR Z_OPT IS NULL OR Z_OPT < 1", path), [["0"]],
        "\(table): a key past Z_MAX, or no Z_OPT", file: file, line: line)
    }
    let orphans = [
      "SELECT COUNT(*) FROM ZMEDIA WHERE ZSHELF IS NOT NULL AND ZSHELF NOT IN (SELECT Z_PK FROM ZSHELF)",
      "SELECT COUNT(*) FROM ZLOAN WHERE ZITEM IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ZMEDIA m "
        + "WHERE m.Z_PK = ZLOAN.ZITEM AND m.Z_ENT = ZLOAN.Z1_ITEM)",
      "SELECT COUNT(*) FROM Z_1TAGS WHERE Z_1ITEMS NOT IN (SELECT Z_PK FROM ZMEDIA) "
        + "OR Z_6TAGS NOT IN (SELECT Z_PK FROM ZTAG)",
      "SELECT COUNT(*) FROM ZMEDIA WHERE Z_ENT NOT IN (2, 3, 4)",
    ]
    for orphan in orphans {
      XCTAssertEqual(sql(orphan, path), [["0"]], orphan, file: file, line: line)
    }
  }

  func testEachValueIsWrittenAsTheReaderReadsIt() throws {
    let folder = try makeTemporaryFolder("bowq-coredata")
    let reader = CoreDataValueReader(storePath: folder.appendingPathComponent("A.sqlite").path)
    let uuid = try XCTUnwrap(UUID(uuidString: "0102030A-0506-0708-090A-0B0C0D0E0F10"))
    let opaque = try XCTUnwrap(ValueTransformerName(rawValue: "CoverTransformer"))
    func attribute(_ type: AttributeType, external: Bool = false) -> Attribute {
      var attribute = Attribute(name: "a", type: type, isOptional: true)
      attribute.allowsExternalStorage = external
      return attribute
    }
    let cases: [(Attribute, Value, SQLiteConnection.Cell)] = [
      (attribute(.int16), .int(-32_768), .integer(-32_768)),
      (attribute(.int32), .int(2_147_483_647), .integer(2_147_483_647)),
      (attribute(.int64), .int(.min), .integer(.min)),
      (attribute(.bool), .bool(true), .integer(1)),
      (attribute(.bool), .bool(false), .integer(0)),
      (attribute(.double), .double(-0.1), .real(-0.1)),
      (attribute(.float), .double(1.5), .real(1.5)),
      (attribute(.decimal), .decimal(Decimal(string: "12.5")!), .real(12.5)),
      (attribute(.string), .string("Zoë 🎀"), .text("Zoë 🎀")),
      (
        attribute(.uri), .uri(URI("https://example.com/a?b=1")!), .text("https://example.com/a?b=1")
      ),
      (
        attribute(.date), .date(Date(timeIntervalSinceReferenceDate: 86_400.5)),
        .real(86_400.5)
      ),
      (
        attribute(.uuid), .uuid(uuid),
        .blob(Data([1, 2, 3, 10, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]))
      ),
      (attribute(.binary), .data(Data([0, 255, 7])), .blob(Data([0, 255, 7]))),
      (attribute(.binary, external: true), .data(Data("abc".utf8)), .blob(Data([1, 97, 98, 99]))),
      (attribute(.transformable(opaque)), .data(Data([9, 8, 7])), .blob(Data([9, 8, 7]))),
      (attribute(.string), .null, .null),
    ]
    for (attribute, value, cell) in cases {
      let written = try reader.cell(for: value, attribute, archived: false, place: "T.C")
      XCTAssertEqual(written, cell, "\(attribute.type)")
      XCTAssertEqual(
        try reader.value(written, attribute, archived: false, place: "T.C"), value,
        "\(attribute.type)")
    }
    let archivedCases: [(AttributeType, Value)] = [
      (.string, .string("due Friday")), (.double, .double(2.5)), (.int64, .int(-7)),
      (.bool, .bool(true)), (.date, .date(Date(timeIntervalSinceReferenceDate: -1.5))),
      (.uri, .uri(URI("https://example.com/x")!)), (.binary, .data(Data([1, 2]))),
      (.uuid, .uuid(uuid)),
    ]
    for (type, value) in archivedCases {
      let written = try reader.cell(for: value, attribute(type), archived: true, place: "T.C")
      guard case .blob(let archive) = written else { return XCTFail("\(type): \(written)") }
      XCTAssertNoThrow(try KeyedArchive.decode(archive), "\(type)")
      XCTAssertEqual(
        try reader.value(written, attribute(type), archived: true, place: "T.C"), value, "\(type)")
    }
    let refused: [(AttributeType, Value)] = [
      (.string, .color(Color(red: 1, green: 0, blue: 0)))
    ]
    for (type, value) in refused {
      XCTAssertThrowsError(
        try reader.cell(for: value, attribute(type), archived: true, place: "ZLOAN.ZNOTE")
      ) { error in
        XCTAssertEqual((error as? CoreDataStoreError)?.kind, .notWritable)
        XCTAssertTrue("\(error)".contains("ZLOAN.ZNOTE"), "\(error)")
      }
    }
  }

  func testInsertsUpdatesAndDeletesReopenWithEveryValueAndRelationship() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let interpreter = try session(path)
    _ = try interpreter.run(
      """
      insert Comic title = "Asterix", added = now(), pages = 48, price = 7.5, rating = 2, colour = YES
      fetch Comic where title == "Asterix"
      set shelf = Shelf where name == "Classics"
      fetch Media where title == "Asterix"
      set tags += Tag where name == "kids"
      update Book where title == "Dune" set pages = 413
      update Film set rating = 9.25
      update Loan where note == "due Friday" set cover = nil, note = "due Monday"
      delete Book where title == "Emma"
      save
      """)
    let asterix = ObjectID(entity: "Comic", key: 101)
    XCTAssertNotNil(interpreter.context.graph.table("Comic").row(for: 101), "the key is its Z_PK")
    XCTAssertFalse(interpreter.context.hasChanges)

    let graph = try CoreDataStore.open(path: path).graph
    let comic = try row(graph, asterix)
    XCTAssertEqual(comic["title"], .string("Asterix"))
    XCTAssertEqual(comic["added"], .date(Date(timeIntervalSinceReferenceDate: 700_000_000.25)))
    XCTAssertEqual(comic["pages"], .int(48))
    XCTAssertEqual(comic["price"], .decimal(Decimal(string: "7.5")!))
    XCTAssertEqual(comic["rating"], .int(2))
    XCTAssertEqual(comic["colour"], .bool(true))
    XCTAssertEqual(comic["shelf"], .object(ObjectID(entity: "Shelf", key: 2)))
    XCTAssertEqual(comic["tags"], objects(("Tag", 2)))
    XCTAssertEqual(try row(graph, ObjectID(entity: "Book", key: 1))["pages"], .int(413))
    XCTAssertEqual(try row(graph, ObjectID(entity: "Film", key: 3))["rating"], .double(9.25))
    XCTAssertEqual(try row(graph, ObjectID(entity: "Loan", key: 1))["cover"], .null)
    XCTAssertEqual(
      try row(graph, ObjectID(entity: "Loan", key: 1))["note"], .string("due Monday"),
      "a Transformable of a standard class is archived as Foundation archives it")
    XCTAssertNil(graph.table("Book").row(for: 4), "Emma is deleted")
    XCTAssertEqual(
      try row(graph, ObjectID(entity: "Shelf", key: 2))["items"], objects(("Comic", 101)),
      "Emma left the shelf; Asterix is on it")
    XCTAssertEqual(
      try row(graph, ObjectID(entity: "Tag", key: 2))["items"],
      objects(("Comic", 2), ("Comic", 101)), "the join table reads both ways")

    XCTAssertEqual(
      sql("SELECT Z_PK, Z_ENT, Z_OPT, ZSHELF, Z_FOK_SHELF FROM ZMEDIA ORDER BY Z_PK", path),
      [
        ["1", "2", "2", "1", "2"], ["2", "3", "1", "1", "1"], ["3", "4", "2", "NULL", "NULL"],
        ["101", "3", "1", "2", "1"],
      ], "Z_OPT raised only on the changed rows, 1 on the new one")
    XCTAssertEqual(
      sql("SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 1", path), [["1", "101"]])
    XCTAssertEqual(
      sql("SELECT Z_1ITEMS, Z_6TAGS FROM Z_1TAGS ORDER BY 1, 2", path),
      [["1", "1"], ["2", "2"], ["3", "1"], ["101", "2"]], "one row a pair")
    XCTAssertEqual(sql("SELECT Z_OPT, ZCOVER FROM ZLOAN WHERE Z_PK = 1", path), [["2", "NULL"]])
    assertInvariants(path)
  }

  func testBothSidesOfAOneToOneAreWritten() throws {
    let entities: [CoreDataTestStore.Entity] = [
      .init(
        name: "Person", attributes: [.init(name: "name", type: 700)],
        relationships: [.init(name: "passport", destination: "Passport", inverse: "owner")]),
      .init(
        name: "Passport", attributes: [.init(name: "number", type: 700)],
        relationships: [.init(name: "owner", destination: "Person", inverse: "passport")]),
    ]
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("People.sqlite").path
    try CoreDataTestStore.make(
      at: path, entities: entities,
      sql: """
        CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZNAME VARCHAR, ZPASSPORT INTEGER);
        CREATE TABLE ZPASSPORT (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZNUMBER VARCHAR, ZOWNER INTEGER);
        INSERT INTO ZPERSON VALUES (1, 1, 1, 'Ann', NULL);
        """)
    let interpreter = try session(path)
    _ = try interpreter.run(
      """
      insert Passport number = "X1"
      update Passport set owner = Person where name == "Ann"
      save
      """)
    XCTAssertEqual(sql("SELECT Z_PK, Z_OPT, ZPASSPORT FROM ZPERSON", path), [["1", "2", "101"]])
    XCTAssertEqual(sql("SELECT Z_PK, Z_OPT, ZOWNER FROM ZPASSPORT", path), [["101", "1", "1"]])
    let graph = try CoreDataStore.open(path: path).graph
    XCTAssertEqual(
      try row(graph, ObjectID(entity: "Person", key: 1))["passport"],
      .object(ObjectID(entity: "Passport", key: 101)))
    XCTAssertEqual(
      try row(graph, ObjectID(entity: "Passport", key: 101))["owner"],
      .object(ObjectID(entity: "Person", key: 1)))
  }

  func testAStandardValueOfTheAppsOwnTransformerIsNotWritten() throws {
    let entities: [CoreDataTestStore.Entity] = [
      .init(
        name: "Note",
        attributes: [
          .init(name: "text", type: 1800, transformer: "NoteTransformer", valueClass: "NSString")
        ])
    ]
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Notes.sqlite").path
    try CoreDataTestStore.make(
      at: path, entities: entities,
      sql: "CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTEXT BLOB)"
    )
    let interpreter = try session(path)
    _ = try interpreter.run("insert Note text = \"hello\"")
    let message = interpreter.errorMessage(running: "save")
    XCTAssertTrue(message.contains("the app's value transformer NoteTransformer"), message)
    XCTAssertEqual(sql("SELECT COUNT(*) FROM ZNOTE", path), [["0"]])
  }

  func testAnOrderedManyToManyKeepsItsOrderInTheJoinTable() throws {
    let entities: [CoreDataTestStore.Entity] = [
      .init(
        name: "Playlist", attributes: [.init(name: "name", type: 700)],
        relationships: [
          .init(
            name: "songs", destination: "Song", inverse: "playlists", toMany: true, ordered: true)
        ]),
      .init(
        name: "Song", attributes: [.init(name: "title", type: 700)],
        relationships: [
          .init(name: "playlists", destination: "Playlist", inverse: "songs", toMany: true)
        ]),
    ]
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Music.sqlite").path
    try CoreDataTestStore.make(
      at: path, entities: entities,
      sql: """
        CREATE TABLE ZPLAYLIST (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
        CREATE TABLE ZSONG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR);
        CREATE TABLE Z_1SONGS (Z_1PLAYLISTS INTEGER, Z_2SONGS INTEGER, Z_FOK_2SONGS INTEGER,
          PRIMARY KEY (Z_1PLAYLISTS, Z_2SONGS));
        INSERT INTO ZSONG VALUES (1, 2, 1, 'A'), (2, 2, 1, 'B'), (3, 2, 1, 'C');
        INSERT INTO ZPLAYLIST VALUES (1, 1, 1, 'Old');
        INSERT INTO Z_1SONGS VALUES (1, 3, 1), (1, 1, 2);
        """)
    let interpreter = try session(path)
    _ = try interpreter.run(
      """
      insert Playlist name = "New"
      fetch Playlist where name == "New"
      set songs += Song where title == "B"
      set songs += Song where title == "A"
      fetch Playlist where name == "Old"
      set songs -= Song where title == "C"
      save
      """)
    XCTAssertEqual(
      sql("SELECT Z_1PLAYLISTS, Z_2SONGS, Z_FOK_2SONGS FROM Z_1SONGS ORDER BY 1, 3", path),
      [["1", "1", "1"], ["101", "2", "1"], ["101", "1", "2"]])
    let graph = try CoreDataStore.open(path: path).graph
    XCTAssertEqual(
      try row(graph, ObjectID(entity: "Playlist", key: 101))["songs"],
      objects(("Song", 2), ("Song", 1)))
    XCTAssertEqual(
      try row(graph, ObjectID(entity: "Song", key: 1))["playlists"],
      objects(("Playlist", 1), ("Playlist", 101)))
    XCTAssertEqual(try row(graph, ObjectID(entity: "Song", key: 3))["playlists"], .collection([]))
  }

  func testAManyToManyEditedFromEitherSideStaysSymmetric() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let interpreter = try session(path)
    _ = try interpreter.run(
      """
      fetch Tag where name == "scifi"
      set items += Media where title == "Emma"
      fetch Media where title == "Dune"
      set tags += Tag where name == "kids"
      save
      delete Tag where name == "scifi"
      save
      """)
    XCTAssertEqual(
      sql("SELECT Z_1ITEMS, Z_6TAGS FROM Z_1TAGS ORDER BY 1, 2", path),
      [["1", "2"], ["2", "2"]])
    let graph = try CoreDataStore.open(path: path).graph
    XCTAssertEqual(try row(graph, ObjectID(entity: "Book", key: 4))["tags"], .collection([]))
    XCTAssertEqual(try row(graph, ObjectID(entity: "Book", key: 1))["tags"], objects(("Tag", 2)))
    assertInvariants(path)
  }

  func testARowChangedUnderneathIsAMergeConflictAndNothingIsWritten() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let interpreter = try session(path)
    _ = try interpreter.run(
      "update Book where title == \"Dune\" set pages = 1; insert Shelf name = \"New\"")
    SQLiteScript.run("UPDATE ZMEDIA SET Z_OPT = Z_OPT + 1, ZPAGES = 999 WHERE Z_PK = 1", on: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let message = interpreter.errorMessage(running: "save")
    XCTAssertTrue(message.contains("Core Data error 133020 NSManagedObjectMergeError"), message)
    XCTAssertTrue(message.contains("Book/p1"), message)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    XCTAssertTrue(interpreter.context.hasChanges, "the changes stay pending")
  }

  func testKeysHandedOutUnderneathAreAMergeConflict() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let interpreter = try session(path)
    _ = try interpreter.run("insert Shelf name = \"New\"")
    SQLiteScript.run(
      "INSERT INTO ZSHELF VALUES (101, 5, 1, 'Theirs'); UPDATE Z_PRIMARYKEY SET Z_MAX = 101 "
        + "WHERE Z_ENT = 5", on: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let message = interpreter.errorMessage(running: "save")
    XCTAssertTrue(message.contains("133020"), message)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
  }

  func testAnInterruptedSaveWritesNothing() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let interpreter = try session(path)
    _ = try interpreter.run("update Book set pages = 1; insert Shelf name = \"New\"")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let source = try XCTUnwrap(interpreter.coreDataSource)
    let writer = CoreDataWriter(
      file: source.file, committed: interpreter.context.committed,
      graph: interpreter.context.graph)
    var versions = source.versions
    Interrupt.request()
    XCTAssertThrowsError(try writer.save(interpreter.context.pendingChanges, versions: &versions)) {
      XCTAssertEqual(($0 as? CoreDataStoreError)?.kind, .interrupted)
    }
    Interrupt.reset()
    XCTAssertEqual(versions, source.versions)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    _ = try interpreter.run("save")
    XCTAssertEqual(sql("SELECT ZPAGES FROM ZMEDIA WHERE Z_PK = 1", path), [["1"]])
  }

  func testAReadOnlyFileIsAClearError() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let interpreter = try session(path)
    _ = try interpreter.run("update Book set pages = 1")
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let message = interpreter.errorMessage(running: "save")
    XCTAssertTrue(message.contains("cannot be written: the file is read-only"), message)
    XCTAssertTrue(message.contains("nothing was written"), message)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
  }

  func testWithoutTheOptionSaveRefusesNamingItAndTouchesNothing() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let interpreter = try session(path, writes: false)
    _ = try interpreter.run("update Book set pages = 1")
    let message = interpreter.errorMessage(running: "save")
    XCTAssertTrue(message.contains("--write-core-data"), message)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), listing)
  }

  func testWithoutTheOptionTheFirstEditSaysOnceHowToKeepTheEdits() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let note =
      "this store was opened without --write-core-data: edits stay in this session; `export` "
      + "keeps them, or reopen with --write-core-data to save"
    let interpreter = try session(path, writes: false)
    XCTAssertEqual(interpreter.keepingStatement, "export")
    _ = try interpreter.run("count Book; fetch Book")
    XCTAssertEqual(interpreter.notes.map(\.message), [], "reading says nothing")
    _ = try interpreter.run("update Book set pages = 1")
    XCTAssertEqual(interpreter.notes.map(\.message), [note])
    XCTAssertEqual(interpreter.notes.map(\.kind), [.note])
    _ = try interpreter.run("update Book set pages = 2")
    XCTAssertEqual(interpreter.notes.map(\.message), [], "said once per session")

    let writing = try session(path)
    XCTAssertEqual(writing.keepingStatement, "save")
    _ = try writing.run("update Book set pages = 1")
    XCTAssertEqual(writing.notes.map(\.message), [])
  }

  func testASaveBeforeAnyEditReadsNoRowAndWritesNothing() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let interpreter = try session(path)
    XCTAssertEqual(try interpreter.run("save"), [.report(.saved(changes: 0))])
    XCTAssertNotNil(interpreter.coreDataFile, "the rows are still in the file")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    let refusing = try session(path, writes: false)
    XCTAssertTrue(refusing.errorMessage(running: "save").contains("--write-core-data"))
  }

  func testANewEntityIsNotWrittenIntoTheAppsModel() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let interpreter = try session(path)
    _ = try interpreter.run("entity Note { text: String? }")
    let message = interpreter.errorMessage(running: "save")
    XCTAssertTrue(message.contains("the entity Note was defined in this session"), message)
  }

  func testDerivedValuesTheStoreChangedShowRightAfterTheSave() throws {
    let path = try copyCoreDataFixture("Books/Books.sqlite").path
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let interpreter = try session(path)
    _ = try interpreter.run(
      """
      fetch Page where number == 99
      set book = GraphicNovel where title != nil
      save
      """)
    XCTAssertFalse(interpreter.context.hasChanges, "the refreshed values are not changes")
    guard case .objects(let result)? = try interpreter.run("fetch Book sort by title").last else {
      return XCTFail("no objects")
    }
    let pagesCount = try XCTUnwrap(result.columns.firstIndex { $0.name == "pagesCount" })
    XCTAssertEqual(
      result.rows.map { $0[pagesCount] }, [.int(98), .int(1), .int(20)],
      "as the file holds them: \(sql("SELECT Z_PK, ZPAGESCOUNT FROM ZBOOK", path))")
    let saved = try CoreDataStore.open(path: path).graph
    for id in result.ids {
      XCTAssertEqual(
        saved.value(of: id, attribute: "pagesCount"),
        interpreter.context.graph.value(of: id, attribute: "pagesCount"), "\(id)")
    }
    _ = try interpreter.run(#"update Book where title == "title 1 - author 1" set price = 3"#)
    _ = try interpreter.run("save")
    XCTAssertEqual(
      sql("SELECT ZPAGESCOUNT FROM ZBOOK WHERE Z_PK = 2", path), [["98"]],
      "a later save of the book keeps the count the triggers made")
  }

  func testTheRealBooksStoreTakesAPageIntoAGraphicNovelAFeedbackAndARating() throws {
    let path = try copyCoreDataFixture("Books/Books.sqlite").path
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let interpreter = try session(path)
    _ = try interpreter.run(
      """
      update Feedback where comment == "great novel" set rating = 1
      insert Feedback authorAlias = "Zoe", comment = "new", rating = 5, bookID = CAST("0102030A-0506-0708-090A-0B0C0D0E0F10", "NSUUID")
      fetch Page where number == 99
      set book = GraphicNovel where title != nil
      save
      """)
    XCTAssertEqual(sql("PRAGMA integrity_check", path), [["ok"]])
    // Page 13 (number 99) moves from book 2 (a Book, Z_ENT 1) into the GraphicNovel 3
    // (Z_ENT 2); the store's own triggers move the derived pagesCount with it.
    XCTAssertEqual(
      sql("SELECT Z_PK, Z_ENT, Z_OPT, ZBOOK, Z1_BOOK FROM ZPAGE WHERE ZNUMBER = 99", path),
      [["13", "4", "2", "3", "2"]])
    XCTAssertEqual(
      sql("SELECT Z_PK, ZPAGESCOUNT FROM ZBOOK ORDER BY Z_PK", path),
      [["1", "1"], ["2", "98"], ["3", "20"]])
    XCTAssertEqual(
      sql("SELECT Z_PK, Z_ENT, Z_OPT, ZRATING FROM ZFEEDBACK WHERE Z_PK > 2", path),
      [["3", "3", "2", "1.0"], ["4", "3", "1", "5.0"]])
    XCTAssertEqual(
      sql("SELECT ZBOOKID FROM ZFEEDBACK WHERE Z_PK = 4", path),
      [["0102030A05060708090A0B0C0D0E0F10"]], "a UUID is 16 bytes")
    XCTAssertEqual(
      sql("SELECT Z_ENT, Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT IN (3, 4)", path),
      [["3", "4"], ["4", "119"]])
    XCTAssertEqual(
      sql("SELECT COUNT(*) FROM ZPAGE WHERE ZBOOK NOT IN (SELECT Z_PK FROM ZBOOK)", path), [["0"]])
    let log = (try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data()
    XCTAssertTrue(log.isEmpty, "the write-ahead log is folded into the file")
    let reopened = try session(path, writes: false)
    guard
      case .count(_, let n) = try XCTUnwrap(reopened.run("count Page where book.title != nil").last)
    else { return XCTFail("not a count") }
    XCTAssertEqual(n, 119)
  }
}
