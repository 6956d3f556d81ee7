import Foundation

/// Runs statements against a context: binds each one against the current model, compiles
/// its predicates and expressions, and applies it.
///
/// One interpreter is one session: `set` acts on the selection of an earlier `fetch`.
public final class Interpreter {
  public private(set) var context: Context
  public let store: StoreDestination
  /// Values for `$name` substitution variables.
  public var variables: [String: Value] = [:]
  /// Where relative paths in `import` are resolved: the script's folder, or the working one.
  public var baseDirectory: String
  private let clock: () -> Date
  /// The objects of the last fetch, which `set` changes.
  private var selection: (entity: String, ids: [ObjectID])?

  /// - Parameter clock: the time `now()` reads; tests and the `BOWQ_NOW` variable fix it.
  public init(
    context: Context, store: StoreDestination, baseDirectory: String = FileManager.default.currentDirectoryPath,
    clock: @escaping () -> Date = Date.init
  ) {
    self.context = context
    self.store = store
    self.baseDirectory = baseDirectory
    self.clock = clock
  }

  /// Parses and runs every statement of `source`, returning each one's result; stops at the
  /// first error.
  public func run(_ source: String) throws -> [StatementResult] {
    try Parser.parseScript(source).map(execute)
  }

  /// Runs one statement.
  public func execute(_ statement: Statement) throws -> StatementResult {
    let now = clock()
    let binder = Binder(model: context.graph.model, variables: variables, now: now)
    let selectedEntity = selection.flatMap { context.graph.model.entity(named: $0.entity) }
    let bound = try binder.bind(statement, selection: selectedEntity)
    if case .explain(let inner) = statement.kind {
      return .explanation(explain(inner, bound))
    }
    let compiler = PredicateCompiler(expressions: ExpressionCompiler(now: now))
    switch bound {
    case .defineEntity(let entity):
      let existed = context.graph.model.entity(named: entity.name) != nil
      try edit { $0.define(entity) }
      return .message("\(existed ? "Redefined" : "Defined") entity \(entity.name) with \(entity.attributes.count) attributes.")
    case .importPlist(let path, let entity):
      return .message(try importPlist(path, into: entity, range: statement.range))
    case .fetch(let fetch):
      let result = try self.fetch(fetch, compiler)
      selection = (fetch.entity.name, result.ids)
      return .objects(result)
    case .count(let entity, let predicate):
      return .count(entity: entity.name, try matching(entity, predicate, compiler).count)
    case .set(let assignments):
      let (entity, ids) = selection!
      let live = ids.filter(context.graph.contains)
      try assign(assignments, to: live, entity: entity, compiler)
      return .message("Updated \(Self.count(live.count, entity)).")
    case .insert(let entity, let assignments):
      var row = entity.newRow
      row = try evaluate(assignments, on: row, compiler)
      try edit { $0.insert(row, into: entity.name) }
      return .message("Inserted 1 \(entity.name).")
    case .update(let entity, let predicate, let assignments):
      let ids = try matching(entity, predicate, compiler)
      try assign(assignments, to: ids, entity: entity.name, compiler)
      return .message("Updated \(Self.count(ids.count, entity.name)).")
    case .delete(let entity, let predicate):
      let ids = try matching(entity, predicate, compiler)
      try edit { $0.delete(ids) }
      return .message("Deleted \(Self.count(ids.count, entity.name)).")
    case .save:
      return .message(try save())
    case .rollback:
      let count = context.changes.count
      context.rollback()
      return .message(count == 0 ? "Nothing to roll back." : "Rolled back \(Self.count(count, "change")).")
    case .changes:
      return .changes(context.changes)
    case .undo:
      return .message(context.undo() ? "Undid the last change." : "Nothing to undo.")
    case .redo:
      return .message(context.redo() ? "Redid the change." : "Nothing to redo.")
    case .validate:
      let changed = context.changedObjects
      let errors = context.validate()
      guard errors.isEmpty else { throw SaveError(errors: errors) }
      return .message("\(Self.count(changed.count, "changed object")) valid.")
    }
  }

  // MARK: Statements

  /// Runs an edit of the context as one undo step.
  private func edit(_ body: (inout Context) throws -> Void) rethrows {
    context.beginEdit()
    do {
      try body(&context)
    } catch {
      _ = context.undo()
      throw error
    }
    context.discardEditIfUnchanged()
  }

  private func fetch(_ fetch: BoundFetch, _ compiler: PredicateCompiler) throws -> ResultSet {
    let table = context.graph.table(fetch.entity.name)
    var positions = try matchingPositions(table, fetch.predicate, compiler)
    if !fetch.sort.isEmpty {
      let rows = table.rows
      positions.sort { a, b in
        for (attribute, ascending) in fetch.sort {
          let order = Self.sortOrder(rows[a][attribute], rows[b][attribute])
          if order != .orderedSame { return (order == .orderedAscending) == ascending }
        }
        return false
      }
    }
    let start = min(fetch.offset ?? 0, positions.count)
    let end = fetch.limit.map { min(start + $0, positions.count) } ?? positions.count
    let page = positions[start..<end]
    return ResultSet(
      entity: fetch.entity.name, columns: fetch.entity.attributes,
      ids: page.map { ObjectID(entity: fetch.entity.name, key: table.keys[$0]) },
      rows: page.map { table.rows[$0] })
  }

  /// Sort order: nil first, then by value; values that cannot be ordered keep their order.
  static func sortOrder(_ a: Value, _ b: Value) -> ComparisonResult {
    switch (a.isNull, b.isNull) {
    case (true, true): return .orderedSame
    case (true, false): return .orderedAscending
    case (false, true): return .orderedDescending
    default:
      return (try? ValueComparison.order(a, b, options: [], range: SourceRange(.start, .start)))
        ?? .orderedSame
    }
  }

  private func matchingPositions(
    _ table: EntityTable, _ predicate: BoundPredicate?, _ compiler: PredicateCompiler
  ) throws -> [Int] {
    guard let predicate else { return Array(table.rows.indices) }
    let test = compiler.compile(predicate)
    var positions: [Int] = []
    for (position, row) in table.rows.enumerated() where try test(row) {
      positions.append(position)
    }
    return positions
  }

  private func matching(_ entity: Entity, _ predicate: BoundPredicate?, _ compiler: PredicateCompiler)
    throws -> [ObjectID]
  {
    let table = context.graph.table(entity.name)
    return try matchingPositions(table, predicate, compiler).map {
      ObjectID(entity: entity.name, key: table.keys[$0])
    }
  }

  /// The row with the assignments applied; every right-hand side sees the row as it was.
  private func evaluate(_ assignments: [BoundAssignment], on row: [Value], _ compiler: PredicateCompiler)
    throws -> [Value]
  {
    var result = row
    for assignment in assignments {
      let value = try compiler.expressions.compile(assignment.value)(row)
      switch AttributeCoercion.coerce(value, to: assignment.attribute) {
      case .success(let converted): result[assignment.index] = converted
      case .failure(let failure): throw EvaluationError(failure.message, at: assignment.value.range)
      }
    }
    return result
  }

  private func assign(
    _ assignments: [BoundAssignment], to ids: [ObjectID], entity: String, _ compiler: PredicateCompiler
  ) throws {
    let table = context.graph.table(entity)
    var updates: [(ObjectID, [Value])] = []
    for id in ids {
      guard let row = table.row(for: id.key) else { continue }
      updates.append((id, try evaluate(assignments, on: row, compiler)))
    }
    try edit { context in
      for (id, row) in updates {
        for assignment in assignments {
          context.update(id, attribute: assignment.index, to: row[assignment.index])
        }
      }
    }
  }

  private func importPlist(_ path: String, into entity: Entity, range: SourceRange) throws -> String {
    let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: baseDirectory, isDirectory: true))
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw EvaluationError("cannot read \(Value.quoted(path)): \(Self.reason(error))", at: range)
    }
    let plist: PropertyList
    do {
      plist = try PropertyListDecoding.decode(data).0
    } catch {
      throw EvaluationError("\(path) is not a readable property list: \(error)", at: range)
    }
    let rows = try PlistImport.rows(from: plist, into: entity)
    try edit { context in
      for row in rows { context.insert(row, into: entity.name) }
    }
    return "Imported \(Self.count(rows.count, entity.name)) from \(path)."
  }

  private func save() throws -> String {
    let changes = context.changes
    guard !changes.isEmpty else { return "Nothing to save." }
    let errors = context.validate()
    guard errors.isEmpty else { throw SaveError(errors: errors) }
    if case .file(let path) = store {
      try StoreFile.save(context.graph, to: path)
    }
    context.markSaved()
    return "Saved \(Self.count(changes.count, "change"))."
  }

  private func explain(_ statement: Statement, _ bound: BoundStatement) -> [String] {
    func scan(_ entity: Entity, _ predicate: PredicateSyntax?) -> [String] {
      let count = context.graph.table(entity.name).count
      var lines = ["scan \(Self.count(count, entity.name))"]
      if let predicate { lines.append("filter \(PredicateFormatter.format(predicate))") }
      return lines
    }
    switch (statement.kind, bound) {
    case (.fetch(let request), .fetch(let fetch)):
      var lines = scan(fetch.entity, request.predicate)
      if !request.sort.isEmpty {
        lines.append(
          "sort by " + request.sort.map { "\($0.key.text) \($0.ascending ? "ascending" : "descending")" }
            .joined(separator: ", "))
      }
      if let offset = request.offset { lines.append("skip \(offset)") }
      if let limit = request.limit { lines.append("take \(limit)") }
      lines.append("select as the current selection")
      return lines
    case (.count(_, let predicate), .count(let entity, _)):
      return scan(entity, predicate) + ["count"]
    case (.update(_, let predicate, let assignments), .update(let entity, _, _)):
      return scan(entity, predicate) + assignments.map { "set \($0.key.text) = \(PredicateFormatter.format($0.value))" }
    case (.delete(_, let predicate), .delete(let entity, _)):
      return scan(entity, predicate) + ["delete (pending until save)"]
    case (.set(let assignments), _):
      let count = selection.map { $0.ids.filter(context.graph.contains).count } ?? 0
      return ["take the current selection (\(Self.count(count, selection?.entity ?? "object")))"]
        + assignments.map { "set \($0.key.text) = \(PredicateFormatter.format($0.value))" }
    default:
      return ["run \(statement.kind)"]
    }
  }

  // MARK: Wording

  /// `1 BowTie`, `3 BowTie objects`, `2 changes`.
  public static func count(_ n: Int, _ noun: String) -> String {
    if n == 1 { return "1 \(noun)" }
    if noun.first?.isUppercase == true { return "\(n) \(noun) objects" }
    return "\(n) \(noun)s"
  }

  /// A file error in the system's words ("No such file or directory").
  static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    switch (error as? CocoaError)?.code {
    case .fileReadNoSuchFile?, .fileNoSuchFile?: return String(cString: strerror(ENOENT))
    case .fileReadNoPermission?: return String(cString: strerror(EACCES))
    default: return nsError.localizedDescription
    }
  }

}
