import Foundation
import XCTest

@testable import BowQ

/// Reading a Core Data SQLite store's own description: Z_METADATA, Z_PRIMARYKEY and the model
/// in Z_MODELCACHE, on stores written by Core Data and on damaged copies.
final class CoreDataStoreSchemaTests: XCTestCase {
  private func failure(_ path: String) -> CoreDataStoreError? {
    do {
      _ = try CoreDataStoreSchema.read(path: path)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Books.sqlite: a store with a model cache

  func testBooksStoreNamesItsEntityNumbersAsZ_PRIMARYKEYHoldsThem() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let schema = try CoreDataStoreSchema.read(path: store.path)
    // sqlite3 Books.sqlite 'select * from Z_PRIMARYKEY'
    XCTAssertEqual(
      schema.entityNumbers.map { "\($0.number) \($0.name) \($0.parentNumber) \($0.maximumKey)" },
      [
        "1 Book 0 3", "2 GraphicNovel 1 0", "3 Feedback 0 3", "4 Page 0 119", "5 Writer 0 1",
        "6 Author 5 0", "16001 CHANGE 0 126", "16002 TRANSACTION 0 1",
        "16003 TRANSACTIONSTRING 0 2",
      ])
    XCTAssertEqual(schema.uuid, "4B0F5331-DE87-4D61-9947-8A976CCEB627")
    XCTAssertEqual(schema.version, 1)
    XCTAssertEqual(schema.metadata["NSStoreType"], "SQLite")
    XCTAssertEqual(
      schema.versionHashEntityNames,
      ["Author", "Book", "Feedback", "GraphicNovel", "Page", "Writer"])
  }

  func testBooksStoreModelComesFromItsCache() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let model = try XCTUnwrap(try CoreDataStoreSchema.read(path: store.path).modelCache.model)
    XCTAssertEqual(
      model.entities.map(\.name), ["Author", "Book", "Feedback", "GraphicNovel", "Page", "Writer"])

    let writer = try XCTUnwrap(model[entity: "Writer"])
    XCTAssertTrue(writer.isAbstract)
    XCTAssertNil(writer.parent)
    XCTAssertEqual(writer.subentities, ["Author"])
    XCTAssertEqual(
      writer.attributes,
      [CoreDataAttribute(name: "age", type: .integer16, valueClassName: "NSNumber")])

    let author = try XCTUnwrap(model[entity: "Author"])
    XCTAssertEqual(author.parent, "Writer")
    XCTAssertEqual(author.className, "AuthorV2")
    XCTAssertEqual(author.attributes.map(\.name), ["alias"], "age is inherited from Writer")
    XCTAssertEqual(author.fetchedProperties, ["favFeedbacks", "feedbacks"])
    XCTAssertEqual(
      author.relationships,
      [
        CoreDataRelationship(
          name: "books", destination: "Book", inverse: "author", isToMany: true, isOptional: true,
          maxCount: 0, deleteRule: .cascade)
      ])

    let book = try XCTUnwrap(model[entity: "Book"])
    XCTAssertEqual(book.subentities, ["GraphicNovel"])
    XCTAssertEqual(
      book.attributes.map { "\($0.name) \($0.type.displayName)" },
      [
        "frontCover Transformable", "pagesCount Integer 64", "price Decimal",
        "publishedAt Date", "title String", "uniqueID UUID",
      ])
    let frontCover = try XCTUnwrap(book.attributes.first)
    XCTAssertEqual(frontCover.valueTransformerName, "CoverTransformer")
    let pagesCount = try XCTUnwrap(book.attributes.first { $0.name == "pagesCount" })
    XCTAssertTrue(pagesCount.isDerived)
    XCTAssertTrue(pagesCount.isOptional)
    XCTAssertEqual(
      book.relationships.map {
        "\($0.name) → \($0.destination) inverse \($0.inverse ?? "-") \($0.isToMany ? "to-many" : "to-one")"
      },
      ["author → Author inverse books to-one", "pages → Page inverse book to-many"])
    XCTAssertEqual(book.relationships.last?.maxCount, 10000)

    let novel = try XCTUnwrap(model[entity: "GraphicNovel"])
    XCTAssertEqual(novel.parent, "Book")
    XCTAssertEqual(novel.attributes.map(\.name), ["isBlackAndWhite"])
    XCTAssertEqual(novel.attributes.first?.type, .boolean)
    XCTAssertTrue(novel.relationships.isEmpty)

    let feedback = try XCTUnwrap(model[entity: "Feedback"])
    XCTAssertEqual(
      feedback.attributes.map { "\($0.name) \($0.type.displayName) \($0.isOptional)" },
      [
        "authorAlias String false", "bookID UUID false", "comment String true",
        "rating Double false",
      ])
  }

  func testTransformableValuesAreKeyedArchivesOfTheAppsClasses() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let connection = try SQLiteConnection(readingOnly: store.path)
    // sqlite3 Books.sqlite 'select ZNUMBER, ZCONTENT from ZPAGE where Z_PK = 1': page 19
    let rows = try connection.rows("SELECT ZCONTENT FROM ZPAGE WHERE Z_PK = 1")
    guard case .blob(let content)? = rows.first?.first else { return XCTFail("no blob: \(rows)") }
    let page = try XCTUnwrap(try KeyedArchive.decode(content).root?.objectValue)
    XCTAssertEqual(page.classNames, ["Content", "NSObject"])
    XCTAssertEqual(page["text"], .string("content for page 19"))
    let covers = try connection.rows("SELECT ZFRONTCOVER FROM ZBOOK WHERE Z_PK = 1")
    guard case .blob(let cover)? = covers.first?.first else { return XCTFail("no blob") }
    let book = try XCTUnwrap(try KeyedArchive.decode(cover).root?.objectValue)
    XCTAssertEqual(book.className, "CoreDataPlus_Tests.Cover")
    XCTAssertEqual(book["text"], .string("default cover"))
  }

  func testReadingChangesNothingAndLeavesNoCompanions() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let before = try Data(contentsOf: store)
    _ = try CoreDataStoreSchema.read(path: store.path)
    XCTAssertEqual(try Data(contentsOf: store), before)
    let folder = try FileManager.default.contentsOfDirectory(
      atPath: store.deletingLastPathComponent().path)
    XCTAssertEqual(folder, ["Books.sqlite"])
  }

  func testAPathWithURICharactersOpensTheRightFile() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let odd = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("odd ?#%20 name")
    try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
    let moved = odd.appendingPathComponent("Books?.sqlite")
    try FileManager.default.moveItem(at: store, to: moved)
    XCTAssertEqual(
      try CoreDataStoreSchema.read(path: moved.path).uuid, "4B0F5331-DE87-4D61-9947-8A976CCEB627")
  }

  // MARK: Model1.sqlite: an older store without a model cache

  func testAStoreWithoutAModelCacheSaysSo() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite")
    let schema = try CoreDataStoreSchema.read(path: store.path)
    XCTAssertEqual(schema.modelCache, .absent)
    XCTAssertNil(schema.modelCache.model)
    XCTAssertTrue(schema.modelCache.explanation.contains("no model cache"))
    XCTAssertEqual(
      schema.entityNumbers.map { "\($0.number) \($0.name) \($0.parentNumber) \($0.maximumKey)" },
      ["1 Book 0 12", "2 User 0 3"])
    XCTAssertEqual(schema.uuid, "EB0E13EE-F6AD-47EF-B7B2-FD2FB6A9F894")
  }

  // MARK: Files that are not Core Data stores, and damaged ones

  func testAFileThatIsNotSQLiteIsRefused() throws {
    let plist = GrammarTests.packageRoot.appendingPathComponent("SampleData.plist").path
    XCTAssertEqual(failure(plist)?.kind, .notSQLite)
    XCTAssertEqual(failure("/nonexistent/store.sqlite")?.kind, .unreadable)
  }

  func testASQLiteDatabaseWithoutCoreDataTablesIsRefused() throws {
    let folder = try makeTemporaryFolder("bowq-coredata")
    let path = folder.appendingPathComponent("plain.sqlite").path
    SQLiteScript.run("CREATE TABLE Z_METADATA (Z_VERSION INTEGER)", on: path)
    let error = failure(path)
    XCTAssertEqual(error?.kind, .notCoreData)
    XCTAssertTrue(
      error?.message.contains("no Z_PRIMARYKEY table") ?? false, "\(String(describing: error))")
  }

  func testADamagedModelCacheIsAClearError() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    SQLiteScript.run(
      "UPDATE Z_MODELCACHE SET Z_CONTENT = ?", binding: [Data([1, 2, 3, 4])], on: store.path)
    let error = failure(store.path)
    XCTAssertEqual(error?.kind, .badModelCache)
    XCTAssertTrue(error?.message.contains("Z_MODELCACHE.Z_CONTENT") ?? false)
  }

  func testAModelCacheThatIsNotAModelIsAClearError() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    var w = KeyedArchiveWriter()
    let root = w.object(["NSString", "NSObject"], [("NS.string", "not a model")])
    let cache = Deflater.deflate(w.binary(root: root), raw: true)
    SQLiteScript.run("UPDATE Z_MODELCACHE SET Z_CONTENT = ?", binding: [cache], on: store.path)
    let error = failure(store.path)
    XCTAssertEqual(error?.kind, .badModelCache)
    XCTAssertTrue(
      error?.message.contains("not an NSManagedObjectModel") ?? false,
      "\(String(describing: error))")
  }

  func testAColumnOfTheWrongTypeIsAClearError() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite")
    SQLiteScript.run("UPDATE Z_PRIMARYKEY SET Z_MAX = 'many' WHERE Z_NAME = 'User'", on: store.path)
    let error = failure(store.path)
    XCTAssertEqual(error?.kind, .badTable)
    XCTAssertEqual(error?.message, "Z_PRIMARYKEY row 2 (User): Z_MAX is text, not an integer")
  }

  func testAWriteAheadLogWithoutAHeaderIsIgnoredAsSQLiteIgnoresIt() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite")
    let log = URL(fileURLWithPath: store.path + "-wal")
    try Data([1]).write(to: log)
    let file = try CoreDataStoreFile.open(path: store.path)
    XCTAssertEqual(try file.objectCount(of: "Book"), 4)
    XCTAssertEqual(file.recovery?.logFrames, 0)
    XCTAssertEqual(try Data(contentsOf: log), Data([1]))
  }
}
