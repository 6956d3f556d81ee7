import Foundation

extension Interpreter {
  /// Runs a fetch request: filter, then — for whole objects — sort and page; with
  /// `select`, evaluate the columns (per object or per group), keep distinct rows, apply
  /// `having`, then sort and page the result rows.
  func fetch(_ fetch: BoundFetch, _ compiler: PredicateCompiler) throws -> ResultSet {
    let table = context.graph.table(fetch.entity.name)
    var positions = try matchingPositions(table, fetch.predicate, compiler)
    guard let projection = fetch.projection else {
      let keys = try fetch.sort.map { key in
        (try sortValues(key.value, positions.map { Self.scope(table, $0) }, compiler), key)
      }
      let order = Self.sortedOrder(count: positions.count, by: keys)
      positions = page(order.map { positions[$0] }, fetch)
      return ResultSet(
        entity: fetch.entity.name, columns: ResultColumn.columns(of: fetch.entity),
        ids: positions.map { ObjectID(entity: fetch.entity.name, key: table.keys[$0]) },
        rows: positions.map { table.rows[$0] })
    }
    var rows = try project(projection, positions.map { Self.scope(table, $0) }, compiler)
    if projection.distinct {
      var seen: Set<[Value]> = []
      rows = rows.filter { seen.insert($0).inserted }
    }
    if let having = projection.having {
      let test = compiler.compile(having)
      rows = try rows.filter { try test(EvaluationScope(row: $0)) }
    }
    let keys = try fetch.sort.map { key in
      (try sortValues(key.value, rows.map { EvaluationScope(row: $0) }, compiler), key)
    }
    let order = page(Self.sortedOrder(count: rows.count, by: keys), fetch)
    return ResultSet(
      entity: fetch.entity.name,
      columns: projection.columns.map { ResultColumn(name: $0.name, type: $0.type) }, ids: [],
      rows: order.map { rows[$0] })
  }

  private func page(_ items: [Int], _ fetch: BoundFetch) -> [Int] {
    let start = min(fetch.offset ?? 0, items.count)
    let end = fetch.limit.map { start + min($0, items.count - start) } ?? items.count
    return Array(items[start..<end])
  }

  private func sortValues(
    _ value: BoundExpression, _ scopes: [EvaluationScope], _ compiler: PredicateCompiler
  )
    throws -> [Value]
  {
    let compiled = compiler.expressions.compile(value)
    return try scopes.map { try compiled($0) }
  }

  /// The order of `count` items under the sort keys (a stable sort; no keys keeps the order).
  static func sortedOrder(count: Int, by keys: [([Value], BoundSortKey)]) -> [Int] {
    guard !keys.isEmpty else { return Array(0..<count) }
    return (0..<count).sorted { a, b in
      for (values, key) in keys {
        let order = sortOrder(values[a], values[b], key.comparison)
        if order != .orderedSame { return (order == .orderedAscending) == key.ascending }
      }
      return a < b
    }
  }

  /// Sort order: nil first, then by value, strings by the sort descriptor's selector.
  static func sortOrder(_ a: Value, _ b: Value, _ comparison: SortComparison = .compare)
    -> ComparisonResult
  {
    switch (a, b) {
    case (.null, .null): return .orderedSame
    case (.null, _): return .orderedAscending
    case (_, .null): return .orderedDescending
    case (.string(let x), .string(let y)):
      switch comparison {
      case .compare: return ValueComparison.compareUTF16(x, y)
      case .caseInsensitive: return x.caseInsensitiveCompare(y)
      case .localized: return x.localizedCompare(y)
      case .localizedCaseInsensitive: return x.localizedCaseInsensitiveCompare(y)
      case .localizedStandard: return x.localizedStandardCompare(y)
      }
    case (.object(let x), .object(let y)):
      return x < y ? .orderedAscending : (y < x ? .orderedDescending : .orderedSame)
    default:
      return (try? ValueComparison.order(a, b, options: [], range: .nowhere))
        ?? .orderedSame
    }
  }

  /// The result rows of a `select`: one per object, or one per group with aggregates.
  private func project(
    _ projection: BoundProjection, _ scopes: [EvaluationScope], _ compiler: PredicateCompiler
  )
    throws -> [[Value]]
  {
    let columns = projection.columns.map { column -> (BoundColumn, CompiledExpression?) in
      switch column.value {
      case .expression(let e): return (column, compiler.expressions.compile(e))
      case .aggregate(_, let argument): return (column, argument.map(compiler.expressions.compile))
      }
    }
    guard projection.isGrouped else {
      return try scopes.map { scope in try columns.map { try $0.1!(scope) } }
    }
    let keys = projection.groupBy.map(compiler.expressions.compile)
    var groups: [[Value]: [EvaluationScope]] = [:]
    var order: [[Value]] = []
    for scope in scopes {
      let key = try keys.map { try $0(scope) }
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(scope)
    }
    if order.isEmpty, keys.isEmpty { order = [[]] }
    return try order.map { key in
      let members = groups[key] ?? []
      return try columns.map { column, compiled throws -> Value in
        switch column.value {
        case .expression:
          guard let first = members.first else { return .null }
          return try compiled!(first)
        case .aggregate(let aggregate, _):
          let values = try compiled.map { c in try members.map { try c($0) } }
          return try aggregate.applyToGroup(
            objectCount: members.count, values: values, range: .nowhere)
        }
      }
    }
  }
}
