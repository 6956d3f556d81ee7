import Foundation
import XCTest

@testable import BowQ

/// Plans over an external source (``ExternalSource``), asked as SQLite asks a virtual table
/// through `xBestIndex`: the planner builds the plan from the source's answer — the step
/// that reads it, then a filter by the conjuncts it leaves (nested ANDs flattened, any
/// position), a sort and a page when it does not — and the executor runs it over the rows
/// the source gives. Asserted by structure; the Core Data source's wording is tested with
/// its store.
final class ExternalPlanTests: XCTestCase {
  /// A source that takes on the conjuncts at `consumed`, sorts and pages as told, and gives
  /// `rows` (`name`, `rating`) whatever it is asked, recording what it was asked.
  private final class Stub: ExternalSource {
    let consumed: Set<Int>
    let sorts: Bool
    let pages: Bool
    let rows: [[Value]]
    var asked: [ExternalQuery] = []

    init(consumed: Set<Int>, sorts: Bool, pages: Bool, rows: [[Value]]) {
      self.consumed = consumed
      self.sorts = sorts
      self.pages = pages
      self.rows = rows
    }

    var name: String { "the stub" }

    func bestAccess(for query: ExternalQuery) -> Result<ExternalAccess, ExternalRefusal> {
      asked.append(query)
      let taken = query.conjuncts.indices.filter(consumed.contains)
      return .success(
        ExternalAccess(
          consumed: taken, sorts: sorts, pages: pages,
          counts: !query.wholeObjects && taken.count == query.conjuncts.count,
          estimatedRows: rows.count, estimatedCost: Double(rows.count)))
    }

    func read(_ scan: ExternalScan) throws -> ExternalRows {
      if scan.access.counts { return .count(rows.count) }
      var table = EntityTable()
      for (i, row) in rows.enumerated() { table.insert(row, key: Int64(i + 1)) }
      return .rows(table, ids: rows.indices.map { ObjectID(entity: "Tie", key: Int64($0 + 1)) })
    }

    func describe(_ scan: ExternalScan) -> [String] { ["read the stub"] }

    func estimatedObjects(of entity: Entity) -> Int { rows.count }
  }

  private let rows: [[Value]] = [
    [.string("a"), .int(4)], [.string("b"), .int(5)], [.string("a"), .int(1)],
    [.string("c"), .int(3)],
  ]

  private func request(_ statement: String) throws -> PlanRequest {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run("entity Tie { name: String, rating: Int16 }")
    let parsed = try XCTUnwrap(Parser.parseScript(statement).first)
    let binder = Binder(model: interpreter.context.graph.model, variables: [:], now: Date())
    return try XCTUnwrap(PlanRequest(try binder.bind(parsed, selection: nil), wording: parsed))
  }

  private func plan(_ statement: String, _ source: Stub) throws -> QueryPlan {
    guard case .plan(let plan) = Planner.plan(try request(statement), external: source) else {
      throw XCTSkip("the stub refused \(statement)")
    }
    return plan
  }

  private func kinds(_ plan: QueryPlan) -> [String] {
    plan.steps.map { step in
      switch step.operation {
      case .external(let scan): return "external \(scan.access.consumed)"
      case .filter: return "filter"
      case .sortObjects: return "sort"
      case .page(let offset, let limit): return "page \(offset) \(limit ?? -1)"
      case .count: return "count"
      default: return "other"
      }
    }
  }

  func testTheSourceIsAskedEveryConjunctNestedAndsFlattened() throws {
    let stub = Stub(consumed: [2], sorts: false, pages: false, rows: rows)
    let plan = try plan(
      #"fetch Tie where name == "a" AND (rating > 1 AND (rating < 5 AND name != nil))"#
        + " sort by rating desc limit 1", stub)
    XCTAssertEqual(stub.asked.first?.conjuncts.count, 4)
    XCTAssertEqual(kinds(plan), ["external [2]", "filter", "sort", "page 0 1"])
    let executor = PlanExecutor(
      external: stub, compiler: PredicateCompiler(expressions: ExpressionCompiler(now: Date())))
    let run = try executor.execute(plan)
    guard case .objects(let positions) = run.result else { return XCTFail("no objects") }
    XCTAssertEqual(positions.map(run.source.id(at:)), [ObjectID(entity: "Tie", key: 1)])
  }

  func testWhatTheSourceTakesOnIsNotDoneAgain() throws {
    let stub = Stub(consumed: [0, 1], sorts: true, pages: true, rows: rows)
    XCTAssertEqual(
      kinds(try plan(#"fetch Tie where name == "a" AND rating > 1 sort by name limit 2"#, stub)),
      ["external [0, 1]"])
    XCTAssertEqual(
      kinds(try plan("count Tie where rating > 1 AND name != nil", stub)), ["external [0, 1]"])
    let leaving = Stub(consumed: [1], sorts: true, pages: false, rows: rows)
    XCTAssertEqual(
      kinds(try plan(#"count Tie where name == "a" AND rating > 1"#, leaving)),
      ["external [1]", "filter", "count"])
  }

  func testAFetchWithSelectNeedsTheGraph() throws {
    let stub = Stub(consumed: [0], sorts: true, pages: true, rows: rows)
    guard
      case .needsGraph(let refusal) = Planner.plan(
        try request("fetch Tie select name where rating > 1"), external: stub)
    else { return XCTFail("planned over the stub") }
    XCTAssertEqual(refusal.reason, "a fetch with select runs in memory")
  }
}
