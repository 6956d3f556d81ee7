import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// `why`: the predicate drawn as a tree with each node's value for an object, one tree per
/// operator family.
final class WhyTests: XCTestCase {
  typealias Capture = ShellFixtures.Capture

  /// Two people, Ann with two ties and Bob with none, and a tie nobody owns.
  static let wardrobe = """
    entity Person { name: String, ties: [Tie] inverse owner }
    entity Tie { name: String, rating: Double, lastWorn: Date?, owner: Person? inverse ties }
    insert Person name = "Ann"
    insert Person name = "Bob"
    insert Tie name = "Blue Bow Tie", rating = 4.5, owner = Person where name == "Ann"
    insert Tie name = "Rouge Éclair", rating = 2, owner = Person where name == "Ann"
    insert Tie name = "Polka", rating = 3
    """

  /// What the statements print to standard output, or their errors when they fail.
  func output(_ statements: String) throws -> String {
    let capture = Capture()
    let shell = try ShellFixtures.shell(after: Self.wardrobe, capture: capture)
    return shell.run(script: statements, name: nil) ? capture.out : capture.err
  }

  func testComparisonsOfNumbersShowTheOperandAndAndStopsAtTheFirstFalse() throws {
    XCTAssertEqual(
      try output(#"why Tie/p2 where rating > 3 AND name CONTAINS[c] "blue""#),
      """
      Tie/p2 does not match rating > 3 AND name CONTAINS[c] "blue"
      AND: false
      ├─ rating > 3: false
      │     rating is 2
      └─ name CONTAINS[c] "blue": skipped (AND is false already)

      """)
  }

  func testStringOptionsShowTheFoldedStrings() throws {
    XCTAssertEqual(
      try output(#"why Tie/p1 where rating > 3 AND name CONTAINS[c] "blue""#),
      """
      Tie/p1 matches rating > 3 AND name CONTAINS[c] "blue"
      AND: true
      ├─ rating > 3: true
      │     rating is 4.5
      └─ name CONTAINS[c] "blue": true
            name is "Blue Bow Tie"
            [c] folds "Blue Bow Tie" to "blue bow tie"
            [c] leaves "blue" as it is

      """)
    XCTAssertEqual(
      try output(#"why Tie/p2 where name ==[cd] "rouge eclair""#),
      """
      Tie/p2 matches name ==[cd] "rouge eclair"
      name ==[cd] "rouge eclair": true
         name is "Rouge Éclair"
         [cd] folds "Rouge Éclair" to "rouge eclair"
         [cd] leaves "rouge eclair" as it is

      """)
  }

  func testNilIsNeverOrderedAndOrStopsAtTheFirstTrue() throws {
    XCTAssertEqual(
      try output(
        #"why Tie/p3 where lastWorn > CAST(0, "NSDate") OR name ENDSWITH "ka" OR rating < 0"#),
      """
      Tie/p3 matches lastWorn > CAST(0, "NSDate") OR name ENDSWITH "ka" OR rating < 0
      OR: true
      ├─ lastWorn > CAST(0, "NSDate"): false
      │     lastWorn is nil
      │     nil is not > CAST(0, "NSDate"): comparisons with nil are false
      ├─ name ENDSWITH "ka": true
      │     name is "Polka"
      └─ rating < 0: skipped (OR is true already)

      """)
  }

  func testNotBetweenAndIn() throws {
    XCTAssertEqual(
      try output(#"why Tie/p1 where NOT (rating BETWEEN {1, 3}) AND name IN {"Polka", "Dots"}"#),
      """
      Tie/p1 does not match (NOT rating BETWEEN {1, 3}) AND name IN {"Polka", "Dots"}
      AND: false
      ├─ NOT: true
      │  └─ rating BETWEEN {1, 3}: false
      │        rating is 4.5
      └─ name IN {"Polka", "Dots"}: false
            name is "Blue Bow Tie"

      """)
  }

  func testTheElementThatDecidedAnyAllOrNone() throws {
    XCTAssertEqual(
      try output("why Person/p1 where ANY ties.rating > 4"),
      """
      Person/p1 matches ANY ties.rating > 4
      ANY ties.rating > 4: true
         ties.rating is {4.5, 2}
         element [0] (4.5) makes ANY true

      """)
    XCTAssertEqual(
      try output("why Person/p1 where ALL ties.rating > 3"),
      """
      Person/p1 does not match ALL ties.rating > 3
      ALL ties.rating > 3: false
         ties.rating is {4.5, 2}
         element [1] (2) makes ALL false

      """)
    XCTAssertEqual(
      try output(#"why Person/p1 where NONE ties.name BEGINSWITH[cd] "rouge e""#),
      """
      Person/p1 does not match NONE ties.name BEGINSWITH[cd] "rouge e"
      NONE ties.name BEGINSWITH[cd] "rouge e": false
         ties.name is {"Blue Bow Tie", "Rouge Éclair"}
         element [1] ("Rouge Éclair") makes NONE false
         [cd] folds "Rouge Éclair" to "rouge eclair"
         [cd] leaves "rouge e" as it is

      """)
    XCTAssertEqual(
      try output("why Person/p2 where ALL ties.rating > 3"),
      """
      Person/p2 matches ALL ties.rating > 3
      ALL ties.rating > 3: true
         ties.rating is {}
         the collection is empty: ALL is true

      """)
  }

  func testSubqueryCountAndCollectionOperatorInputs() throws {
    XCTAssertEqual(
      try output("why Person/p1 where SUBQUERY(ties, $t, $t.rating >= 3).@count == 1"),
      """
      Person/p1 matches SUBQUERY(ties, $t, $t.rating >= 3).@count == 1
      SUBQUERY(ties, $t, $t.rating >= 3).@count == 1: true
         SUBQUERY(ties, $t, $t.rating >= 3).@count is 1
         SUBQUERY kept 1 of 2 elements: {Tie/p1}
         @count of {Tie/p1} is 1

      """)
    XCTAssertEqual(
      try output("why Person/p1 where ties.@avg.rating > 3"),
      """
      Person/p1 matches ties.@avg.rating > 3
      ties.@avg.rating > 3: true
         ties.@avg.rating is 3.25
         @avg of {4.5, 2} is 3.25

      """)
  }

  func testWhyNotUsesTheLastFetchAndWhyAloneExplainsTheSelection() throws {
    XCTAssertEqual(
      try output("fetch Tie where rating >= 3 sort by rating limit 1\nwhy not Tie/p2\nwhy"),
      """
      object  name   rating  lastWorn  owner
      ------  -----  ------  --------  -----
      Tie/p3  Polka       3  nil       nil
      Tie/p2 does not match rating >= 3
      rating >= 3: false
         rating is 2
      Tie/p3 matches rating >= 3
      rating >= 3: true
         rating is 3

      """)
  }

  func testExplainDrawsThePredicateAndTheSwiftOfAnApp() throws {
    XCTAssertEqual(
      try output(#"explain fetch Tie where rating > 3 OR NOT name ENDSWITH "ka""#),
      #"""
      scan 3 Tie objects
      filter rating > 3 OR (NOT name ENDSWITH "ka") (2 objects)
      select as the current selection

      The predicate, as parsed:
      OR
      ├─ rating > 3
      └─ NOT
         └─ name ENDSWITH "ka"
      predicateFormat: rating > 3 OR (NOT name ENDSWITH "ka")

      In a Core Data app:
        let request = NSFetchRequest<NSManagedObject>(entityName: "Tie")
        request.predicate = NSPredicate(format: "rating > %@ OR (NOT name ENDSWITH %@)", argumentArray: [3, "ka"])
        let results = try context.fetch(request)

      With SwiftData: no #Predicate — ENDSWITH: #Predicate has starts(with:) but no hasSuffix

      """#)
  }

  func testJSONModesGiveTheTreeAsJSON() throws {
    let capture = Capture()
    let shell = try ShellFixtures.shell(after: Self.wardrobe, capture: capture)
    shell.settings.format = .json
    XCTAssertTrue(shell.run(script: "why Tie/p3 where rating > 3 OR NOT rating > 1", name: nil))
    XCTAssertEqual(
      capture.out,
      #"[{"object":"Tie/p3","predicate":"rating > 3 OR (NOT rating > 1)","matches":false,"#
        + #""tree":{"predicate":"rating > 3 OR (NOT rating > 1)","value":false,"facts":[],"#
        + #""children":[{"predicate":"rating > 3","value":false,"facts":["rating is 3"],"#
        + #""children":[]},{"predicate":"NOT rating > 1","value":false,"facts":[],"children":"#
        + #"[{"predicate":"rating > 1","value":true,"facts":["rating is 3"],"children":[]}]}]}}]"#
        + "\n")
  }

  func testWhyTellsWhatItLacks() throws {
    XCTAssertEqual(
      try output("why Tie/p9 where rating > 1"),
      """
      1:5: error: there is no object Tie/p9: `fetch Tie where …` then `why` explains each object fetched
        why Tie/p9 where rating > 1
            ^~~~~~

      """)
    XCTAssertTrue(
      try output("why where rating > 1").contains("there is no current selection to explain"))
    XCTAssertTrue(
      try output("why Tie/p1").contains("there is no earlier fetch of Tie whose predicate"))
    XCTAssertTrue(
      try output("fetch Tie\nwhy Tie/p1").contains("the last fetch of Tie had no where clause"))
    XCTAssertTrue(try output("why Tie/3").contains("expected an object's key after \"Tie/\""))
  }
}
