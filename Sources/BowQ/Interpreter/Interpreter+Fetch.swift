import Foundation

extension Interpreter {
  /// Runs a fetch request through its plan: whole objects (which become the selection), or
  /// the result rows of `select`. The entity's sub-entities' objects are included, each
  /// under its own entity, with the entity's properties.
  func fetch(_ fetch: BoundFetch, _ compiler: PredicateCompiler) throws -> ResultSet {
    let (plan, source) = plan(.fetch(fetch))
    switch try PlanExecutor(source: source, compiler: compiler).run(plan).0 {
    case .objects(let positions):
      let ids = positions.map(source.id(at:))
      let members = context.graph.model.hierarchy(of: fetch.entity.name)
      guard members.contains(where: { isInStoreFile($0.name) }) else {
        return ResultSet(
          entity: fetch.entity.name, columns: ResultColumn.columns(of: fetch.entity), ids: ids,
          rows: ResultRows(source: source, positions: positions))
      }
      // A few objects, read from the file row by row (``ColumnsRead``), each in the layout of
      // the entity fetched; where a read-only session left some out, reading what it could
      // of a damaged store, the fetch runs again on the columns.
      let rows = try ids.compactMap { try row(of: $0, as: fetch.entity) }
      guard rows.count == ids.count else {
        try decodeColumns(ofHierarchyOf: fetch.entity.name)
        return try self.fetch(fetch, compiler)
      }
      return ResultSet(
        entity: fetch.entity.name, columns: ResultColumn.columns(of: fetch.entity), ids: ids,
        rows: ResultRows(rows))
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

  /// The plan of `request` over the graph's tables, with the source it reads
  /// (``Planner/plan(_:tables:)``).
  func plan(_ request: PlanRequest) -> (QueryPlan, PlanSource) {
    Planner.plan(request, tables: tableSources)
  }

  /// The graph's tables as the sources of plans: an index a plan could use is built in the
  /// context when the plan is made. An entity whose keys are still in the store file (a
  /// count read none, ``ColumnsRead/keys``) offers no index, since an index lists keys.
  private var tableSources: TableSources {
    TableSources(
      model: context.graph.model, table: { [unowned self] in context.graph.table($0) },
      indexes: { [unowned self] entity, leading, building in
        guard !context.graph.table(entity).keysInFile else { return [] }
        context.prepareIndexes(for: entity, leading: leading, building: building)
        return context.graph.builtIndexes(of: entity)
      }, keepsBuiltIndexes: keepsBuiltIndexes)
  }

  /// Whether an index built now outlives the statement: a writable store file's next save
  /// writes it, and a session in memory (or on a Core Data store read whole) keeps it for
  /// its later statements; a session on a read-only store file never writes it, and one
  /// that runs no statement after this one (``expectsMoreStatements``) has no later use
  /// for it.
  var keepsBuiltIndexes: Bool {
    guard expectsMoreStatements else { return false }
    guard case .file(let handle) = store else { return true }
    return handle.access == .readWrite
  }
}
