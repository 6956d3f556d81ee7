import Foundation
import XCTest

@testable import BowQ

/// A `TERNARY` whose condition reads no object (`1 == 1`) is bound as the branch it takes:
/// an index on that branch serves the query, and every answer is the one evaluation of the
/// whole `TERNARY` gives.
final class TernaryFoldingTests: XCTestCase {
  private func fetched(_ predicate: String, _ interpreter: Interpreter) throws -> [Int64] {
    guard case .objects(let result)? = try interpreter.run("fetch BowTie where " + predicate).last
    else {
      XCTFail("\(predicate) fetched no objects")
      return []
    }
    return result.ids.map(\.key)
  }

  /// The bound comparison of `fetch BowTie where predicate`.
  private func bound(_ predicate: String, _ interpreter: Interpreter) throws -> BoundComparison? {
    let statement = try XCTUnwrap(Parser.parseScript("fetch BowTie where " + predicate).first)
    let binder = Binder(model: interpreter.context.graph.model, variables: [:], now: Date())
    guard case .fetch(let fetch) = try binder.bind(statement, selection: nil),
      case .comparison(let comparison)? = fetch.predicate
    else { return nil }
    return comparison
  }

  func testAConstantConditionIsBoundAsItsBranch() throws {
    let interpreter = try Interpreter.sampleInMemory()
    let entity = try XCTUnwrap(interpreter.context.graph.model.entity(named: "BowTie"))
    for (predicate, attribute) in [
      ("TERNARY(1 == 1, rating, timesWorn) > 3", "rating"),
      (#"TERNARY(NOT "a" ==[c] "A" OR 2 < 1, rating, timesWorn) > 3"#, "timesWorn"),
      ("TERNARY(TRUEPREDICATE AND 1 + 1 == 2, rating, timesWorn) > 3", "rating"),
    ] {
      let lhs = try XCTUnwrap(try bound(predicate, interpreter)).lhs
      guard case .slot(let slot) = lhs.kind else {
        XCTFail("\(predicate) is bound as \(lhs)")
        continue
      }
      XCTAssertEqual(slot, entity.index(ofAttribute: attribute), predicate)
    }
    XCTAssertThrowsError(
      try bound("TERNARY(1 == 1, rating, 1/0 + 'a') > 3", interpreter),
      "the branch not taken is still type-checked")
    let kept = try XCTUnwrap(try bound("TERNARY(rating > 3, 1, 0) == 1", interpreter)).lhs
    guard case .ternary = kept.kind else {
      return XCTFail("a condition that reads the object is kept: \(kept)")
    }
  }

  func testAConstantConditionLetsAnIndexServeTheBranch() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Tie {
        rating: Int16?, worn: Int16?
        index rating
      }
      insert Tie rating = 4, worn = 1
      insert Tie rating = 2, worn = 5
      """)
    XCTAssertEqual(
      try interpreter.explanation("explain count Tie where TERNARY(1 == 1, rating, worn) > 3")
        .first,
      "count in index rating for rating > 3 (1 Tie object, counted in the index)")
  }

  func testAFoldedTernaryAnswersAsItsBranch() throws {
    let interpreter = try Interpreter.sampleInMemory()
    for (ternary, branch) in [
      ("TERNARY(1 == 1, rating, timesWorn) > 3", "rating > 3"),
      ("TERNARY(1 == 2, rating, timesWorn) > 3", "timesWorn > 3"),
      (
        #"TERNARY("Bow" BEGINSWITH[c] "b", name, searchKey) CONTAINS "Tie""#,
        #"name CONTAINS "Tie""#
      ),
      ("TERNARY(3 IN {1, 2}, rating, timesWorn) <= 2", "timesWorn <= 2"),
      ("TERNARY(TRUEPREDICATE AND 1 != 1, 1/0, timesWorn) == 4", "timesWorn == 4"),
    ] {
      XCTAssertEqual(
        try fetched(ternary, interpreter), try fetched(branch, interpreter), ternary)
    }
  }
}
