import Foundation

/// Runs statements against a context: binds each one against the current model, compiles
/// its predicates and expressions, and applies it.
///
/// One interpreter is one session: `set` acts on the selection of an earlier `fetch`.
public final class Interpreter {
  public internal(set) var context: Context
  public let store: StoreDestination
  /// Values for `$name` substitution variables (`.param set`, script arguments).
  public var variables: [String: Value] = [:]
  /// Where relative paths in `import` and `export` are resolved: the script's folder, or the
  /// working one.
  public var baseDirectory: String
  let clock: () -> Date
  /// A monotonic clock in nanoseconds, which `explain analyze` and the shell's `.timer`
  /// time work with.
  public let stopwatch: () -> UInt64
  /// The objects of the last fetch, which `set` changes.
  var selection: (entity: String, ids: [ObjectID])?
  /// The object the last `insert` made, for the Swift API to hand back.
  var lastInserted: ObjectID?
  /// Whether the last fetch had `select`: it returned values, not objects, and left no
  /// selection.
  var lastFetchReturnedValues = false
  /// What the last statement run is worth telling beyond its result: warnings about its
  /// predicate, and hints after an empty result.
  public internal(set) var notes: [StatementNote] = []
  /// What `explain` teaches about the statement it explains, besides its plan; nil after
  /// any other statement.
  public internal(set) var lesson: StatementLesson?
  /// The entity and predicate of the last fetch, which `why` explains by default.
  var lastFetch: (entity: String, predicate: PredicateSyntax?)?
  /// A Core Data store whose rows are still in the file: counts and fetches run in SQLite
  /// where they can, and the first statement that needs the whole graph reads it into the
  /// context; nil once read, or for any other store.
  var coreDataFile: CoreDataStoreFile?
  /// The version of ``coreDataFile`` when the session began, against which a failure to read
  /// it tells whether the file was left untouched.
  let coreDataFileVersion: FileFingerprint?
  /// The Core Data store the graph was read from, with the version of each row read, for
  /// `save` to write back into; nil until the rows are read, or for any other store.
  var coreDataSource: (file: CoreDataStoreFile, versions: CoreDataRowVersions)?
  /// A bowq store whose columns are partly still in the file: each statement decodes the
  /// columns it reads first (``decodeColumns(for:)``); nil once every column is decoded,
  /// or for any other store.
  var storeFile: OpenedStoreFile?
  /// The indexes ``storeFile`` keeps, being taken into use while a shell waits for input
  /// (``prepareKeptIndexesWhileIdle()``); nil when no such work is under way.
  var idleWork: KeptIndexPreparation?
  /// The store file whose kept indexes were last taken into use while idle: the work is done
  /// once for each file opened, not again after it failed.
  var idleWorkFile: WeakReference<OpenedStoreFile>?
  /// Whether statements may follow the one running (the default). A program that runs one
  /// statement and ends (`bowq -c 'count …'`) sets it to false, and nothing is then kept for
  /// later: a `count` comparing only its entity's own attributes reads their columns a run
  /// of rows at a time and keeps none (``countInStoreFile(_:)``), so it needs the memory of
  /// a few thousand rows, not of whole columns; and no index is built, or taken from the
  /// store file, for being kept (``keepsBuiltIndexes``), so a one-off count on a writable
  /// store costs what it costs read-only. Any other statement decodes what it reads as
  /// before.
  public var expectsMoreStatements = true
  /// Whether `save` writes the changes back into a Core Data store (`--write-core-data`);
  /// otherwise it refuses to.
  public let writesCoreData: Bool
  /// What stops the statement running (Ctrl-C in the shell, a cancellation in a program):
  /// this interpreter's own, so interpreters in one program are stopped apart.
  public let interrupt: InterruptToken
  /// The files of the open store, which no output (`export`, the shell's `.output`) may be:
  /// the store's own, or, for the tutorial's scratch interpreters, the learner's store's.
  public internal(set) var reservedFiles: ReservedFiles
  /// Whether the session was told, at its first edit of a Core Data store opened without
  /// `--write-core-data`, that its edits cannot be saved there.
  private var toldEditsStayInSession = false
  /// The statement running, whose notes and errors an edit adds to.
  private(set) var runningRange = SourceRange.nowhere

  /// - Parameters:
  ///   - clock: the time `now()` reads; tests and the `BOWQ_NOW` variable fix it.
  ///   - stopwatch: nanoseconds of a monotonic clock, for `explain analyze`; tests fix it.
  ///   - coreDataFile: a Core Data store opened with its rows left in the file, whose
  ///     statements run in SQLite where they can (the context then starts empty).
  ///   - writesCoreData: whether `save` writes back into a Core Data store.
  ///   - interrupt: what stops its statements: a token of its own unless it shares one.
  public init(
    context: Context, store: StoreDestination,
    baseDirectory: String = FileManager.default.currentDirectoryPath,
    clock: @escaping () -> Date = Date.init,
    stopwatch: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds },
    coreDataFile: CoreDataStoreFile? = nil, writesCoreData: Bool = false,
    interrupt: InterruptToken = InterruptToken()
  ) {
    self.interrupt = interrupt
    self.coreDataFile = coreDataFile
    self.coreDataFileVersion = coreDataFile.flatMap {
      (try? FileFingerprint.current(at: $0.path)) ?? nil
    }
    self.writesCoreData = writesCoreData
    self.stopwatch = stopwatch
    self.context = context
    self.store = store
    self.baseDirectory = baseDirectory
    self.clock = clock
    self.reservedFiles = Self.reservedFiles(of: store)
  }

  /// Parses and runs every statement of `source`, returning each one's result; stops at the
  /// first error.
  public func run(_ source: String) throws -> [StatementResult] {
    try Parser.parseScript(source).map(execute)
  }

  /// The statement that keeps the session's pending changes, for hints on leaving: `save`,
  /// or `export` for a Core Data store opened without `--write-core-data`, which `save`
  /// does not write into.
  public var keepingStatement: String {
    if case .coreData = store, !writesCoreData { return "export" }
    return "save"
  }

  /// Runs one statement; ``interrupt`` stops it, with ``Interrupted``.
  public func execute(_ statement: Statement) throws -> StatementResult {
    try Interrupt.$token.withValue(interrupt) { try runStatement(statement) }
  }

  /// Runs one statement under ``interrupt``.
  private func runStatement(_ statement: Statement) throws -> StatementResult {
    try finishIdleWork()
    let now = clock()
    notes = []
    runningRange = statement.range
    lesson = nil
    let binder = Binder(model: context.graph.model, variables: variables, now: now)
    if case .set = statement.kind, selection == nil, lastFetchReturnedValues {
      throw LanguageError(
        .semantic,
        "the last fetch had select, so it returned values, not objects: `set` changes the "
          + "objects of a fetch without select (`fetch Entity where …`, then `set …`), or use "
          + "`update Entity where … set …`",
        at: statement.range)
    }
    let selectedEntity = selection.flatMap { context.graph.model.entity(named: $0.entity) }
    let bound = try binder.bind(statement, selection: selectedEntity)
    notes = warnings(statement, bound)
    if coreDataFile != nil {
      // `explain` there shows the statement as it runs, as it does in memory.
      if let result = try runInCoreDataStore(
        binder.folded(statement, selection: selectedEntity), bound, now: now)
      {
        if case .explain(let inner) = statement.kind {
          lesson = StatementLesson(
            inner, running: binder.folded(inner, selection: selectedEntity),
            model: context.graph.model)
        }
        notes += try emptyResultNotes(after: result, statement, bound, now: now)
        return result
      }
      if case .save = bound {
        // Nothing was read, so nothing changed: no need to read every row to save nothing.
        return .report(.saved(changes: try save(range: statement.range)))
      }
      notes += try readCoreDataRows(for: statement)
    }
    let run = StatementRun(
      statement: statement, bound: bound, binder: binder, now: now,
      selectedEntity: selectedEntity)
    if let counted = try countInStoreFile(run) { return counted }
    if let exported = try exportInStoreFile(run) { return exported }
    try decodeColumns(for: run)
    return try handler(of: run)()
  }

  /// Refuses to make objects of an abstract entity, as Core Data refuses to instantiate one.
  func requireConcrete(_ entity: Entity, at range: SourceRange) throws {
    guard entity.isAbstract else { return }
    let concrete = context.graph.model.hierarchy(of: entity.name).filter { !$0.isAbstract }
    throw EvaluationError(
      "\(entity.name) is abstract: it has no objects of its own, as Core Data cannot "
        + "instantiate an abstract entity; "
        + (concrete.isEmpty
          ? "define a sub-entity (entity Name : \(entity.name) { … }) and insert that"
          : "insert one of its sub-entities (\(concrete.map(\.name).joined(separator: ", ")))"),
      at: range)
  }

  /// A compiler reading the graph as it is now. One is made for each use rather than kept
  /// through a statement: a compiler holds the graph, and an edit made while one is alive
  /// would copy every table it touches.
  func compiler(_ now: Date) -> PredicateCompiler {
    PredicateCompiler(expressions: ExpressionCompiler(now: now, graph: context.graph))
  }

  /// Runs an edit of the context as one undo step; a failing edit leaves no trace. The
  /// session's first edit claims its store file (``StoreHandle/claim()``), so that another
  /// bowq editing it, or a file changed since it was loaded, refuses the edit before
  /// anything changes; the first edit of a Core Data store that `save` does not write adds
  /// a note saying how to keep it.
  func edit(_ body: (inout Context) throws -> Void) throws {
    if case .file(let handle) = store {
      do {
        try handle.claim()
      } catch let error as StoreError {
        guard case .locked = error else { throw error }
        throw EvaluationError(
          "\(error). Nothing was changed: edit again once that process has quit (if it saved, "
            + "read the store again first: .reload)", at: runningRange)
      }
    }
    context.beginEdit()
    do {
      try body(&context)
    } catch {
      context.cancelEdit()
      throw error
    }
    context.endEdit()
    if case .coreData = store, !writesCoreData, !toldEditsStayInSession {
      toldEditsStayInSession = true
      notes.append(
        StatementNote(
          .note,
          "this store was opened without --write-core-data: edits stay in this session; "
            + "`export` keeps them, or reopen with --write-core-data to save", at: runningRange))
    }
  }

  /// The scope a compiled expression evaluates an object of `table` in.
  static func scope(_ table: EntityTable, _ position: Int) -> EvaluationScope {
    EvaluationScope(table, position: position)
  }

  /// How many objects of an entity (and of its sub-entities) satisfy a predicate, without
  /// listing them.
  func countMatching(_ entity: Entity, _ predicate: BoundPredicate?, _ compiler: PredicateCompiler)
    throws -> Int
  {
    let (plan, source) = plan(.count(entity, predicate, nil))
    guard case .count(let n) = try PlanExecutor(source: source, compiler: compiler).run(plan).0
    else { return 0 }
    return n
  }

  /// The objects of an entity (and of its sub-entities) that satisfy a predicate (every
  /// object, without one), in table order.
  func matching(_ entity: Entity, _ predicate: BoundPredicate?, _ compiler: PredicateCompiler)
    throws -> [ObjectID]
  {
    let (plan, source) = plan(.targets(entity, predicate, nil))
    guard
      case .objects(let positions) = try PlanExecutor(source: source, compiler: compiler).run(
        plan
      ).0
    else { return [] }
    return positions.map(source.id(at:))
  }

  /// Validates and writes the pending changes; answers how many there were (0: nothing to
  /// save, and nothing is written).
  func save(range: SourceRange) throws -> Int {
    if case .coreData = store, !writesCoreData {
      throw EvaluationError(
        "this Core Data store was opened without --write-core-data, so save does not write "
          + "into it: run bowq with --write-core-data to write the changes back (that Core Data "
          + "itself reopens the file is not confirmed), or `export` the objects to a JSON or "
          + "plist file to keep them", at: range)
    }
    let changes = context.pendingChanges.count
    guard changes > 0 else { return 0 }
    for entity in context.graph.model.entities {
      for relationship in entity.relationships
      where context.graph.model.entity(named: relationship.destination) == nil {
        throw EvaluationError(
          "\(entity.name).\(relationship.name) points to the entity \(relationship.destination), which is not defined; define it before saving",
          at: range)
      }
    }
    let errors = try context.validate()
    guard errors.isEmpty else { throw SaveError(errors: errors) }
    switch store {
    case .file(let handle): try handle.save(context.graph)
    case .coreData: try saveToCoreData(range: range)
    case .memory: break
    }
    context.markSaved()
    return changes
  }

  // MARK: Wording

  /// `1 BowTie`, `3 BowTie objects`, `2 changes`, `2 properties`.
  public static func count(_ n: Int, _ noun: String) -> String {
    if n == 1 { return "1 \(noun)" }
    if noun.first?.isUppercase == true { return "\(n) \(noun) objects" }
    if noun.hasSuffix("y") { return "\(n) \(noun.dropLast())ies" }
    return "\(n) \(noun)s"
  }
}
