import Foundation

extension Interpreter {
  /// Runs a fetch request through its plan: whole objects (which become the selection), or
  /// the result rows of `select`. The entity's sub-entities' objects are included, each
  /// under its own entity, with the entity's properties.
  func fetch(_ fetch: BoundFetch, _ compiler: PredicateCompiler) throws -> ResultSet {
    let source = source(for: fetch)
    let plan = Planner.plan(fetch, source: source)
    switch try PlanExecutor(source: source, compiler: compiler).run(plan).0 {
    case .objects(let positions):
      return ResultSet(
        entity: fetch.entity.name, columns: ResultColumn.columns(of: fetch.entity),
        ids: positions.map(source.id(at:)), rows: ResultRows(source: source, positions: positions))
    case .rows(let rows):
      return ResultSet(
        entity: fetch.entity.name,
        columns: (fetch.projection?.columns ?? []).map {
          ResultColumn(name: $0.name, type: $0.type)
        },
        ids: [], rows: rows)
    case .count:
      return ResultSet(entity: fetch.entity.name, columns: [], ids: [], rows: [])
    }
  }

  /// The source a fetch reads, with the indexes it may search: none without a predicate or
  /// sort keys, so that a plain `fetch` streams its first row at once rather than first
  /// building indexes it cannot use.
  func source(for fetch: BoundFetch) -> PlanSource {
    source(of: fetch.entity, for: fetch.predicate, sort: fetch.sort)
  }
}
