import Foundation
import XCTest

@testable import BowQ

/// bowq's answers on a Core Data–shaped store built with the tests' keyed-archive writer
/// (``CoreDataTestStore``) agree with SQLite's on the raw tables: for each predicate, the
/// objects a fetch finds are the rows a hand-written query over `Z_ENT`, the `Z`-columns and
/// the join table selects.
final class CoreDataPredicateAgreementTests: XCTestCase {
  /// A fetch, and the query over the raw tables that selects the same rows' `Z_PK`s.
  private static let cases: [(fetch: String, sql: String)] = [
    (
      #"fetch Media where title BEGINSWITH "T" OR title == "Alien""#,
      "SELECT Z_PK FROM ZMEDIA WHERE substr(ZTITLE, 1, 1) = 'T' OR ZTITLE = 'Alien'"
    ),
    (
      "fetch Book where pages > 100",
      "SELECT Z_PK FROM ZMEDIA WHERE Z_ENT IN (2, 3) AND ZPAGES > 100"
    ),
    (
      "fetch Book where price < 10", "SELECT Z_PK FROM ZMEDIA WHERE Z_ENT IN (2, 3) AND ZPRICE < 10"
    ),
    (
      "fetch Book where rating >= 4",
      "SELECT Z_PK FROM ZMEDIA WHERE Z_ENT IN (2, 3) AND ZRATING >= 4"
    ),
    ("fetch Film where rating > 8", "SELECT Z_PK FROM ZMEDIA WHERE Z_ENT = 4 AND ZRATING1 > 8"),
    ("fetch Comic where colour == YES", "SELECT Z_PK FROM ZMEDIA WHERE Z_ENT = 3 AND ZCOLOUR = 1"),
    ("fetch Media where added == nil", "SELECT Z_PK FROM ZMEDIA WHERE ZADDED IS NULL"),
    (
      #"fetch Media where added > CAST(3600, "NSDate")"#,
      "SELECT Z_PK FROM ZMEDIA WHERE ZADDED > 3600"
    ),
    (
      #"fetch Media where shelf.name == "Fiction""#,
      "SELECT Z_PK FROM ZMEDIA WHERE ZSHELF IN (SELECT Z_PK FROM ZSHELF WHERE ZNAME = 'Fiction')"
    ),
    (
      #"fetch Media where ANY tags.name == "scifi""#,
      "SELECT Z_1ITEMS FROM Z_1TAGS JOIN ZTAG ON Z_6TAGS = ZTAG.Z_PK WHERE ZNAME = 'scifi'"
    ),
    (
      "fetch Media where loans.@count > 0",
      "SELECT Z_PK FROM ZMEDIA WHERE Z_PK IN (SELECT ZITEM FROM ZLOAN)"
    ),
    (
      #"fetch Shelf where ANY items.title CONTAINS "m""#,
      "SELECT DISTINCT ZSHELF FROM ZMEDIA WHERE instr(ZTITLE, 'm') > 0"
    ),
  ]

  func testFetchesFindTheRowsSQLiteSelects() throws {
    let path = try CoreDataMappingTests.makeStore(for: self)
    let interpreter = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
    let sqlite = try SQLiteConnection(readingOnly: path)
    for (fetch, sql) in Self.cases {
      guard case .objects(let result)? = try interpreter.run(fetch).last else {
        XCTFail("\(fetch) found no objects")
        continue
      }
      let expected = try sqlite.rows(sql).compactMap { row -> Int64? in
        if case .integer(let key)? = row.first { return key }
        return nil
      }
      XCTAssertFalse(expected.isEmpty, "\(sql) selects nothing: the case proves nothing")
      XCTAssertEqual(Set(result.ids.map(\.key)), Set(expected), fetch)
      XCTAssertEqual(result.ids.count, expected.count, fetch)
    }
  }
}
