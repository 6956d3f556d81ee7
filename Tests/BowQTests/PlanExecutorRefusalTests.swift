import Foundation
import XCTest

@testable import BowQ

/// The executor refuses a step given what it does not take — a filter after a count, a
/// `distinct` over objects, a second scan — as an internal error that prints the plan,
/// never a silent empty result.
final class PlanExecutorRefusalTests: XCTestCase {
  private let entity = Entity(name: "E", attributes: [])

  private func run(_ operations: [PlanStep.Operation]) -> Result<String, Error> {
    var table = EntityTable()
    for key: Int64 in 1...3 { table.insert([.int(key)], key: key) }
    let plan = QueryPlan(
      entity: entity,
      steps: operations.map { PlanStep(operation: $0) },
      output: .objects)
    let executor = PlanExecutor(
      table: table, compiler: PredicateCompiler(expressions: ExpressionCompiler(now: Date())))
    return Result { "\(try executor.run(plan).0)" }
  }

  func testAStepGivenWhatItDoesNotTakeIsAnInternalErrorWithThePlan() {
    let wrong: [(operations: [PlanStep.Operation], plan: String)] = [
      (
        [.scan(objects: 3), .count, .filter(.constant(true))],
        "  scan 3 E objects\n  count\n→ filter by the predicate"
      ),
      (
        [.scan(objects: 3), .filter(.constant(true)), .distinct],
        "  scan 3 E objects\n  filter by the predicate\n→ keep distinct rows"
      ),
      (
        [.scan(objects: 3), .filter(.constant(true)), .scan(objects: 3)],
        "  scan 3 E objects\n  filter by the predicate\n→ scan 3 E objects"
      ),
      (
        [.scan(objects: 3), .count, .page(offset: 0, limit: 1)],
        "  scan 3 E objects\n  count\n→ take 1"
      ),
    ]
    for (operations, plan) in wrong {
      guard case .failure(let error) = run(operations) else {
        XCTFail("\(operations) ran")
        continue
      }
      let message = "\(error)"
      XCTAssertTrue(message.hasPrefix("internal error: step 3 of the plan was given "), message)
      XCTAssertTrue(message.hasSuffix(plan), message)
    }
  }

  func testTheStepsOfAPlanRunInTheirOrder() throws {
    let result = try run([.scan(objects: 3), .filter(.constant(true)), .page(offset: 1, limit: 1)])
      .get()
    XCTAssertEqual(result, "objects([1])")
  }
}
