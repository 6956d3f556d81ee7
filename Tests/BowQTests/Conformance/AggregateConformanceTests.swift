import BowQ
import Foundation
import XCTest

/// Collections: "Predicate Format String Syntax" — Aggregate Operations — "Using
/// Predicates with Key-Paths", and features §4 (IN, CONTAINS on collections) and §5.
final class AggregateConformanceTests: XCTestCase {
  private typealias C = Conformance

  func testAnyAndSome() {
    let any =
      "Aggregate Operations: \"ANY, SOME\" — any of the elements, as in ANY children.age < 18"
    C.check(any, "ANY ties.rating > 4", is: true)
    C.check(any, "SOME ties.rating > 4", is: true)
    C.check(any, "ANY ties.rating > 5", is: false)
    C.check(
      "Using Predicates with Key-Paths: \"ANY employees.firstName like 'Matthew'\"",
      "ANY ties.name LIKE 'Polka*'", is: true)
    C.check("features §5: ANY of an empty collection is false", "ANY empty == 1", is: false)
    C.check("features §8: ANY with a nil left side is false", "ANY missing == 1", is: false)
  }

  func testAll() {
    let all = "Aggregate Operations: \"ALL\" — all of the elements"
    C.check(all, "ALL ties.rating >= 2", is: true)
    C.check(all, "ALL ties.rating > 2", is: false)
    C.check("features §5: ALL of an empty collection is true", "ALL empty == 1", is: true)
    C.check("features §8: ALL with a nil left side is true", "ALL missing == 1", is: true)
  }

  func testNone() {
    let none = "Aggregate Operations: \"NONE\" — logically equivalent to NOT (ANY …)"
    C.check(none, "NONE ties.rating > 5", is: true)
    C.check(none, "NONE ties.rating > 4", is: false)
    C.check(none, "NOT (ANY ties.rating > 4)", is: false)
    C.check("features §5: NONE of an empty collection is true", "NONE empty == 1", is: true)
  }

  func testQualifiersNeedACollection() {
    let qualifier = "features §5: a qualifier on a non-collection raises"
    C.raises(
      qualifier, "ANY name == 'Ann'", error: "1:1: ANY needs a collection on its left, not a string"
    )
    C.raises(
      qualifier, "ALL 3 == 3",
      error:
        "1:5: ALL needs a collection on its left (a to-many key path or {…}), but 3 is an integer")
    C.check(
      "features §5: on aggregate literals",
      "ANY {1, 2} == 2 AND ALL {1, 2} > 0 AND NONE {1, 2} > 2", is: true)
  }

  func testToManyWithoutAQualifier() {
    let direct = "features §5: a to-many key path without a qualifier is not implicit ANY"
    C.check(direct, "ties.rating == 5", is: false)
    C.raises(
      "features §5: ordering operators raise on it", "ties.rating > 4",
      error: "1:1: cannot order a collection ({3.5, 5, 2}) against an integer (4)")
  }

  func testIn() {
    let inOperator =
      "Aggregate Operations: \"IN\" — the left-hand side must appear in the collection"
    C.check(inOperator, "name IN { 'Ben', 'Ann', 'Nick' }", is: true)
    C.check(inOperator, "name IN %@", [["Ben", "Nick"]], is: false)
    C.check(
      "Aggregate Operations: IN — \"The collection may be an array, a set\"", "age IN %@",
      [Set([41, 42])], is: true)
    let dictionary =
      "Aggregate Operations: IN — \"in the case of a dictionary, its values are used\""
    C.check(
      dictionary, "zip IN %@", [["home": 1_003, "work": 8_000]], on: ["zip": 1_003], is: true)
    C.check(dictionary, "1003 IN address", is: true)
    C.check(dictionary, "'zip' IN address", is: false)
    C.check("features §4: x IN {} is false", "age IN {}", is: false)
    C.check("features §4: IN a to-many key path", "'Polka Dot' IN ties.name", is: true)
    C.check("features §4: IN takes [c]", "'ANN' IN[c] {'ann', 'bob'}", is: true)
  }

  func testContainsOnCollections() {
    let contains =
      "features §4: CONTAINS with a collection on the left tests membership by equality"
    C.check(contains, "ties.name CONTAINS 'Polka Dot'", is: true)
    C.check(contains, "ties.name CONTAINS 'Polka'", is: false)
    C.check(contains, "{1, 2} CONTAINS age OR scores CONTAINS 2", is: true)
  }

  func testCollectionOperatorsInComparisons() {
    let operators = "features §5: \"Use ANY/ALL/NONE, CONTAINS, IN, @count, or SUBQUERY\""
    C.check(operators, "ties.@count == 3 AND scores.@sum == 6 AND scores.@avg == 2", is: true)
    C.check(operators, "ties.@max.timesWorn > 10", is: true)
  }

  func testFilteringArrays() throws {
    let people: [[String: Any]] = [["name": "Ann", "age": 41], ["name": "Ben", "age": 7]]
    let adults = try FormatPredicate(format: "age >= %d", 18).filter(people)
    XCTAssertEqual(
      adults.map { $0["name"] as? String }, ["Ann"],
      "Using Predicates with Arrays: filteredArrayUsingPredicate: keeps the elements that match")
  }
}
