import Foundation

/// How a fetch or count of a Core Data store runs without reading the store into memory:
/// SQLite selects (and, where it can, sorts and pages) the rows of the pushed part of the
/// predicate (``CoreDataSQLPredicate``), and the engine runs the rest over those rows alone —
/// the conjuncts that stay, a sort SQLite cannot do as bowq does, and then the limit and
/// offset.
///
/// The engine's part sees only the rows SQLite returns, so it may read only the entity's
/// own attributes; a statement whose remaining part reads relationships, or whose objects
/// have relationships the SQL side cannot fill (one-to-ones, many-to-manys), is refused with
/// the reason, and runs in memory over the whole store instead.
struct CoreDataPushdown {
  let entity: Entity
  let place: CoreDataSQLMap.Place
  /// The predicate's split; nil without a predicate.
  let predicate: CoreDataSQLPredicate?
  /// The `ORDER BY` terms of the sort keys; nil when SQLite cannot sort as bowq does.
  let sortTerms: [String]?
  /// The sort keys the engine applies (when SQLite does not).
  let memorySort: [BoundSortKey]
  let limit: Int?
  let offset: Int?
  /// Whether SQLite applies the limit and offset.
  let pagesInSQL: Bool
  /// Whether the objects' whole rows are read (a fetch), or only what the engine's part
  /// needs (a count).
  let readsWholeObjects: Bool

  /// Why a statement is not run this way.
  struct Refusal: Error {
    var reason: String
  }

  /// The pushdown of a fetch of whole objects.
  init(fetch: BoundFetch, file: CoreDataStoreFile) throws(Refusal) {
    guard fetch.projection == nil else {
      throw Refusal(reason: "a fetch with select runs in memory")
    }
    try self.init(
      entity: fetch.entity, predicate: fetch.predicate, sort: fetch.sort, limit: fetch.limit,
      offset: fetch.offset, wholeObjects: true, file: file)
  }

  /// The pushdown of a count.
  init(count entity: Entity, predicate: BoundPredicate?, file: CoreDataStoreFile)
    throws(Refusal)
  {
    try self.init(
      entity: entity, predicate: predicate, sort: [], limit: nil, offset: nil,
      wholeObjects: false, file: file)
  }

  /// The pushdown of a search for the first `limit` objects of `entity` that satisfy
  /// `predicate`, in the order a fetch lists them.
  init(
    objects entity: Entity, matching predicate: BoundPredicate, limit: Int, file: CoreDataStoreFile
  )
    throws(Refusal)
  {
    try self.init(
      entity: entity, predicate: predicate, sort: [], limit: limit, offset: nil,
      wholeObjects: true, file: file)
  }

  private init(
    entity: Entity, predicate bound: BoundPredicate?, sort: [BoundSortKey], limit: Int?,
    offset: Int?, wholeObjects: Bool, file: CoreDataStoreFile
  ) throws(Refusal) {
    guard let place = file.map[entity.name] else {
      throw Refusal(reason: "\(entity.name) is not in the store's tables")
    }
    if let fault = file.rowFault() { throw Refusal(reason: fault) }
    if wholeObjects {
      for slot in place.slots {
        if case .unavailable(let reason) = slot { throw Refusal(reason: reason) }
      }
    }
    let attributes = entity.attributes.count
    let split = bound.map { CoreDataSQLPredicate($0, entity: entity.name, map: file.map) }
    if let residual = split?.residual, !Self.readsOnlyAttributes(residual, attributes) {
      let reason = split?.parts.first { $0.refusal != nil }?.refusal ?? ""
      throw Refusal(
        reason: "what SQLite cannot do reads more than the objects' own attributes: \(reason)")
    }
    let terms = Self.orderTerms(sort, of: entity.name, file.map)
    if terms == nil, !sort.allSatisfy({ Self.readsOnlyAttributes($0.value, attributes) }) {
      throw Refusal(reason: "a sort key SQLite cannot sort by reads more than attributes")
    }
    self.entity = entity
    self.place = place
    self.predicate = split
    sortTerms = terms
    memorySort = terms == nil ? sort : []
    self.limit = limit
    self.offset = offset
    pagesInSQL = split?.residual == nil && terms != nil
    readsWholeObjects = wholeObjects
  }

  /// Whether the engine can run the work left after SQLite without the graph: whether the
  /// statement is a count whose predicate is pushed whole, or needs no engine filter.
  var countsInSQL: Bool { !readsWholeObjects && predicate?.residual == nil }

  /// `FROM … WHERE …` of the statement, over the alias `t0`.
  var fromWhere: SQLFragment {
    var conditions: [String] = []
    var parameters: [SQLiteConnection.Cell] = []
    if !place.isRoot {
      conditions.append("t0.Z_ENT IN (\(place.numbers.map(String.init).joined(separator: ", ")))")
    }
    if let pushed = predicate?.pushed {
      conditions.append(conditions.isEmpty ? pushed.text : "(\(pushed.text))")
      parameters += pushed.parameters
    }
    let text =
      "FROM \(SQLiteConnection.quoted(place.table)) t0"
      + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
    return SQLFragment(text: text, parameters: parameters)
  }

  /// The whole SQL statement that runs: a count, or the selection of the rows (`columns`,
  /// not made for a count).
  func statement(selecting columns: @autoclosure () -> [String]) -> SQLFragment {
    let from = fromWhere
    if countsInSQL {
      return SQLFragment(text: "SELECT COUNT(*) " + from.text, parameters: from.parameters)
    }
    var text = "SELECT " + columns().joined(separator: ", ") + " " + from.text
    text += " ORDER BY " + ((sortTerms ?? []) + scanOrder).joined(separator: ", ")
    if pagesInSQL, limit != nil || offset != nil {
      text += " LIMIT \(limit.map(String.init) ?? "-1")"
      if let offset { text += " OFFSET \(offset)" }
    }
    return SQLFragment(text: text, parameters: from.parameters)
  }

  /// The order the engine lists a hierarchy's objects in: the entity's own, then each
  /// sub-entity's (``HierarchyScan``), each by key.
  private var scanOrder: [String] {
    guard place.numbers.count > 1 else { return ["t0.Z_PK"] }
    let cases = place.numbers.enumerated().map { "WHEN \($1) THEN \($0)" }.joined(separator: " ")
    return ["CASE t0.Z_ENT \(cases) END", "t0.Z_PK"]
  }

  /// The `ORDER BY` terms of `keys` over objects of `entity`, or nil when one of them is not
  /// an attribute (of the object, or through to-ones) SQLite orders as bowq does (strings by
  /// UTF-16 code unit through the `BOWQ` collation, nil first, a missing target's as nil).
  private static func orderTerms(_ keys: [BoundSortKey], of entity: String, _ map: CoreDataSQLMap)
    -> [String]?
  {
    var translator = CoreDataSQLTranslator(map: map)
    var terms: [String] = []
    for key in keys {
      guard
        let (value, type) = try? translator.attributeValue(
          key.value, on: .alias("t0", entity: entity)), value.parameters.isEmpty
      else { return nil }
      let quoted = value.text
      var term: String
      switch type {
      case .string where key.comparison == .compare:
        term = "\(quoted) COLLATE \(SQLiteFunctions.collation)"
      case .int16, .int32, .int64, .double, .float, .date: term = quoted
      case .bool: term = "(\(quoted) <> 0)"
      default: return nil
      }
      if !key.ascending { term += " DESC" }
      terms.append(term)
    }
    return terms
  }

  /// The steps the engine runs over the rows SQLite returns.
  func memorySteps(rows: Int) -> [PlanStep] {
    var steps = [PlanStep(operation: .scan(objects: rows), text: "the rows SQLite returns")]
    if let residual = predicate?.residual {
      steps.append(PlanStep(operation: .filter(residual), text: "filter"))
    }
    if !readsWholeObjects {
      steps.append(PlanStep(operation: .count, text: "count"))
      return steps
    }
    if !memorySort.isEmpty {
      steps.append(PlanStep(operation: .sortObjects(memorySort), text: "sort"))
    }
    if !pagesInSQL, limit != nil || offset != nil {
      steps.append(PlanStep(operation: .page(offset: offset ?? 0, limit: limit), text: "page"))
    }
    return steps
  }

  // MARK: Running

  /// What a run gives: a count, or the objects found, in order, as rows of a table in the
  /// entity's layout with the object of each row.
  enum Outcome {
    case count(Int)
    case objects(table: EntityTable, ids: [ObjectID], positions: [Int])
  }

  /// Runs the statement: SQLite's part, then the engine's over the rows it returns.
  func run(in file: CoreDataStoreFile, compiler: PredicateCompiler) throws -> Outcome {
    let columns = CoreDataRowReader(entity: entity, place: place, file: file)
    let sql = statement(selecting: columns.selected(wholeObjects: readsWholeObjects))
    if countsInSQL {
      guard
        case .integer(let n)? = try file.connection.rows(sql.text, binding: sql.parameters)
          .first?.first
      else { return .count(0) }
      return .count(Int(n))
    }
    let (table, ids) = try columns.read(sql, wholeObjects: readsWholeObjects)
    let plan = QueryPlan(
      entity: entity, steps: memorySteps(rows: table.count),
      output: readsWholeObjects ? .objects : .count)
    switch try PlanExecutor(table: table, compiler: compiler).run(plan).0 {
    case .count(let n): return .count(n)
    case .objects(let positions): return .objects(table: table, ids: ids, positions: positions)
    case .rows: return .objects(table: table, ids: ids, positions: [])
    }
  }

  // MARK: What the engine's part may read

  /// Whether `predicate` reads nothing of an object but its attributes (slots below
  /// `attributes`) and constants.
  static func readsOnlyAttributes(_ predicate: BoundPredicate, _ attributes: Int) -> Bool {
    switch predicate {
    case .constant: return true
    case .not(let inner): return readsOnlyAttributes(inner, attributes)
    case .and(let list), .or(let list):
      return list.allSatisfy { readsOnlyAttributes($0, attributes) }
    case .comparison(let c):
      return readsOnlyAttributes(c.lhs, attributes) && readsOnlyAttributes(c.rhs, attributes)
    }
  }

  /// Whether `e` reads nothing of an object but its attributes and constants.
  static func readsOnlyAttributes(_ e: BoundExpression, _ attributes: Int) -> Bool {
    switch e.kind {
    case .constant: return true
    case .slot(let slot): return slot < attributes
    case .negate(let x), .cast(let x, _): return readsOnlyAttributes(x, attributes)
    case .arithmetic(_, let a, let b):
      return readsOnlyAttributes(a, attributes) && readsOnlyAttributes(b, attributes)
    case .aggregate(let list), .function(_, let list):
      return list.allSatisfy { readsOnlyAttributes($0, attributes) }
    case .index(let x, let index):
      if case .at(let position) = index, !readsOnlyAttributes(position, attributes) { return false }
      return readsOnlyAttributes(x, attributes)
    case .ternary(let p, let a, let b):
      return readsOnlyAttributes(p, attributes) && readsOnlyAttributes(a, attributes)
        && readsOnlyAttributes(b, attributes)
    case .evaluatedObject, .local, .property, .collectionOperator, .subquery, .dynamic:
      return false
    }
  }
}
