import XCTest

@testable import BowQ

extension Interpreter {
  /// The plan the statement `statement` runs on this interpreter's graph, with the source it
  /// reads: planned as the statement would run, nothing run.
  func plan(_ statement: String) throws -> (QueryPlan, PlanSource) {
    let parsed = try XCTUnwrap(Parser.parseScript(statement).first)
    let binder = Binder(model: context.graph.model, variables: variables, now: Date())
    return try XCTUnwrap(plan(of: parsed, try binder.bind(parsed, selection: nil)))
  }

  /// The shape of the plan of `statement` (``QueryPlan/shape``).
  func shape(_ statement: String) throws -> [String] {
    try plan(statement).0.shape
  }
}

extension QueryPlan {
  /// The plan's structure, one entry a step: each step's operation with what it is made of
  /// (`scan(40)`, `indexLookup(byRatingName[2])`, `topObjects(5)`, `page(2, 3)`,
  /// `memberSearch(name, scan+filter)`), no words of `explain`, so plan tests assert what the
  /// planner chose rather than how it is told.
  var shape: [String] { steps.map(\.operation.shape) }
}

extension PlanStep.Operation {
  /// The operation and what it is made of: an index by its name (with `[n]` when a search
  /// tests its first `n` attributes), a count of objects, a page's offset and limit, each
  /// member search's index (or `scan`).
  var shape: String {
    switch self {
    case .scan(let objects, let atMost, let entities):
      return "scan(\(atMost ? "at most " : "")\(objects)"
        + (entities.isEmpty ? "" : "; " + entities.joined(separator: ", ")) + ")"
    case .indexLookup(let lookup, _): return "indexLookup(\(Self.searched(lookup)))"
    case .indexCount(let lookup): return "indexCount(\(Self.searched(lookup)))"
    case .indexWalk(let walk):
      return "indexWalk("
        + (walk.lookup.map { "search " + Self.searched($0) } ?? walk.index.definition.name)
        + (walk.predicate == nil ? "" : ", filtered") + (walk.count.map { ", \($0)" } ?? "") + ")"
    case .filter: return "filter"
    case .sortObjects(let keys): return "sortObjects(\(keys.count))"
    case .topObjects(_, let count): return "topObjects(\(count))"
    case .page(let offset, let limit): return "page(\(offset), \(limit.map(String.init) ?? "nil"))"
    case .project: return "project"
    case .distinct: return "distinct"
    case .having: return "having"
    case .sortRows(let keys): return "sortRows(\(keys.count))"
    case .count: return "count"
    case .memberSearch(let searches): return "memberSearch(\(Self.members(searches)))"
    case .memberCount(let searches): return "memberCount(\(Self.members(searches)))"
    case .external(let scan):
      return "external(\(scan.access.consumed.count) of \(scan.query.conjuncts.count))"
    }
  }

  /// `byRatingName[2]`: the index a lookup searches, and how many of its first attributes
  /// when more than one.
  private static func searched(_ lookup: IndexLookup) -> String {
    lookup.index.definition.name + (lookup.leading.isEmpty ? "" : "[\(lookup.leading.count + 1)]")
  }

  private static func members(_ searches: [MemberSearch]) -> String {
    searches.map { search in
      (search.lookup.map(searched) ?? "scan") + (search.predicate == nil ? "" : "+filter")
    }.joined(separator: ", ")
  }
}
