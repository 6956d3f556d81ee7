import Foundation

extension Interpreter {
  /// Runs a fetch request through its plan: whole objects (which become the selection), or
  /// the result rows of `select`. The entity's sub-entities' objects are included, each
  /// under its own entity, with the entity's properties.
  func fetch(_ fetch: BoundFetch, _ compiler: PredicateCompiler) throws -> ResultSet {
    let indexes = usableIndexes(for: fetch)
    let scan = HierarchyScan(of: fetch.entity, in: context.graph)
    let table = scan.table
    let plan = Planner.plan(fetch, objects: table.count, indexes: indexes)
    switch try PlanExecutor(table: table, compiler: compiler).run(plan).0 {
    case .objects(let positions):
      return ResultSet(
        entity: fetch.entity.name, columns: ResultColumn.columns(of: fetch.entity),
        ids: positions.map(scan.id(at:)),
        rows: ResultRows(table: table, positions: positions))
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

  /// The indexes a fetch may search: none without a predicate or sort keys, so that a plain
  /// `fetch` streams its first row at once rather than first building indexes it cannot use.
  func usableIndexes(for fetch: BoundFetch) -> [BuiltIndex] {
    usableIndexes(of: fetch.entity, for: fetch.predicate, sort: fetch.sort)
  }
}
