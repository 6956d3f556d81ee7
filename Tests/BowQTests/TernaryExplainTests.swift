import Foundation
import XCTest

@testable import BowQ

/// `explain` prints what runs: a `TERNARY` the binder folds to the branch its condition
/// takes is printed as that branch, in every step of the plan and in the `#Predicate`,
/// while one it keeps, and the parsed predicate, are printed as written.
final class TernaryExplainTests: XCTestCase {
  /// Ties with an index on `rating`, owned by people through a to-many.
  private func ties() throws -> Interpreter {
    let interpreter = Interpreter.steppingInMemory()
    _ = try interpreter.run(
      """
      entity Tie {
        rating: Int16?, worn: Int16?
        owner: Person? inverse ties
        index rating
      }
      entity Person { name: String, ties: [Tie] inverse owner }
      insert Tie rating = 4, worn = 1
      insert Tie rating = 2, worn = 5
      insert Person name = "Ann"
      """)
    return interpreter
  }

  func testAFilterShowsTheBranchTaken() throws {
    let interpreter = try Interpreter.sampleInMemory()
    XCTAssertEqual(
      try interpreter.explanation(
        "explain count BowTie where TERNARY(1 == 1, rating, timesWorn) > 3"),
      ["scan 7 BowTie objects", "filter rating > 3 (4 objects)", "count"])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch BowTie where TERNARY(NOT 2 < 1 AND TRUEPREDICATE, name, searchKey) "
          + #"BEGINSWITH "R""#),
      [
        "scan 7 BowTie objects", #"filter name BEGINSWITH "R" (1 object)"#,
        "select as the current selection",
      ])
  }

  func testAnIndexSearchShowsTheBranchItServes() throws {
    let interpreter = try ties()
    XCTAssertEqual(
      try interpreter.explanation("explain count Tie where TERNARY(1 == 1, rating, worn) > 3"),
      ["count in index rating for rating > 3 (1 Tie object, counted in the index)"])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie where TERNARY(1 == 1, rating, worn) > 3 "
          + "AND TERNARY(1 == 2, rating, worn) < 3"),
      [
        "search index rating for rating > 3 (at most 2 of 2 Tie objects)",
        "filter worn < 3 (about 1 object)", "select as the current selection",
      ])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie where TERNARY(1 == 1, rating, worn) > 3 sort by rating limit 1"),
      [
        "search index rating for rating > 3 in index order (rating ascending), keeping the "
          + "first 1 (no sort; finds at most 2 of 2 Tie objects)",
        "take 1 (at most 1 object)", "select as the current selection",
      ])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie where TERNARY(1 == 2, rating, worn) > 0 sort by rating limit 1"),
      [
        "walk index rating ascending, keeping the first 1 that match worn > 0 "
          + "(no sort; at most 1 Tie object)",
        "take 1 (at most 1 object)", "select as the current selection",
      ])
  }

  func testABranchNestedInOperatorsKeepsItsPlace() throws {
    let interpreter = try ties()
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie where NOT (TERNARY(1 == 1, rating, worn) > 3 "
          + "OR worn * TERNARY(TRUEPREDICATE, rating + 1, 0) < 2)"
      ).dropFirst().first,
      "filter NOT (rating > 3 OR worn * (rating + 1) < 2) (1 object)")
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie where TERNARY(TERNARY(1 == 1, 2, worn) == 2, rating, worn) > 3"
      ).first,
      "search index rating for rating > 3 (at most 2 of 2 Tie objects)")
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Person where SUBQUERY(ties, $t, "
          + "TERNARY(TERNARY(1 == 1, 2, $t.worn) == 2, $t.rating, 0) > 3).@count > 0"
      ).dropFirst().first,
      "filter SUBQUERY(ties, $t, $t.rating > 3).@count > 0 (0 objects)")
  }

  func testAConditionOfAVariableIsFoldedAsTheBinderFoldsIt() throws {
    let interpreter = try ties()
    interpreter.variables = ["n": .int(1)]
    XCTAssertEqual(
      try interpreter.explanation("explain count Tie where TERNARY($n == 1, rating, worn) > 3"),
      ["count in index rating for rating > 3 (1 Tie object, counted in the index)"])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Person where SUBQUERY(ties, $n, TERNARY($n == 1, 1, 0) == 1).@count > 0"
      ).dropFirst().first,
      "filter SUBQUERY(ties, $n, TERNARY($n == 1, 1, 0) == 1).@count > 0 (0 objects)",
      "a SUBQUERY's variable hides the substitution variable of its name")
  }

  func testResultColumnsAndHavingShowTheBranchTaken() throws {
    let interpreter = try ties()
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie select rating, sum(TERNARY(1 == 1, worn, 0)) as w group by rating "
          + "having TERNARY(1 == 1, w, TERNARY(1 == 1, 0, w)) > 0"),
      [
        "scan 2 Tie objects",
        "group by rating, then select rating, sum(worn) as w (at most 2 rows)",
        "having w > 0 (at most 2 rows)",
      ])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Tie select TERNARY(1 == 1, rating, worn) as r, worn sort by worn"
      ).last,
      "select rating as r, worn (2 rows)")
  }

  func testAssignmentsAndEditsShowTheBranchTaken() throws {
    let interpreter = try ties()
    XCTAssertEqual(
      try interpreter.explanation(
        "explain update Tie where TERNARY(1 == 2, rating, worn) == 1 "
          + "set worn = TERNARY(1 == 1, 3, 4)"),
      ["scan 2 Tie objects", "filter worn == 1 (1 object)", "set worn = 3"])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain update Person where TRUEPREDICATE "
          + "set ties = Tie where TERNARY(1 == 1, rating, worn) == 4"
      ).last,
      "set ties = Tie where rating == 4")
    XCTAssertEqual(
      try interpreter.explanation("explain delete Tie where TERNARY(1 == 1, rating, worn) == 4"),
      [
        "search index rating for rating == 4 (1 Tie object)",
        "delete, applying the delete rules (pending until save)",
      ])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain analyze fetch Tie where TERNARY(1 == 1, worn, rating) == 5"
      ).dropFirst().first,
      "filter worn == 5 (1 object) → 1 row in 1.000 ms")
  }

  func testATernaryThatReadsTheObjectIsShownAsWritten() throws {
    let interpreter = try ties()
    XCTAssertEqual(
      try interpreter.explanation("explain fetch Tie where TERNARY(rating > 3, 1, 0) == 1"),
      [
        "scan 2 Tie objects", "filter TERNARY(rating > 3, 1, 0) == 1 (1 object)",
        "select as the current selection",
      ])
    XCTAssertEqual(
      try interpreter.explanation(
        "explain fetch Person where SUBQUERY(ties, $t, TERNARY($t.rating > 3, 1, 0) == 1 "
          + "AND TERNARY(1 == 1, $t.worn, 0) > 0).@count > 0"
      ).dropFirst().first,
      "filter SUBQUERY(ties, $t, TERNARY($t.rating > 3, 1, 0) == 1 AND $t.worn > 0).@count > 0 "
        + "(0 objects)")
  }

  func testACoreDataStoreShowsTheBranchTakenInMemory() throws {
    let path = try CoreDataPushdownAgreementTests.makeStore(for: self)
    let interpreter = try CoreDataPushdownAgreementTests.pushed(path)
    let lines = try interpreter.explanation(
      #"explain fetch Tie where TERNARY(1 == 1, name, searchKey) == "Red Bow Tie" "#
        + "AND rating > TERNARY(1 == 2, 0, timesWorn)")
    XCTAssertEqual(
      Array(lines.dropFirst(2).prefix(2)),
      [
        "filter in memory, over the rows SQLite returns: rating > timesWorn",
        "  not pushed: rating > timesWorn: its right side is not a constant",
      ])
  }

  func testThePredicateOfSwiftDataIsTheBranchTaken() throws {
    let interpreter = try Interpreter.sampleInMemory()
    _ = try interpreter.explanation(
      "explain fetch BowTie where TERNARY(1 == 1, rating, timesWorn) > 3 "
        + "AND TERNARY(1 == 2, rating, isFavorite) == YES")
    let folded = try XCTUnwrap(interpreter.lesson)
    XCTAssertEqual(
      folded.swiftData,
      .code(
        "let predicate = #Predicate<BowTie> { bowTie in bowTie.rating > 3.0 && bowTie.isFavorite }"
          + "\nlet descriptor = FetchDescriptor<BowTie>(predicate: predicate)\nlet results = try context.fetch(descriptor)"
      ))
    XCTAssertEqual(
      folded.predicateFormat,
      "TERNARY(1 == 1, rating, timesWorn) > 3 AND TERNARY(1 == 2, rating, isFavorite) == 1",
      "the predicate as parsed is shown as written")
    _ = try interpreter.explanation("explain count BowTie where TERNARY(rating > 3, 1, 0) == 1")
    XCTAssertEqual(
      interpreter.lesson?.swiftData,
      .unavailable("TERNARY(rating > 3, 1, 0): #Predicate has no form for it here"))
  }
}
