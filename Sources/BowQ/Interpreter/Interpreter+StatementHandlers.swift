import Foundation

/// The handlers of statements, one for each kind, which ``Interpreter/execute(_:)`` finds
/// by the statement's case once it is bound.
extension Interpreter {
  /// The handler of `run`'s kind of statement, its operands taken from its case.
  func handler(of run: StatementRun) -> () throws -> StatementResult {
    switch run.statement.kind {
    case .explain(let inner): return { try self.runExplain(inner, run) }
    case .explainAnalyze(let inner): return { try self.runExplainAnalyze(inner, run) }
    default: break
    }
    switch run.bound {
    case .defineEntity(let entity, let renames):
      return { try self.runDefineEntity(entity, renames: renames, run) }
    case .importPlist(let path, let entity): return { try self.runImportPlist(path, entity, run) }
    case .importModel(let path): return { try self.runImportModel(path, run) }
    case .export(let export): return { try self.runExport(export, run) }
    case .fetch(let fetch): return { try self.runFetch(fetch, run) }
    case .count(let entity, let predicate): return { try self.runCount(entity, predicate, run) }
    case .set(let assignments): return { try self.runSet(assignments, run) }
    case .insert(let entity, let assignments):
      return { try self.runInsert(entity, assignments, run) }
    case .update(let entity, let predicate, let assignments):
      return { try self.runUpdate(entity, predicate, assignments, run) }
    case .delete(let entity, let predicate): return { try self.runDelete(entity, predicate, run) }
    case .save: return { try self.runSave(run) }
    case .rollback: return runRollback
    case .changes(let all): return { self.runChanges(all: all) }
    case .undo: return runUndo
    case .redo: return runRedo
    case .validate: return runValidate
    case .why(let request): return { try self.runWhy(request, run) }
    case .show(let request): return { try self.runShow(request, run) }
    }
  }

  /// `explain`: the plan of the statement as it runs, with its lesson.
  private func runExplain(_ inner: Statement, _ run: StatementRun) throws -> StatementResult {
    let running = run.binder.folded(inner, selection: run.selectedEntity)
    lesson = StatementLesson(inner, running: running, model: context.graph.model)
    return .explanation(explain(running, run.bound, now: run.now) + coreDataRecoveryLines)
  }

  /// `explain analyze`: the statement run, with what each step of its plan did.
  private func runExplainAnalyze(_ inner: Statement, _ run: StatementRun) throws
    -> StatementResult
  {
    .explanation(
      try analyze(run.binder.folded(inner, selection: run.selectedEntity), run.bound, now: run.now)
        + coreDataRecoveryLines)
  }

  /// `entity Name { … }`: defines the entity, or redefines it, migrating its objects.
  private func runDefineEntity(
    _ entity: Entity, renames: [String: String], _ run: StatementRun
  ) throws -> StatementResult {
    let existed = context.graph.model.entity(named: entity.name) != nil
    do {
      try edit { context throws in try context.define(entity, renames: renames) }
    } catch let error as MigrationError {
      throw LanguageError(.semantic, error.message, at: run.range)
    }
    return .report(
      .entityDefined(
        entity: entity.name,
        properties: entity.attributes.count + entity.relationships.count, redefined: existed))
  }

  /// `import "file.plist" into Entity`.
  private func runImportPlist(_ path: String, _ entity: Entity, _ run: StatementRun) throws
    -> StatementResult
  {
    try requireConcrete(entity, at: run.range)
    return .report(try importPlist(path, into: entity, range: run.range))
  }

  /// `import model "App.xcdatamodeld"`.
  private func runImportModel(_ path: String, _ run: StatementRun) throws -> StatementResult {
    .report(try importModel(path, range: run.range))
  }

  /// `export Entity … to "file"`.
  private func runExport(_ export: BoundExport, _ run: StatementRun) throws -> StatementResult {
    .report(try self.export(export, compiler(run.now), range: run.range))
  }

  /// `fetch`: the objects or rows, which become the selection `set` changes (without
  /// `select`) and the fetch `why` explains.
  private func runFetch(_ fetch: BoundFetch, _ run: StatementRun) throws -> StatementResult {
    let result = try self.fetch(fetch, compiler(run.now))
    selection = fetch.projection == nil ? (fetch.entity.name, result.ids) : nil
    lastFetchReturnedValues = fetch.projection != nil
    lastFetch = (fetch.entity.name, fetch.request.predicate)
    if result.rows.isEmpty {
      notes += try emptyResultNotes(
        fetch.entity, fetch.request.predicate, fetch.predicate, now: run.now)
    }
    return .objects(result)
  }

  /// `count Entity [where P]`.
  private func runCount(_ entity: Entity, _ predicate: BoundPredicate?, _ run: StatementRun)
    throws -> StatementResult
  {
    try counted(try countMatching(entity, predicate, compiler(run.now)), of: entity, predicate, run)
  }

  /// The result of `count Entity [where P]` that found `count` objects, with the notes about
  /// an empty result when it found none.
  func counted(
    _ count: Int, of entity: Entity, _ predicate: BoundPredicate?, _ run: StatementRun
  ) throws -> StatementResult {
    if count == 0, case .count(_, let syntax) = run.statement.kind {
      notes += try emptyResultNotes(entity, syntax, predicate, now: run.now)
    }
    return .count(entity: entity.name, count)
  }

  /// `set k = expr, …` on the objects of the last fetch that still exist.
  private func runSet(_ assignments: [BoundAssignment], _ run: StatementRun) throws
    -> StatementResult
  {
    guard let (entity, ids) = selection else {
      throw LanguageError(
        .semantic,
        "there is no current selection: `set` changes the objects of the last fetch; run "
          + "`fetch Entity where …` first", at: run.range)
    }
    let live = ids.filter(context.graph.contains)
    try assign(assignments, to: live, of: run.selectedEntity, now: run.now)
    return .report(.updated(entity: entity, count: live.count))
  }

  /// `insert Entity k = expr, …`.
  private func runInsert(_ entity: Entity, _ assignments: [BoundAssignment], _ run: StatementRun)
    throws -> StatementResult
  {
    try requireConcrete(entity, at: run.range)
    try insert(entity, assignments, now: run.now)
    return .report(.inserted(entity: entity.name, count: 1))
  }

  /// `update Entity [where P] set k = expr, …`.
  private func runUpdate(
    _ entity: Entity, _ predicate: BoundPredicate?, _ assignments: [BoundAssignment],
    _ run: StatementRun
  ) throws -> StatementResult {
    let ids = try matching(entity, predicate, compiler(run.now))
    try assign(assignments, to: ids, of: entity, now: run.now)
    return .report(.updated(entity: entity.name, count: ids.count))
  }

  /// `delete Entity [where P]`, with what the delete rules cascade to.
  private func runDelete(_ entity: Entity, _ predicate: BoundPredicate?, _ run: StatementRun)
    throws -> StatementResult
  {
    let ids = try matching(entity, predicate, compiler(run.now))
    var deleted: [ObjectID] = []
    Interrupt.begin("deleting \(entity.name)", steps: 2 * ids.count)
    try edit { context in deleted = try context.delete(ids) }
    return .report(
      .deleted(entity: entity.name, count: ids.count, cascaded: deleted.count - ids.count))
  }

  /// `save`.
  private func runSave(_ run: StatementRun) throws -> StatementResult {
    .report(.saved(changes: try save(range: run.range)))
  }

  /// `rollback`: the pending changes discarded.
  private func runRollback() -> StatementResult {
    let count = context.pendingChanges.count
    context.rollback()
    return .report(.rolledBack(changes: count))
  }

  /// `changes [all]`.
  private func runChanges(all: Bool) -> StatementResult {
    .changes(context.pendingChanges, all: all)
  }

  /// `undo`.
  private func runUndo() -> StatementResult {
    .report(context.undo() ? .undone : .nothingToUndo)
  }

  /// `redo`.
  private func runRedo() -> StatementResult {
    .report(context.redo() ? .redone : .nothingToRedo)
  }

  /// `validate`: the changed objects checked as `save` checks them, nothing written.
  private func runValidate() throws -> StatementResult {
    let changed = context.changedObjects
    let errors = try context.validate()
    guard errors.isEmpty else { throw SaveError(errors: errors) }
    return .report(.validated(objects: changed.count))
  }

  /// `why [not] …`.
  private func runWhy(_ request: WhyRequest, _ run: StatementRun) throws -> StatementResult {
    .why(try why(request, run.binder, now: run.now, range: run.range))
  }

  /// `show …`.
  private func runShow(_ request: BoundShow, _ run: StatementRun) throws -> StatementResult {
    .cards(try show(request, compiler(run.now), range: run.range))
  }
}
