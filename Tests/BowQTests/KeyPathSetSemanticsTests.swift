import Foundation
import XCTest

@testable import BowQ

/// A key path through a to-many gives a set, as Foundation's `valueForKey:` of an `NSSet`
/// does (of an `NSOrderedSet`, an ordered set): `pages.book` is the one book of its pages,
/// `@count` counts distinct objects, and a chain through to-manys stays as large as the
/// objects it reaches, stopping on Ctrl-C.
final class KeyPathSetSemanticsTests: XCTestCase {
  override func tearDown() {
    Interrupt.reset()
    super.tearDown()
  }

  /// The rows of a `fetch … select`.
  private func rows(_ statement: String, _ interpreter: Interpreter) throws -> [[Value]] {
    guard case .objects(let result)? = try interpreter.run(statement).last else {
      XCTFail("\(statement) selected no rows")
      return []
    }
    return Array(result.rows)
  }

  func testBooksPagesBookCountsEachBookOnceAsSQLiteSays() throws {
    let path = try copyCoreDataFixture("Books/Books.sqlite").path
    let distinctBooks = SQLiteScript.rows(
      "SELECT b.ZTITLE, (SELECT COUNT(DISTINCT p.ZBOOK) FROM ZPAGE p WHERE p.ZBOOK = b.Z_PK), "
        + "(SELECT COUNT(*) FROM ZPAGE p WHERE p.ZBOOK = b.Z_PK) FROM ZBOOK b ORDER BY b.Z_PK",
      on: path)
    XCTAssertEqual(distinctBooks.map { $0[2] }, ["1", "99", "19"], "the fixture's pages")
    let booksOfAuthors = SQLiteScript.rows(
      "SELECT COUNT(DISTINCT p.ZBOOK) FROM ZPAGE p JOIN ZBOOK b ON p.ZBOOK = b.Z_PK "
        + "GROUP BY b.ZAUTHOR", on: path)
    for pushed in [false, true] {
      let interpreter =
        pushed
        ? try CoreDataPushdownAgreementTests.pushed(path)
        : Interpreter(
          context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
      XCTAssertEqual(
        try rows("fetch Book select title, pages.book.@count as n, pages.@count as p", interpreter)
          .map { $0.map(\.literalText) },
        distinctBooks.map { ["\"\($0[0])\"", $0[1], $0[2]] }, "pushed: \(pushed)")
      XCTAssertEqual(
        try rows("fetch Author select books.pages.book.@count as n", interpreter).map { $0[0] },
        booksOfAuthors.map { .int(Int64($0[0])!) }, "pushed: \(pushed)")
      XCTAssertEqual(
        try interpreter.count(of: "Book", where: "pages.book.@count == 1"), 3, "pushed: \(pushed)")
      XCTAssertEqual(
        try interpreter.count(of: "Book", where: "ANY pages.book.pages.book.title == title"), 3,
        "pushed: \(pushed)")
    }
  }

  /// Shelves of ordered books, each book with tags (a many-to-many).
  private func library() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Shelf { name: String, books: [Book] ordered inverse shelf }
      entity Book { title: String, pages: Int32 default 0, shelf: Shelf? inverse books, \
      tags: [Tag] inverse books }
      entity Tag { name: String, books: [Book] inverse tags }
      insert Shelf name = "S"
      insert Tag name = "x"; insert Tag name = "y"; insert Tag name = "z"
      insert Book title = "C", pages = 10; insert Book title = "A", pages = 10
      insert Book title = "B", pages = 7
      update Shelf set books += Book where title == "B"
      update Shelf set books += Book where title == "A"
      update Shelf set books += Book where title == "C"
      update Book where title == "A" set tags = Tag where name IN {"y", "x"}
      update Book where title == "B" set tags = Tag where name IN {"x", "z"}
      """)
    return interpreter
  }

  func testAToManyThenAToOneOrToManyGivesEachObjectOnceInTheOrderFirstMet() throws {
    let interpreter = try library()
    let tag = { (key: Int64) in Value.object(ObjectID(entity: "Tag", key: key)) }
    XCTAssertEqual(
      try rows("fetch Shelf select books.shelf.@count as a, books.tags.@count as b", interpreter),
      [[.int(1), .int(3)]])
    // B's tags (x, z), then A's (x again, y), then C's (none).
    XCTAssertEqual(
      try rows("fetch Shelf select books.tags as t", interpreter),
      [[.collection([tag(1), tag(3), tag(2)])]])
    XCTAssertEqual(
      try rows("fetch Tag select books.tags.@count as n sort by name", interpreter),
      [[.int(3)], [.int(2)], [.int(2)]])
    // Attributes stay one per object: @sum adds every book's pages.
    XCTAssertEqual(
      try rows(
        "fetch Shelf select books.@sum.pages as s, books.shelf.books.@sum.pages as t", interpreter),
      [[.int(27), .int(27)]])
    XCTAssertEqual(try interpreter.count(of: "Tag", where: "ANY books.tags.name == 'z'"), 2)
    XCTAssertEqual(try interpreter.count(of: "Tag", where: "books.tags.@count == 2"), 2)
  }

  /// A book of `pages` pages.
  private func book(pages: Int) throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Book { title: String, pages: [Page] inverse book }
      entity Page { number: Int32, book: Book? inverse pages }
      insert Book title = "A"
      """)
    try interpreter.edit { context in
      for number in 1...pages {
        context.insert(
          [.int(Int64(number)), .object(ObjectID(entity: "Book", key: 1))], into: "Page")
      }
    }
    _ = try interpreter.run("update Book set pages = Page where number > 0")
    return interpreter
  }

  func testAChainThroughToManysStaysAsLargeAsTheObjectsItReaches() throws {
    let interpreter = try book(pages: 200)
    let chain = Array(repeating: "pages.book", count: 12).joined(separator: ".")
    // Without sets, each pages.book step multiplied the elements by 200.
    XCTAssertEqual(
      try rows("fetch Book select \(chain).pages.@count as n", interpreter), [[.int(200)]])
    XCTAssertEqual(try interpreter.count(of: "Book", where: "ANY \(chain).title == 'A'"), 1)
    XCTAssertEqual(
      try interpreter.count(of: "Page", where: "ANY book.\(chain).pages.number == 7"), 200)
  }

  func testCtrlCStopsAKeyPathExpansion() throws {
    let interpreter = try book(pages: 3000)
    let predicate = try FormatPredicate(format: "ANY pages.book.pages.number == 0")
    let book = GraphObject(ObjectID(entity: "Book", key: 1), in: interpreter.context.graph)
    XCTAssertFalse(try predicate.evaluate(with: book))
    Interrupt.request()
    XCTAssertThrowsError(try predicate.evaluate(with: book)) { error in
      XCTAssertTrue("\(error)".contains("interrupted"), "\(error)")
    }
    interpreter.interrupt.request()
    XCTAssertThrowsError(try interpreter.run("count Book where ANY pages.book.pages.number == 0")) {
      error in XCTAssertTrue(error is Interrupted, "\(error)")
    }
  }
}
