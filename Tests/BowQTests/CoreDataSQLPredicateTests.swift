import Foundation
import XCTest

@testable import BowQ

/// The translation of predicates into SQL over a Core Data store's tables
/// (``CoreDataSQLPredicate``), on the store of ``CoreDataMappingTests``: the SQL of each
/// construct, NSPredicate's nil rules, the refusals, and the SQL's answers against the
/// engine's.
final class CoreDataSQLPredicateTests: XCTestCase {
  private var path = ""

  override func setUpWithError() throws {
    path = try CoreDataMappingTests.makeStore(for: self)
  }

  /// The split of `format` over `entity`.
  private func split(_ format: String, on entity: String) throws -> CoreDataSQLPredicate {
    let file = try CoreDataStoreFile.open(path: path)
    let statement = try XCTUnwrap(Parser.parseScript("count \(entity) where \(format)").first)
    let binder = Binder(model: file.bowqModel, variables: [:], now: Date())
    guard case .count(_, let predicate?) = try binder.bind(statement, selection: nil) else {
      throw XCTSkip("\(format) did not bind to a count")
    }
    return CoreDataSQLPredicate(predicate, entity: entity, map: file.map)
  }

  /// The SQL of `format`, which must be pushed whole.
  private func sql(_ format: String, on entity: String = "Book") throws -> SQLFragment {
    let result = try split(format, on: entity)
    XCTAssertNil(result.residual, format)
    return try XCTUnwrap(result.pushed, format)
  }

  /// Why `format` is not pushed.
  private func refusal(_ format: String, on entity: String = "Book") throws -> String {
    let result = try split(format, on: entity)
    XCTAssertNil(result.pushed, format)
    return result.parts.compactMap(\.refusal).first ?? ""
  }

  func testComparisonsOfNumbersAndDatesBindTheirConstants() throws {
    XCTAssertEqual(
      try sql("pages > 100"), SQLFragment(text: #"t0."ZPAGES" > ?"#, parameters: [.integer(100)]))
    XCTAssertEqual(
      try sql(#"added >= CAST(3600, "NSDate")"#),
      SQLFragment(text: #"t0."ZADDED" >= ?"#, parameters: [.real(3600)]))
    XCTAssertEqual(
      try sql("rating == 4.0"),
      SQLFragment(text: #"t0."ZRATING" = ?"#, parameters: [.integer(4)]))
    XCTAssertEqual(
      try sql("rating < 4.5"), SQLFragment(text: #"t0."ZRATING" <= ?"#, parameters: [.integer(4)]))
    XCTAssertEqual(
      try sql("rating > 4.5"), SQLFragment(text: #"t0."ZRATING" >= ?"#, parameters: [.integer(5)]))
    XCTAssertEqual(try sql("rating == 4.5").text, "0")
    XCTAssertEqual(
      try sql("rating > 8", on: "Film"),
      SQLFragment(text: #"t0."ZRATING1" > ?"#, parameters: [.real(8)]))
    XCTAssertEqual(
      try sql("colour == YES", on: "Comic"), SQLFragment(text: #"t0."ZCOLOUR" <> 0"#))
  }

  func testABooleanComparesWithNumbersAsZeroOrOne() throws {
    XCTAssertEqual(
      try sql("colour == 1", on: "Comic"),
      SQLFragment(text: #"(t0."ZCOLOUR" <> 0) = ?"#, parameters: [.integer(1)]))
    XCTAssertEqual(
      try sql("colour > NO", on: "Comic"),
      SQLFragment(text: #"(t0."ZCOLOUR" <> 0) > ?"#, parameters: [.integer(0)]))
    XCTAssertEqual(try sql("colour == 0.5", on: "Comic").text, "0")
  }

  func testAnIntegerComparedWithAStringIsDecidedByTheEngine() throws {
    XCTAssertEqual(
      try sql(#"pages == "300""#),
      SQLFragment(text: #"bowq_compare(0, 0, t0."ZPAGES", ?)"#, parameters: [.text("300")]))
  }

  func testNilFollowsNSPredicate() throws {
    XCTAssertEqual(try sql("added == nil").text, #"t0."ZADDED" IS NULL"#)
    XCTAssertEqual(try sql("added != nil").text, #"NOT (t0."ZADDED" IS NULL)"#)
    XCTAssertEqual(try sql("pages != 300").text, #"(t0."ZPAGES" = ?) IS NOT 1"#)
    XCTAssertEqual(try sql("NOT pages > 5").text, #"(t0."ZPAGES" > ?) IS NOT 1"#)
    XCTAssertEqual(
      try sql("NOT (pages > 5 AND pages < 9)").text,
      #"((t0."ZPAGES" > ?) IS NOT 1) OR ((t0."ZPAGES" < ?) IS NOT 1)"#)
    XCTAssertEqual(try sql("pages < nil").text, "0")
    XCTAssertEqual(try sql("colour != YES", on: "Comic").text, #"(t0."ZCOLOUR" <> 0) IS NOT 1"#)
  }

  func testStringsAreComparedByTheEnginesOwnCode() throws {
    XCTAssertEqual(
      try sql(#"title CONTAINS[cd] "t""#),
      SQLFragment(text: #"bowq_compare(8, 3, t0."ZTITLE", ?)"#, parameters: [.text("t")]))
    XCTAssertEqual(try sql(#"title LIKE "D*""#).text, #"bowq_compare(9, 0, t0."ZTITLE", ?)"#)
    XCTAssertEqual(
      try sql(#"NOT title ==[c] "dune""#).text, #"NOT (bowq_compare(0, 1, t0."ZTITLE", ?))"#)
  }

  func testInAndBetween() throws {
    XCTAssertEqual(
      try sql("pages IN {62, 412}"),
      SQLFragment(
        text: #"(t0."ZPAGES" = ?) OR (t0."ZPAGES" = ?)"#, parameters: [.integer(62), .integer(412)])
    )
    XCTAssertEqual(
      try sql("pages BETWEEN {60, 300}").text, #"(t0."ZPAGES" >= ?) AND (t0."ZPAGES" <= ?)"#)
    XCTAssertEqual(try sql("pages IN {}").text, "0")
    XCTAssertEqual(
      try sql("added IN {nil}", on: "Media").text, #"t0."ZADDED" IS NULL"#)
  }

  func testKeyPathsThroughToOnesAreSubqueries() throws {
    // Loan.item has an entity column: its target is the row of that key and that entity, or
    // of that key when the column is NULL; an entity number of another table ends the
    // statement, which then runs in memory.
    let item =
      #"CASE WHEN t0."Z1_ITEM" IS NULL OR t0."Z1_ITEM" IN (1, 2, 3, 4) THEN t0."ZITEM" ELSE bowq_refuse('Loan.item names an entity of another table') END AND t1.Z_ENT = coalesce(t0."Z1_ITEM", t1.Z_ENT)"#
    XCTAssertEqual(
      try sql(#"shelf.name == "Fiction""#, on: "Media").text,
      #"bowq_compare(0, 0, (SELECT t1."ZNAME" FROM "ZSHELF" t1 WHERE t1.Z_PK = t0."ZSHELF"), ?)"#)
    XCTAssertEqual(
      try sql("item == nil", on: "Loan").text,
      #"NOT EXISTS (SELECT 1 FROM "ZMEDIA" t1 WHERE t1.Z_PK = \#(item))"#)
    XCTAssertEqual(
      try sql("item.added > CAST(0, \"NSDate\")", on: "Loan").text,
      #"(SELECT t1."ZADDED" FROM "ZMEDIA" t1 WHERE t1.Z_PK = \#(item)) > ?"#)
  }

  func testToManysAreExistsAndCountingSubqueries() throws {
    let members =
      #"FROM "ZLOAN" t1 WHERE t1."ZITEM" = t0.Z_PK AND (typeof(t1."Z1_ITEM") <> 'integer' OR t1."Z1_ITEM" = t0.Z_ENT) AND t1.Z_ENT IN (7)"#
    XCTAssertEqual(
      try sql("loans.@count > 0", on: "Media").text, "(SELECT COUNT(*) \(members)) > ?")
    XCTAssertEqual(
      try sql(#"ANY items.title BEGINSWITH "T""#, on: "Shelf").text,
      #"EXISTS (SELECT 1 FROM "ZMEDIA" t1 WHERE t1."ZSHELF" = t0.Z_PK AND t1.Z_ENT IN (1, 2, 3, 4) AND t1."ZTITLE" IS NOT NULL AND (bowq_compare(6, 0, t1."ZTITLE", ?)))"#
    )
    XCTAssertEqual(
      try sql("ALL items.added > CAST(0, \"NSDate\")", on: "Shelf").text,
      #"NOT (EXISTS (SELECT 1 FROM "ZMEDIA" t1 WHERE t1."ZSHELF" = t0.Z_PK AND t1.Z_ENT IN (1, 2, 3, 4) AND t1."ZADDED" IS NOT NULL AND ((t1."ZADDED" > ?) IS NOT 1)))"#
    )
    XCTAssertEqual(
      try sql("NONE items.added == nil", on: "Shelf").text,
      #"NOT (EXISTS (SELECT 1 FROM "ZMEDIA" t1 WHERE t1."ZSHELF" = t0.Z_PK AND t1.Z_ENT IN (1, 2, 3, 4) AND t1."ZADDED" IS NOT NULL AND (t1."ZADDED" IS NULL)))"#
    )
  }

  func testManyToManysGoThroughTheirJoinTable() throws {
    XCTAssertEqual(
      try sql(#"ANY tags.name == "scifi""#, on: "Media").text,
      #"EXISTS (SELECT 1 FROM "Z_1TAGS" t1j JOIN "ZTAG" t1 ON t1.Z_PK = t1j."Z_6TAGS" WHERE t1j."Z_1ITEMS" = t0.Z_PK AND t1."ZNAME" IS NOT NULL AND (bowq_compare(0, 0, t1."ZNAME", ?)))"#
    )
    XCTAssertEqual(
      try sql("items.@count > 1", on: "Tag").text,
      #"(SELECT COUNT(*) FROM "Z_1TAGS" t1j JOIN "ZMEDIA" t1 ON t1.Z_PK = t1j."Z_1ITEMS" WHERE t1j."Z_6TAGS" = t0.Z_PK) > ?"#
    )
  }

  /// `(%K & %d) == %d`, the flags filter apps run in Core Data fetches, and `|` and `>>`
  /// run in SQLite, whose operators compute what the engine does; `<<` (which SQLite wraps
  /// on overflow) and `^` (which SQLite lacks) are left to the engine.
  func testBitwiseOperatorsOfAnIntegerAttributeArePushed() throws {
    XCTAssertEqual(
      try sql("pages & 4 == 4"),
      SQLFragment(text: #"(t0."ZPAGES" & ?) = ?"#, parameters: [.integer(4), .integer(4)]))
    XCTAssertEqual(
      try sql("pages | 1 > 2 AND pages >> 2 == 1"),
      SQLFragment(
        text: #"((t0."ZPAGES" | ?) > ?) AND ((t0."ZPAGES" >> ?) = ?)"#,
        parameters: [.integer(1), .integer(2), .integer(2), .integer(1)]))
    let refused =
      "of the bitwise operators, only & | and >> of an integer attribute by a whole-number "
      + "constant are pushed"
    XCTAssertEqual(try refusal("pages << 1 == 4"), refused)
    XCTAssertEqual(try refusal("pages ^ 1 == 4"), refused)
    XCTAssertEqual(try refusal("pages >> 64 == 0"), refused)
    XCTAssertEqual(
      try refusal("rating & 1 == 1", on: "Film"), "& is pushed only on an integer attribute")
  }

  func testWhatIsNotPushedSaysWhy() throws {
    XCTAssertEqual(try refusal("price > 5"), "Decimal values are compared in memory")
    XCTAssertEqual(try refusal("pages > rating"), "its right side is not a constant")
    XCTAssertEqual(
      try refusal(#"note == "due Friday""#, on: "Loan"),
      "Loan.note is stored encoded (an archive or external data)")
    XCTAssertEqual(
      try refusal("pages + 1 > 100"), "it compares something other than a stored property or @count"
    )
    XCTAssertEqual(
      try refusal(#"SUBQUERY(loans, $l, $l.cover == nil).@count > 0"#, on: "Media"),
      "only @count of a to-many is pushed")
  }

  func testCtrlCStopsAStatementRunInSQLite() throws {
    let pushed = try CoreDataPushdownAgreementTests.pushed(path)
    pushed.interrupt.request()
    XCTAssertThrowsError(try pushed.run("count Book where pages > 100")) { error in
      XCTAssertTrue(error is Interrupted, "\(error)")
    }
    XCTAssertNotNil(pushed.coreDataFile, "the store was not read into memory")
  }

  func testEveryConjunctThatTranslatesIsPushedWhereverItStands() throws {
    let first = try split("price > 5 AND pages > 1", on: "Book")
    XCTAssertEqual(first.parts.map { $0.sql != nil }, [false, true])
    XCTAssertEqual(first.pushed?.text, #"t0."ZPAGES" > ?"#)
    XCTAssertNotNil(first.residual)
    let nested = try split("price > 5 AND (rating > 1 AND (price < 9 AND pages > 1))", on: "Book")
    XCTAssertEqual(nested.parts.map { $0.sql != nil }, [false, true, false, true])
    XCTAssertEqual(nested.pushed?.text, #"(t0."ZRATING" > ?) AND (t0."ZPAGES" > ?)"#)
    guard case .and(let rest)? = nested.residual else { return XCTFail("no residual AND") }
    XCTAssertEqual(rest.count, 2)
  }

  func testPushedCountsAndFetchesAreTheEnginesAnswers() throws {
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
    let formats = [
      ("Media", #"title BEGINSWITH "T" OR title == "Alien""#), ("Book", "pages > 100"),
      ("Media", "added == nil"), ("Media", "NOT added > CAST(0, \"NSDate\")"),
      ("Media", #"shelf.name == "Fiction""#), ("Media", "loans.@count > 0"),
      ("Shelf", #"ANY items.title CONTAINS "m""#), ("Loan", "item == nil"),
      ("Loan", "item.title >= \"T\""), ("Comic", "colour == YES"),
      ("Book", "rating BETWEEN {3, 4}"),
      ("Shelf", "ALL items.added > CAST(0, \"NSDate\")"), ("Shelf", "ANY items.added == nil"),
      ("Shelf", "NONE items.added == nil"), ("Media", #"ANY tags.name == "scifi""#),
      ("Tag", "items.@count > 1"), ("Media", "tags.@count == 0"), ("Book", "ALL tags.name != nil"),
    ]
    for (entity, format) in formats {
      for statement in ["count \(entity) where \(format)", "fetch \(entity) where \(format)"] {
        let pushed = try CoreDataPushdownAgreementTests.pushed(path)
        XCTAssertEqual(
          CoreDataPushdownAgreementTests.answer(statement, pushed),
          CoreDataPushdownAgreementTests.answer(statement, memory), statement)
        XCTAssertTrue(try CoreDataPushdownAgreementTests.runsInSQLite(statement, path), statement)
      }
    }
  }
}
