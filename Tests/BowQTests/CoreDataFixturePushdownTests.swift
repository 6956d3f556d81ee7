import Foundation
import XCTest

@testable import BowQ

/// The stores Core Data wrote (``CoreDataFixtures``) answer alike in SQLite and in memory:
/// each predicate of the apps' kinds — Decimals, UUIDs, Transformables, inheritance, to-ones
/// into a hierarchy, to-manys — as a count and as fetches, with the rows left in the file and
/// with the whole store read.
final class CoreDataFixturePushdownTests: XCTestCase {
  /// Predicates by entity, with the key each entity's fetches sort by.
  private static let books: [(entity: String, sortKey: String, formats: [String])] = [
    (
      "Book", "title",
      [
        #"title CONTAINS[c] "AUTHOR""#, "price > 5", #"publishedAt > CAST(0, "NSDate")"#,
        "pagesCount > 10", "pagesCount == nil", #"author.alias == "Alessandro""#,
        "author.age > 3", "pages.@count > 50", "ANY pages.isBookmarked == YES",
        "ALL pages.number > 1", "NONE pages.number == 1", "uniqueID == nil",
        #"title MATCHES ".*novel.*""#, #"title BEGINSWITH "title" AND price < 5"#,
        "NOT (pagesCount BETWEEN {1, 20})", "frontCover == nil",
      ]
    ),
    ("GraphicNovel", "title", ["isBlackAndWhite == NO", #"title ENDSWITH "1""#]),
    (
      "Page", "number",
      [
        "number IN {1, 2, 3}", "isBookmarked == YES AND number < 10", #"book.title ENDSWITH "1""#,
        "book == nil", #"book.author.alias LIKE[c] "a*""#,
        "isBookmarked == YES AND number * 2 > 10",
      ]
    ),
    (
      "Feedback", "rating",
      [
        "rating >= 4", "comment == nil", #"comment LIKE "*book""#,
        #"authorAlias ==[cd] "ALESSANDRO""#, "bookID != nil",
      ]
    ),
    (
      "Writer", "age",
      ["age > 30", "age == nil OR age < 100"]
    ),
    (
      "Author", "alias",
      [#"alias BEGINSWITH "A""#, "books.@count == 2", #"ANY books.title CONTAINS "graphic""#]
    ),
  ]

  /// Every statement of `cases` on the store at `path`, both ways.
  private func checkAgreement(
    _ cases: [(entity: String, sortKey: String, formats: [String])], path: String,
    model: CoreDataModel? = nil
  ) throws {
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path, model: model).graph),
      store: .memory)
    var pushed = 0
    for (entity, key, formats) in cases {
      for format in formats {
        for statement in [
          "count \(entity) where \(format)", "fetch \(entity) where \(format)",
          "fetch \(entity) where \(format) sort by \(key) desc limit 2",
        ] {
          let file = try CoreDataStoreFile.open(path: path, model: model)
          let lazy = Interpreter(
            context: Context(graph: ObjectGraph(model: file.bowqModel)),
            store: .coreData(path: path, uuid: file.schema.uuid), coreDataFile: file)
          let expected = CoreDataPushdownAgreementTests.answer(statement, memory)
          XCTAssertFalse(expected.hasPrefix("error"), "\(statement): \(expected)")
          XCTAssertEqual(
            CoreDataPushdownAgreementTests.answer(statement, lazy), expected, statement)
          if lazy.coreDataFile != nil { pushed += 1 }
        }
      }
    }
    XCTAssertGreaterThan(pushed, 0)
  }

  func testBooksAnswersAlikeInSQLiteAndInMemory() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    try checkAgreement(Self.books, path: store.path)
  }

  func testAnEmptyResultInSQLiteGetsTheNotesItGetsInMemory() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: store.path).graph), store: .memory)
    for statement in [
      #"count Feedback where comment == "GREAT BOOK""#,
      #"fetch Feedback where authorAlias == "alessandro" AND rating > 1"#,
    ] {
      let lazy = try CoreDataPushdownAgreementTests.pushed(store.path)
      _ = try lazy.run(statement)
      _ = try memory.run(statement)
      XCTAssertNotNil(lazy.coreDataFile, statement)
      XCTAssertFalse(memory.notes.isEmpty, statement)
      XCTAssertEqual(lazy.notes.map(\.message), memory.notes.map(\.message), statement)
    }
  }

  func testAnOlderStoreWithItsModelAnswersAlike() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite")
    let model = try CoreDataModel.read(
      at: CoreDataFixtures.folder.appendingPathComponent(
        "BookMigration/Model.xcdatamodeld"
      ).path)
    try checkAgreement(
      [
        (
          "Book", "title",
          [#"title CONTAINS "a""#, "user.userId == 1", "authorName != nil", "user == nil"]
        ),
        ("User", "userId", ["userId > 0", #"ANY books.title BEGINSWITH "B""#]),
      ], path: store.path, model: model)
  }
}
