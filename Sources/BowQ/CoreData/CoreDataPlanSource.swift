/// A Core Data store's rows, left in their file, as the external source of a plan
/// (``ExternalSource``): SQLite selects the rows of every conjunct it decides as bowq does
/// (``CoreDataSQLPredicate``), wherever it stands in the predicate, and sorts and pages them
/// where it can; the plan's steps run the rest over the rows it returns, read by
/// ``CoreDataRowReader`` as the graph reader would read them.
///
/// The engine's part sees only the rows SQLite returns, so it may read only the entity's
/// own attributes; a statement whose remaining part reads relationships, or whose objects
/// have relationships the SQL side cannot fill (one-to-ones, many-to-manys), is refused with
/// the reason, and runs in memory over the whole store instead.
struct CoreDataPlanSource: ExternalSource {
  let file: CoreDataStoreFile

  var name: String { "SQLite" }

  func bestAccess(for query: ExternalQuery) -> Result<ExternalAccess, ExternalRefusal> {
    let entity = query.entity
    guard let place = file.map[entity.name] else {
      return .failure(ExternalRefusal(reason: "\(entity.name) is not in the store's tables"))
    }
    if let fault = file.rowFault() {
      return .failure(ExternalRefusal(reason: fault, isUnreadable: true))
    }
    if query.wholeObjects {
      for slot in place.slots {
        if case .unavailable(let reason) = slot { return .failure(ExternalRefusal(reason: reason)) }
      }
    }
    let attributes = entity.attributes.count
    let split = predicate(of: query)
    if let residual = split.residual, !Self.readsOnlyAttributes(residual, attributes) {
      let reason = split.parts.first { $0.refusal != nil }?.refusal ?? ""
      return .failure(
        ExternalRefusal(
          reason: "what SQLite cannot do reads more than the objects' own attributes: \(reason)"))
    }
    let terms = Self.orderTerms(query.sort, of: entity.name, file.map)
    if terms == nil, !query.sort.allSatisfy({ Self.readsOnlyAttributes($0.value, attributes) }) {
      return .failure(
        ExternalRefusal(reason: "a sort key SQLite cannot sort by reads more than attributes"))
    }
    let consumed = split.parts.indices.filter { split.parts[$0].sql != nil }
    var refusals: [Int: String] = [:]
    for (position, part) in split.parts.enumerated() { refusals[position] = part.refusal }
    let pages = split.residual == nil && terms != nil
    let (rows, cost) = estimate(place, consumed: consumed.count, limit: pages ? query.limit : nil)
    return .success(
      ExternalAccess(
        consumed: consumed, refusals: refusals, sorts: terms != nil, pages: pages,
        counts: !query.wholeObjects && split.residual == nil, estimatedRows: rows,
        estimatedCost: cost))
  }

  func read(_ scan: ExternalScan) throws -> ExternalRows {
    let query = scan.query
    guard let place = file.map[query.entity.name] else { return .count(0) }
    let columns = CoreDataRowReader(entity: query.entity, place: place, file: file)
    let sql = statement(scan, place, selecting: columns.selected(wholeObjects: query.wholeObjects))
    if scan.access.counts {
      guard
        case .integer(let n) = try file.connection.rows(sql.text, binding: sql.parameters)
          .first?.first
      else { return .count(0) }
      return .count(Int(n))
    }
    let (table, ids) = try columns.read(sql, wholeObjects: query.wholeObjects)
    return .rows(table, ids: ids)
  }

  func describe(_ scan: ExternalScan) -> [String] {
    guard let place = file.map[scan.query.entity.name] else { return [] }
    let reader = CoreDataRowReader(entity: scan.query.entity, place: place, file: file)
    let sql = statement(
      scan, place, selecting: reader.selected(wholeObjects: scan.query.wholeObjects))
    var lines = ["run in SQLite: \(sql.text)"]
    if !sql.parameters.isEmpty {
      lines.append("  with ? = " + sql.parameters.map(Self.describe).joined(separator: ", "))
    }
    return lines
  }

  func estimatedObjects(of entity: Entity) -> Int {
    guard let place = file.map[entity.name] else { return 0 }
    return estimate(place, consumed: 0, limit: nil).rows
  }

  /// The split of the query's conjuncts into SQL and what stays.
  private func predicate(of query: ExternalQuery) -> CoreDataSQLPredicate {
    CoreDataSQLPredicate(
      conjuncts: query.conjuncts.map(\.predicate), entity: query.entity.name, map: file.map)
  }

  /// How many rows reading `place` is expected to give, and at what cost in rows visited: the
  /// table's largest key (`Z_PRIMARYKEY.Z_MAX`, read when the store was opened; no row is
  /// read), a quarter of it for each conjunct SQLite applies, and no more than a limit it
  /// applies — SQLite's own guesses without statistics.
  private func estimate(_ place: CoreDataSQLMap.Place, consumed: Int, limit: Int?) -> (
    rows: Int, cost: Double
  ) {
    let numbers = Set(file.map.hierarchyTables[place.table] ?? place.numbers)
    let largest =
      file.schema.entityNumbers.filter { numbers.contains($0.number) }
      .map(\.maximumKey).max() ?? 0
    let total = Int(clamping: max(largest, 0))
    var rows = total
    for _ in 0..<min(consumed, 16) { rows /= 4 }
    if let limit { rows = min(rows, limit) }
    return (rows, Double(total))
  }

  /// `FROM … WHERE …` of the scan, over the alias `t0`.
  private func fromWhere(_ scan: ExternalScan, _ place: CoreDataSQLMap.Place) -> SQLFragment {
    var conditions: [String] = []
    var parameters: [SQLiteConnection.Cell] = []
    if !place.isRoot {
      conditions.append("t0.Z_ENT IN (\(place.numbers.map(String.init).joined(separator: ", ")))")
    }
    if let pushed = predicate(of: scan.query).pushed {
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
  private func statement(
    _ scan: ExternalScan, _ place: CoreDataSQLMap.Place,
    selecting columns: @autoclosure () -> [String]
  ) -> SQLFragment {
    let from = fromWhere(scan, place)
    if scan.access.counts {
      return SQLFragment(text: "SELECT COUNT(*) " + from.text, parameters: from.parameters)
    }
    let query = scan.query
    var text = "SELECT " + columns().joined(separator: ", ") + " " + from.text
    let terms =
      scan.access.sorts ? Self.orderTerms(query.sort, of: query.entity.name, file.map) : []
    text += " ORDER BY " + ((terms ?? []) + Self.scanOrder(place)).joined(separator: ", ")
    if scan.access.pages, query.limit != nil || query.offset != nil {
      text += " LIMIT \(query.limit.map(String.init) ?? "-1")"
      if let offset = query.offset { text += " OFFSET \(offset)" }
    }
    return SQLFragment(text: text, parameters: from.parameters)
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

  /// The order the engine lists a hierarchy's objects in: the entity's own, then each
  /// sub-entity's (``PlanSource``), each by key.
  private static func scanOrder(_ place: CoreDataSQLMap.Place) -> [String] {
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
