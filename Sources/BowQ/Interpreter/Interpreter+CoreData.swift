import Foundation

extension Interpreter {
  /// Runs a count or fetch of a Core Data store whose rows are still in the file, in SQLite
  /// (``CoreDataPushdown``), and `explain` or `explain analyze` of one; nil when the
  /// statement needs the whole graph, which the caller then reads
  /// (``readCoreDataRows(for:)``).
  func runInCoreDataStore(_ statement: Statement, _ bound: BoundStatement, now: Date) throws
    -> StatementResult?
  {
    guard let file = coreDataFile else { return nil }
    try checkCoreDataStoreUnchanged(file, statement)
    guard case .success(let pushdown) = Self.pushdown(of: bound, in: file) else { return nil }
    switch statement.kind {
    case .explain(let inner):
      return .explanation(Self.explanation(of: pushdown, inner, file: file) + coreDataRecoveryLines)
    case .explainAnalyze(let inner):
      let start = stopwatch()
      guard let outcome = try run(pushdown, in: file, statement, now: now) else { return nil }
      let elapsed = stopwatch() &- start
      let found: String
      switch outcome {
      case .count(let n): found = "\(n)"
      case .objects(_, _, let positions):
        found = "\(positions.count) row\(positions.count == 1 ? "" : "s")"
      }
      return .explanation(
        Self.explanation(of: pushdown, inner, file: file)
          + ["→ \(found) in \(Self.milliseconds(elapsed))"] + coreDataRecoveryLines)
    case .fetch, .count:
      break
    default:
      return nil
    }
    guard let outcome = try run(pushdown, in: file, statement, now: now) else { return nil }
    switch (bound, outcome) {
    case (.count(let entity, _), .count(let n)):
      return .count(entity: entity.name, n)
    case (.fetch(let fetch), .objects(let table, let ids, let positions)):
      let found = positions.map { ids[$0] }
      selection = (fetch.entity.name, found)
      lastFetchReturnedValues = false
      lastFetch = (fetch.entity.name, fetch.request.predicate)
      return .objects(
        ResultSet(
          entity: fetch.entity.name, columns: ResultColumn.columns(of: fetch.entity), ids: found,
          rows: ResultRows(table: table, positions: positions)))
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

  /// What `pushdown` finds; nil when a comparison of the engine failed inside SQLite (a
  /// pattern that does not compile), so that the statement runs in memory, where the failure
  /// is told with its place in the statement.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stopped SQLite, as it stops a statement in memory.
  private func run(
    _ pushdown: CoreDataPushdown, in file: CoreDataStoreFile, _ statement: Statement, now: Date
  ) throws -> CoreDataPushdown.Outcome? {
    do {
      return try pushdown.run(in: file, compiler: compiler(now))
    } catch let error as CoreDataStoreError where error.kind == .sqlite {
      return nil
    } catch let error as CoreDataStoreError where error.kind == .interrupted {
      throw Interrupted()
    } catch let error as CoreDataStoreError {
      throw EvaluationError(
        "cannot read the Core Data store \(Value.quoted(file.path)): \(error)", at: statement.range)
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
  ) throws -> (key: Int64, row: [Value])? {
    guard let file = coreDataFile, case .comparison(let comparison) = exact,
      CoreDataPushdown.readsOnlyAttributes(comparison.lhs, entity.attributes.count),
      let none = try? CoreDataPushdown(count: entity, predicate: exact, file: file),
      let first = try? CoreDataPushdown(
        objects: entity, matching: folded, limit: 1, file: file),
      case .count(0) = try none.run(in: file, compiler: compiler),
      case .objects(let table, let ids, let positions) = try first.run(in: file, compiler: compiler),
      let position = positions.first, ids[position].entity == entity.name
    else { return nil }
    return (ids[position].key, table.row(at: position))
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

  /// The pushdown of a count or fetch, or why it has none.
  private static func pushdown(of bound: BoundStatement, in file: CoreDataStoreFile)
    -> Result<CoreDataPushdown, CoreDataPushdown.Refusal>
  {
    switch bound {
    case .fetch(let fetch):
      return Result { () throws(CoreDataPushdown.Refusal) in
        try CoreDataPushdown(fetch: fetch, file: file)
      }
    case .count(let entity, let predicate):
      return Result { () throws(CoreDataPushdown.Refusal) in
        try CoreDataPushdown(count: entity, predicate: predicate, file: file)
      }
    default:
      return .failure(CoreDataPushdown.Refusal(reason: "only count and fetch run in SQLite"))
    }
  }

  /// Why `explain` of a statement on a Core Data store reads the store into memory, or nil
  /// when it runs in SQLite or the rows are already read.
  func coreDataReadingReason(_ bound: BoundStatement) -> String? {
    guard let file = coreDataFile,
      case .failure(let refusal) = Self.pushdown(of: bound, in: file)
    else { return nil }
    return "read every row of the Core Data store into memory (\(refusal.reason)), then:"
  }

  /// What `explain` says of a statement run in SQLite: the SQL with its parameters, what
  /// the engine does over the rows it returns, and why each part left to the engine was not
  /// pushed.
  private static func explanation(
    of pushdown: CoreDataPushdown, _ statement: Statement, file: CoreDataStoreFile
  ) -> [String] {
    let reader = CoreDataRowReader(entity: pushdown.entity, place: pushdown.place, file: file)
    let sql = pushdown.statement(
      selecting: reader.selected(wholeObjects: pushdown.readsWholeObjects))
    var lines = ["run in SQLite: \(sql.text)"]
    if !sql.parameters.isEmpty {
      lines.append("  with ? = " + sql.parameters.map(describe).joined(separator: ", "))
    }
    let syntax: PredicateSyntax?
    switch statement.kind {
    case .fetch(let request): syntax = request.predicate
    case .count(_, let predicate): syntax = predicate
    default: syntax = nil
    }
    var conjuncts: [PredicateSyntax] = []
    if let syntax {
      if case .and(let list) = syntax.kind { conjuncts = list } else { conjuncts = [syntax] }
    }
    let parts = pushdown.predicate?.parts ?? []
    let pushedCount = parts.prefix { $0.sql != nil }.count
    func text(_ index: Int) -> String {
      conjuncts.indices.contains(index) ? PredicateFormatter.format(conjuncts[index]) : "a part"
    }
    if pushedCount < parts.count {
      let rest = (pushedCount..<parts.count).map(text)
      lines.append(
        "filter in memory, over the rows SQLite returns: " + rest.joined(separator: " AND "))
      for index in pushedCount..<parts.count {
        let reason =
          parts[index].refusal
          ?? "it comes after a part that is not pushed, and the engine decides AND from the left"
        lines.append("  not pushed: \(text(index)): \(reason)")
      }
    }
    if !pushdown.memorySort.isEmpty {
      lines.append("sort in memory (SQLite does not sort these keys as bowq does)")
    }
    if !pushdown.pagesInSQL, pushdown.limit != nil || pushdown.offset != nil {
      lines.append("apply the limit and offset in memory")
    }
    if !pushdown.readsWholeObjects, !pushdown.countsInSQL {
      lines.append("count in memory")
    }
    if case .fetch(let request) = statement.kind, request.select == nil {
      lines.append("select as the current selection")
    }
    return lines
  }

  /// A bound SQL parameter as `explain` shows it.
  private static func describe(_ cell: SQLiteConnection.Cell) -> String {
    switch cell {
    case .null: return "NULL"
    case .integer(let i): return String(i)
    case .real(let d): return String(d)
    case .text(let s): return Value.quoted(s)
    case .blob(let bytes): return "<\(bytes.count) bytes>"
    }
  }
}
