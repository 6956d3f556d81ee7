import Foundation
import XCTest

@testable import BowQ

/// Reading the rows of Core Data stores written by Core Data into bowq's object graph; the
/// answers come from sqlite3 on the raw tables.
final class CoreDataStoreReadingTests: XCTestCase {
  func testCtrlCStopsTheReadingOfAStore() throws {
    let path = try copyCoreDataFixture("Books/Books.sqlite").path
    Interrupt.request()
    defer { Interrupt.reset() }
    XCTAssertThrowsError(try CoreDataStore.open(path: path)) { error in
      XCTAssertEqual((error as? CoreDataStoreError)?.kind, .interrupted, "\(error)")
    }
  }

  func testBooksStoreReadsEveryRowUnderItsOwnEntity() throws {
    let store = try CoreDataStore.open(path: try copyCoreDataFixture("Books/Books.sqlite").path)
    let graph = store.graph
    // sqlite3 Books.sqlite 'select Z_ENT, count(*) from ZBOOK group by Z_ENT': 1|2, 2|1
    XCTAssertEqual(graph.table("Book").keys, [1, 2])
    XCTAssertEqual(graph.table("GraphicNovel").keys, [3])
    // select count(*) from ZPAGE: 119; ZWRITER holds one Author; ZFEEDBACK three rows
    XCTAssertEqual(graph.table("Page").count, 119)
    XCTAssertEqual(graph.table("Author").keys, [1])
    XCTAssertEqual(graph.table("Writer").count, 0)
    XCTAssertEqual(graph.table("Feedback").count, 3)
  }

  func testBooksStoreValuesAreDecodedAsCoreDataEncodesThem() throws {
    let store = try CoreDataStore.open(path: try copyCoreDataFixture("Books/Books.sqlite").path)
    let graph = store.graph
    let book = ObjectID(entity: "Book", key: 2)
    // select ZTITLE, ZPRICE, ZPUBLISHEDAT, hex(ZUNIQUEID) from ZBOOK where Z_PK = 2
    XCTAssertEqual(graph.value(of: book, attribute: "title"), .string("title 1 - author 1"))
    XCTAssertEqual(graph.value(of: book, attribute: "price"), .decimal(Decimal(string: "10.11")!))
    XCTAssertEqual(
      graph.value(of: book, attribute: "publishedAt"),
      .date(Date(timeIntervalSinceReferenceDate: 737057651.661061)))
    XCTAssertEqual(
      graph.value(of: book, attribute: "uniqueID"),
      .uuid(UUID(uuidString: "AE289A08-EC9E-49D5-A96B-CBDFD53D451F")!))
    XCTAssertEqual(graph.value(of: book, attribute: "pagesCount"), .int(99))
    guard case .data(let cover)? = graph.value(of: book, attribute: "frontCover") else {
      return XCTFail("the cover of an app's own class stays binary")
    }
    XCTAssertEqual(cover.count, 277)
    let novel = ObjectID(entity: "GraphicNovel", key: 3)
    XCTAssertEqual(graph.value(of: novel, attribute: "isBlackAndWhite"), .bool(true))
    XCTAssertEqual(
      graph.value(of: novel, attribute: "title"), .string("title graphic novel - author 1"),
      "a sub-entity holds its parent's attributes")
    XCTAssertEqual(
      graph.value(of: ObjectID(entity: "Author", key: 1), attribute: "alias"),
      .string("Alessandro"))
    XCTAssertEqual(
      graph.value(of: ObjectID(entity: "Feedback", key: 1), attribute: "rating"), .double(3.5))
  }

  func testBooksStoreRelationshipsFollowTheirKeysAndEntityColumns() throws {
    let store = try CoreDataStore.open(path: try copyCoreDataFixture("Books/Books.sqlite").path)
    let graph = store.graph
    let model = graph.model
    func slot(_ entity: String, _ relationship: String) throws -> Int {
      try XCTUnwrap(model.entity(named: entity)?.slot(ofRelationship: relationship))
    }
    // select ZBOOK, Z1_BOOK from ZPAGE where Z_PK = 1: 3|2, page 1 → GraphicNovel 3
    let page = try XCTUnwrap(graph.table("Page").row(for: 1))
    XCTAssertEqual(
      page[try slot("Page", "book")], .object(ObjectID(entity: "GraphicNovel", key: 3)))
    // select count(*) from ZPAGE where ZBOOK = 2: 99, the pages of book 2
    let book = try XCTUnwrap(graph.table("Book").row(for: 2))
    guard case .collection(let pages) = book[try slot("Book", "pages")] else {
      return XCTFail("pages is a to-many")
    }
    XCTAssertEqual(pages.count, 99)
    XCTAssertEqual(book[try slot("Book", "author")], .object(ObjectID(entity: "Author", key: 1)))
    let author = try XCTUnwrap(graph.table("Author").row(for: 1))
    XCTAssertEqual(
      author[try slot("Author", "books")],
      .collection([
        .object(ObjectID(entity: "Book", key: 1)), .object(ObjectID(entity: "Book", key: 2)),
        .object(ObjectID(entity: "GraphicNovel", key: 3)),
      ]))
  }

  func testObjectsShowAsCoreDataURIs() throws {
    let store = try CoreDataStore.open(path: try copyCoreDataFixture("Books/Books.sqlite").path)
    XCTAssertEqual(
      store.uri(of: ObjectID(entity: "GraphicNovel", key: 3)),
      "x-coredata://4B0F5331-DE87-4D61-9947-8A976CCEB627/GraphicNovel/p3")
  }

  func testFetchedPropertiesAreNotedAndTheHierarchyKept() throws {
    let store = try CoreDataStore.open(path: try copyCoreDataFixture("Books/Books.sqlite").path)
    XCTAssertTrue(
      store.notes.contains { $0.hasPrefix("Author.feedbacks: fetched property left out") },
      "\(store.notes)")
    XCTAssertEqual(store.graph.model.entity(named: "GraphicNovel")?.parent, "Book")
    XCTAssertEqual(store.graph.model.entity(named: "Writer")?.isAbstract, true)
  }

  func testAStoreWithoutAModelIsReadWithGuessedEntities() throws {
    let store = try CoreDataStore.open(
      path: try copyCoreDataFixture("BookMigration/Model1.sqlite").path)
    XCTAssertEqual(store.graph.model.entities.map(\.name), ["Book", "User"])
    XCTAssertEqual(
      store.graph.model.entity(named: "Book")?.attributes.map { "\($0.name) \($0.type.name)" },
      ["user Int64", "authorname String", "title String", "fileurl Binary"])
    XCTAssertTrue(store.notes.first?.contains("guessed") == true)
  }

  func testAStoreWithoutACacheReadsWithTheAppsXcodeModel() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite")
    let bundle = CoreDataFixtures.folder
      .appendingPathComponent("BookMigration/Model.xcdatamodeld").path
    let opened = try CoreDataStore.open(path: store.path, model: try CoreDataModel.read(at: bundle))
    let graph = opened.graph
    // sqlite3 Model1.sqlite 'select Z_PK, ZTITLE, ZUSER from ZBOOK': 9…12, all of user 3
    XCTAssertEqual(graph.table("Book").keys, [9, 10, 11, 12])
    XCTAssertEqual(graph.table("User").keys, [1, 2, 3])
    XCTAssertEqual(
      graph.value(of: ObjectID(entity: "Book", key: 11), attribute: "title"),
      .string("Metamorphosis"))
    let user = try XCTUnwrap(graph.model.entity(named: "User"))
    let books = try XCTUnwrap(user.slot(ofRelationship: "books"))
    XCTAssertEqual(
      graph.table("User").row(for: 3)?[books],
      .collection((9...12).map { .object(ObjectID(entity: "Book", key: $0)) }))
    XCTAssertEqual(graph.table("User").row(for: 1)?[books], .collection([]))
  }

  func testAModelOfOtherEntitiesIsAClearError() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite")
    let mom = CoreDataFixtures.folder.appendingPathComponent("Users/Users.mom").path
    XCTAssertThrowsError(
      try CoreDataStore.open(path: store.path, model: try CoreDataModel.read(at: mom))
    ) { error in
      XCTAssertEqual(
        (error as? CoreDataStoreError)?.message,
        "the model's entity Pet is not in the store (Z_PRIMARYKEY has no row for it): the model "
          + "does not match the store")
    }
  }
}
