import Foundation

extension Interpreter {
  /// Runs a fetch request through its plan: whole objects (which become the selection), or
  /// the result rows of `select`.
  func fetch(_ fetch: BoundFetch, _ compiler: PredicateCompiler) throws -> ResultSet {
    let table = context.graph.table(fetch.entity.name)
    let plan = Planner.plan(fetch, objects: table.count)
    switch try PlanExecutor(table: table, compiler: compiler).run(plan).0 {
    case .objects(let positions):
      return ResultSet(
        entity: fetch.entity.name, columns: ResultColumn.columns(of: fetch.entity),
        ids: positions.map { ObjectID(entity: fetch.entity.name, key: table.keys[$0]) },
        rows: positions.map(table.row(at:)))
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
}
