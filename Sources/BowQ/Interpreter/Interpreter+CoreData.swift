import Foundation

extension Interpreter {
  /// Runs a count or fetch of a Core Data store whose rows are still in the file through
  /// its plan over the store's rows (``CoreDataPlanSource``): in SQLite where it can, the
  /// rest in memory over the rows SQLite returns; and `explain` or `explain analyze` of one.
  /// Nil when the statement needs the whole graph, which the caller then reads
  /// (``readCoreDataRows(for:)``).
  func runInCoreDataStore(_ statement: Statement, _ bound: BoundStatement, now: Date) throws
    -> StatementResult?
  {
    guard let file = coreDataFile else { return nil }
    try checkCoreDataStoreUnchanged(file, statement)
    let source = CoreDataPlanSource(file: file)
    var planned = statement
    if case .explain(let inner) = statement.kind { planned = inner }
    if case .explainAnalyze(let inner) = statement.kind { planned = inner }
    let request = PlanRequest(bound, wording: planned)
    let plan: QueryPlan
    switch request.map({ Planner.plan($0, external: source) }) {
    case .plan(let planned)?:
      plan = planned
    case let refused:
      guard case .explain = statement.kind else { return nil }
      // `explain` reads nothing: it tells the plan that runs once every row is read.
      var reason = "only count and fetch run in SQLite"
      if case .needsGraph(let refusal)? = refused {
        // A row that reading would fail on fails the explanation as it fails the statement.
        if refusal.isUnreadable {
          throw EvaluationError(
            "cannot read the rows of the Core Data store \(Value.quoted(file.path)): "
              + refusal.reason, at: statement.range)
        }
        reason = refusal.reason
      }
      var lines = ["read every row of the Core Data store into memory (\(reason)), then:"]
      if let request {
        let model = context.graph.model
        lines +=
          PlanRenderer().lines(
            of: Planner.plan(request, afterReading: source, model: model)) + outcome(of: planned)
      } else {
        lines += explain(planned, bound, now: now)
      }
      return .explanation(lines + coreDataRecoveryLines)
    }
    let explanation = PlanRenderer(external: source).lines(of: plan) + outcome(of: planned)
    switch statement.kind {
    case .explain:
      return .explanation(explanation + coreDataRecoveryLines)
    case .explainAnalyze:
      let start = stopwatch()
      guard let execution = try run(plan, over: source, statement, now: now) else { return nil }
      let elapsed = stopwatch() &- start
      let found: String
      switch execution.result {
      case .count(let n): found = "\(n)"
      case .objects(let positions):
        found = "\(positions.count) row\(positions.count == 1 ? "" : "s")"
      case .rows(let rows): found = "\(rows.count) row\(rows.count == 1 ? "" : "s")"
      }
      return .explanation(
        explanation + ["→ \(found) in \(Self.milliseconds(elapsed))"] + coreDataRecoveryLines)
    case .fetch, .count:
      break
    default:
      return nil
    }
    guard let execution = try run(plan, over: source, statement, now: now) else { return nil }
    switch (bound, execution.result) {
    case (.count(let entity, _), .count(let n)):
      return .count(entity: entity.name, n)
    case (.fetch(let fetch), .objects(let positions)):
      let found = positions.map(execution.source.id(at:))
      selection = (fetch.entity.name, found)
      lastFetchReturnedValues = false
      lastFetch = (fetch.entity.name, fetch.request.predicate)
      return .objects(
        ResultSet(
          entity: fetch.entity.name, columns: ResultColumn.columns(of: fetch.entity), ids: found,
          rows: ResultRows(source: execution.source, positions: positions)))
    default:
      return nil
    }
  }

  /// Where the rows of the Core Data store came from beyond its file (its write-ahead log,
  /// a crashed writer's journal rolled back), for `.tables` and `explain`; nil when the file
  /// alone held them, or for any other store.
  public var coreDataRecoveryNote: String? {
    (coreDataFile ?? coreDataSource?.file)?.recovery?.note
  }

  /// ``coreDataRecoveryNote`` as the last line of an explanation.
  var coreDataRecoveryLines: [String] {
    coreDataRecoveryNote.map { ["note: \($0)"] } ?? []
  }

  /// Why the rows of the Core Data store, still in its file, can no longer be read: the file
  /// changed since it was opened (``CoreDataStoreError/Kind/changed``); nil when it did not,
  /// or once the rows are read.
  public var coreDataStoreChange: String? {
    guard let file = coreDataFile else { return nil }
    do {
      try file.connection.checkUnchanged()
      return nil
    } catch {
      return error.message
    }
  }

  /// Fails `statement` when the Core Data store's file changed since it was opened, before
  /// SQLite reads what no longer describes it (a vacuumed file's pages, a log grown since).
  private func checkCoreDataStoreUnchanged(_ file: CoreDataStoreFile, _ statement: Statement)
    throws
  {
    if let change = coreDataStoreChange { throw EvaluationError(change, at: statement.range) }
  }

  /// What `plan` finds over the store's rows; nil when a comparison of the engine failed
  /// inside SQLite (a pattern that does not compile), so that the statement runs in memory,
  /// where the failure is told with its place in the statement.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stopped SQLite, as it stops a statement in memory.
  private func run(
    _ plan: QueryPlan, over source: CoreDataPlanSource, _ statement: Statement, now: Date
  ) throws -> PlanExecutor.Execution? {
    do {
      return try PlanExecutor(external: source, compiler: compiler(now)).execute(plan)
    } catch let error as CoreDataStoreError where error.kind == .sqlite {
      return nil
    } catch let error as CoreDataStoreError where error.kind == .interrupted {
      throw Interrupted()
    } catch let error as CoreDataStoreError {
      throw EvaluationError(
        "cannot read the Core Data store \(Value.quoted(source.file.path)): \(error)",
        at: statement.range)
    }
  }

  /// The notes after a count or fetch run in SQLite that found nothing
  /// (``emptyResultNotes(_:_:_:now:)``).
  func emptyResultNotes(
    after result: StatementResult, _ statement: Statement, _ bound: BoundStatement, now: Date
  ) throws -> [StatementNote] {
    switch (statement.kind, bound, result) {
    case (.count(_, let syntax), .count(let entity, let predicate), .count(_, 0)):
      return try emptyResultNotes(entity, syntax, predicate, now: now)
    case (.fetch(let request), .fetch(let fetch), .objects(let found)) where found.ids.isEmpty:
      return try emptyResultNotes(fetch.entity, request.predicate, fetch.predicate, now: now)
    default:
      return []
    }
  }

  /// ``firstFoldedMatch`` answered in SQLite: nil when SQLite cannot answer both, or when the
  /// compared key path reads more than the object's attributes (which the note shows).
  func firstFoldedMatchInStore(
    _ entity: Entity, exact: BoundPredicate, folded: BoundPredicate, _ compiler: PredicateCompiler
  ) throws -> EvaluationScope? {
    guard let file = coreDataFile, case .comparison(let comparison) = exact,
      CoreDataPlanSource.readsOnlyAttributes(comparison.lhs, entity.attributes.count)
    else { return nil }
    let source = CoreDataPlanSource(file: file)
    let executor = PlanExecutor(external: source, compiler: compiler)
    guard case .plan(let none) = Planner.plan(.count(entity, exact, nil), external: source),
      case .plan(let first) = Planner.plan(
        .first(limit: 1, entity, folded), external: source),
      case .count(0) = try executor.run(none).0
    else { return nil }
    let found = try executor.execute(first)
    guard case .objects(let positions) = found.result, let position = positions.first,
      found.source.id(at: position).entity == entity.name
    else { return nil }
    return EvaluationScope(
      row: found.source.row(at: position), key: found.source.id(at: position).key)
  }

  /// Reads every row of the Core Data store into the context, once, for a statement that
  /// needs the whole graph, and answers the reading's notes (rows left out or read as nil)
  /// as notes on that statement; Ctrl-C stops the reading, which then fails naming it.
  func readCoreDataRows(for statement: Statement) throws -> [StatementNote] {
    guard let file = coreDataFile else { return [] }
    try checkCoreDataStoreUnchanged(file, statement)
    let notes: [String]
    do {
      let read = try file.readGraph()
      context = Context(graph: read.graph)
      coreDataSource = (file, read.versions)
      notes = read.notes
    } catch {
      throw EvaluationError(
        "cannot read the rows of the Core Data store \(Value.quoted(file.path)): \(error)"
          + (coreDataFileVersion.map { "; " + $0.outcome(at: file.path) } ?? ""),
        at: statement.range)
    }
    coreDataFile = nil
    return notes.map { StatementNote(.note, $0, at: statement.range) }
  }

  /// How many objects of `entity` alone the store holds: from the graph, or counted by
  /// SQLite while the rows of a Core Data store are still in the file.
  public func objectCount(of entity: String) -> Int {
    guard let file = coreDataFile else { return context.graph.table(entity).count }
    return (try? file.objectCount(of: entity)) ?? 0
  }
}
