import Foundation

/// Runs a ``QueryPlan`` over the table of its entity, step by step, and — for `explain
/// analyze` — counts the rows each step gives and times it.
struct PlanExecutor {
  let table: EntityTable
  let compiler: PredicateCompiler
  /// A monotonic clock in nanoseconds, read around each step when the run is analysed.
  var stopwatch: (() -> UInt64)?
  /// Whether filters over every object run a column at a time where they can
  /// (``ColumnScan``); off, every filter runs through the compiled closures.
  var scansColumns = true

  /// What a plan delivers.
  enum Result {
    /// Positions of objects in the table, in order.
    case objects([Int])
    /// Result rows of `select`.
    case rows([[Value]])
    case count(Int)
  }

  /// What one step did: the rows it gave, and how long it took when the run was timed.
  struct StepStatistics: Hashable, Sendable {
    var rows: Int
    var nanoseconds: UInt64?
  }

  /// What flows between steps: positions of objects (all of them, until a step picks some),
  /// result rows, or a count.
  private enum Working {
    case allObjects(Int)
    case objects([Int])
    /// The positions a column scan selected, in table order.
    case selection(BitSet)
    case rows([[Value]])
    case count(Int)

    var rowCount: Int {
      switch self {
      case .allObjects(let n), .count(let n): return n
      case .objects(let positions): return positions.count
      case .selection(let selection): return selection.count
      case .rows(let rows): return rows.count
      }
    }
  }

  /// Runs every step; returns the result and each step's statistics.
  func run(_ plan: QueryPlan) throws -> (Result, [StepStatistics]) {
    var working = Working.allObjects(table.count)
    var statistics: [StepStatistics] = []
    for step in plan.steps {
      let start = stopwatch?()
      do {
        working = try run(step.operation, on: working)
      } catch  where Interrupt.isRequested {
        // A match stopped by Ctrl-C ends in an error of its own; the statement was interrupted.
        throw Interrupted()
      }
      let elapsed = stopwatch.flatMap { clock in start.map { clock() &- $0 } }
      statistics.append(StepStatistics(rows: working.rowCount, nanoseconds: elapsed))
    }
    switch working {
    case .allObjects(let n): return (.objects(Array(0..<n)), statistics)
    case .objects(let positions): return (.objects(positions), statistics)
    case .selection(let selection): return (.objects(selection.members), statistics)
    case .rows(let rows): return (.rows(rows), statistics)
    case .count(let n): return (.count(n), statistics)
    }
  }

  private func run(_ operation: PlanStep.Operation, on working: Working) throws -> Working {
    switch (operation, working) {
    case (.scan, _):
      return .allObjects(table.count)
    case (.indexLookup(let lookup), _):
      return .objects(lookup.keys().compactMap(table.position(of:)).sorted())
    case (.indexCount(let lookup), _):
      return .count(lookup.count())
    case (.indexWalk(let walk), _):
      return .objects(try self.walk(walk))
    case (.filter(let predicate), .allObjects(let n)):
      if scansColumns, let scan = ColumnScan(predicate, over: table),
        let selection = try scan.selection()
      {
        return .selection(selection)
      }
      return .objects(try filter(predicate, 0..<n))
    case (.filter(let predicate), _):
      return .objects(try filter(predicate, positions(of: working)))
    case (.sortObjects(let keys), _):
      let positions = positions(of: working)
      let values = try sortValues(keys, positions.map { EvaluationScope(table, position: $0) })
      return .objects(try SortOrder.sortedPositions(values, keys: keys).map { positions[$0] })
    case (.topObjects(let keys, let count), _):
      if scansColumns, keys.count == 1, let key = keys.first {
        // Every object is a range of positions, not an array of a million of them.
        var kept: [Int]?
        if case .allObjects(let n) = working {
          kept = try topByColumn(count, 0..<n, by: key)
        } else {
          kept = try topByColumn(count, positions(of: working), by: key)
        }
        if let kept { return .objects(kept) }
      }
      return .objects(try top(count, positions(of: working), by: keys))
    case (.page(let offset, let limit), .rows(let rows)):
      return .rows(Self.page(rows, offset: offset, limit: limit))
    case (.page(let offset, let limit), _):
      return .objects(Self.page(positions(of: working), offset: offset, limit: limit))
    case (.project(let projection), _):
      return .rows(
        try project(projection, positions(of: working).map { EvaluationScope(table, position: $0) })
      )
    case (.distinct, .rows(let rows)):
      var seen: Set<[Value]> = []
      return .rows(rows.filter { seen.insert($0).inserted })
    case (.having(let predicate), .rows(let rows)):
      let test = compiler.compile(predicate)
      return .rows(try rows.filter { try test(EvaluationScope(row: $0)) })
    case (.sortRows(let keys), .rows(let rows)):
      let values = try sortValues(keys, rows.map { EvaluationScope(row: $0) })
      return .rows(try SortOrder.sortedPositions(values, keys: keys).map { rows[$0] })
    case (.count, _):
      return .count(working.rowCount)
    case (.distinct, _), (.having, _), (.sortRows, _):
      return working
    }
  }

  /// The positions of the objects a step receives.
  private func positions(of working: Working) -> [Int] {
    switch working {
    case .allObjects(let n): return Array(0..<n)
    case .objects(let positions): return positions
    case .selection(let selection): return selection.members
    case .rows, .count: return []
    }
  }

  /// The positions, of those given, whose objects satisfy the predicate. Reads the table
  /// in place, one scope moved from object to object.
  private func filter(_ predicate: BoundPredicate, _ positions: some Sequence<Int>) throws
    -> [Int]
  {
    let test = compiler.compile(predicate)
    var scope = EvaluationScope(table, position: 0)
    var kept: [Int] = []
    for (step, position) in positions.enumerated() {
      try Interrupt.check(every: step)
      scope.move(to: position)
      if try test(scope) { kept.append(position) }
    }
    return kept
  }

  private func sortValues(_ keys: [BoundSortKey], _ scopes: [EvaluationScope]) throws
    -> [[Value]]
  {
    let compiled = keys.map { compiler.expressions.compile($0.value) }
    return try scopes.enumerated().map { step, scope in
      try Interrupt.check(every: step)
      return try compiled.map { try $0(scope) }
    }
  }

  /// The first `count` of the positions in sort-key order, through a heap of `count`.
  private func top(_ count: Int, _ positions: [Int], by keys: [BoundSortKey]) throws -> [Int] {
    var scope = EvaluationScope(table, position: 0)
    if keys.count == 1, let key = keys.first {
      let value = compiler.expressions.compile(key.value)
      var selection = TopSelection<(Value, Int)>(count: count) { a, b in
        let order = SortOrder.order(a.0, b.0, key.comparison)
        return order != .orderedSame && (order == .orderedAscending) == key.ascending
      }
      for (step, position) in positions.enumerated() {
        try Interrupt.check(every: step)
        scope.move(to: position)
        selection.offer((try value(scope), position))
      }
      return selection.sorted().map(\.1)
    }
    let values = keys.map { compiler.expressions.compile($0.value) }
    var selection = TopSelection<([Value], Int)>(count: count) { a, b in
      SortOrder.precedes(a.0, b.0, keys: keys)
    }
    for (step, position) in positions.enumerated() {
      try Interrupt.check(every: step)
      scope.move(to: position)
      selection.offer((try values.map { try $0(scope) }, position))
    }
    return selection.sorted().map(\.1)
  }

  /// ``top(_:_:by:)`` for a key that is an attribute held in a column of integers, reals or
  /// dates: the unboxed values are compared in place, and a value that does not beat the
  /// heap's boundary is passed by. Nil for any other key, and for reals with a NaN, which
  /// orders as equal to everything.
  private func topByColumn(_ count: Int, _ positions: some Sequence<Int>, by key: BoundSortKey)
    throws -> [Int]?
  {
    guard case .slot(let slot) = key.value.kind, slot < table.slotCount else { return nil }
    let column = table.column(slot)
    let nulls: BitSet? = column.nullCount > 0 ? column.nulls : nil
    switch column.kind {
    case .integers:
      return try Self.top(count, positions, column.integers, nulls, ascending: key.ascending)
    case .reals, .dates:
      return try Self.top(count, positions, column.reals, nulls, ascending: key.ascending)
    default:
      return nil
    }
  }

  /// The first `count` of the positions by `values` (nil, in `nulls`, before every value),
  /// ties in position order; nil when a value is not equal to itself (NaN).
  private static func top<T: Comparable>(
    _ count: Int, _ positions: some Sequence<Int>, _ values: [T], _ nulls: BitSet?,
    ascending: Bool
  ) throws -> [Int]? {
    typealias Entry = (isValue: Bool, value: T, position: Int)
    let precedes: (Entry, Entry) -> Bool = { a, b in
      if a.isValue != b.isValue { return ascending ? b.isValue : a.isValue }
      return ascending ? a.value < b.value : a.value > b.value
    }
    var selection = TopSelection<Entry>(count: count, by: precedes)
    var boundary: Entry?
    for (step, position) in positions.enumerated() {
      try Interrupt.check(every: step)
      let entry = (
        isValue: !(nulls?.contains(position) ?? false), value: values[position], position
      )
      if entry.value != entry.value { return nil }
      if let boundary, !precedes(entry, boundary) { continue }
      selection.offer(entry)
      boundary = selection.boundary
    }
    return selection.sorted().map(\.position)
  }

  /// The positions an index walk gives: runs of equal values in the walk's direction, nils
  /// first going up and last going down, each run in table order, until `count` objects
  /// the predicate accepts are found. A walk of a search goes along its stretches only.
  ///
  /// While keys follow table order (``EntityTable/keysAscend``), a run's keys in key order
  /// are its objects in table order: a run over every attribute of the index, which ties
  /// entries by key, is read only as far as the objects it gives are wanted; of a shorter
  /// run (`sort by rating` through an index of `(rating, name)`) only the keys are read, and
  /// only the smallest still wanted kept when no predicate is checked, or else all sorted.
  /// Otherwise each run's objects are sorted by position.
  private func walk(_ walk: IndexWalk) throws -> [Int] {
    guard let ordered = walk.index.ordered, walk.count != 0 else { return [] }
    let test = walk.predicate.map(compiler.compile)
    var scope = EvaluationScope(table, position: 0)
    var kept: [Int] = []
    var visited = 0
    /// Offers the object at `position`; returns false once enough are kept.
    func take(_ position: Int) throws -> Bool {
      try Interrupt.check(every: visited)
      visited += 1
      scope.move(to: position)
      guard try test?(scope) ?? true else { return true }
      kept.append(position)
      return kept.count != walk.count
    }
    func take(key: Int64) throws -> Bool {
      try table.position(of: key).map(take) ?? true
    }
    func take(_ positions: [Int]) throws -> Bool {
      for position in positions { guard try take(position) else { return false } }
      return true
    }
    let keysAscend = table.keysAscend
    let runsInKeyOrder = walk.depth >= walk.index.slots.count
    func takeRun(_ from: OrderedIndex.Position, _ to: OrderedIndex.Position) throws -> Bool {
      guard keysAscend else {
        return try take(ordered.keys(from: from, to: to).compactMap(table.position(of:)).sorted())
      }
      guard runsInKeyOrder else {
        let keys: [Int64]
        if test == nil, let count = walk.count {
          // Every object is kept: the smallest keys of the run that are still wanted do.
          var first = TopSelection<Int64>(count: count - kept.count, by: <)
          ordered.forEachKey(from: from, to: to) { key in
            if let boundary = first.boundary, key >= boundary { return true }
            first.offer(key)
            return true
          }
          keys = first.sorted()
        } else {
          keys = ordered.keys(from: from, to: to).sorted()
        }
        for key in keys { guard try take(key: key) else { return false } }
        return true
      }
      return try ordered.forEachKey(from: from, to: to, take(key:))
    }
    if let lookup = walk.lookup {
      let stretches = lookup.stretches(of: ordered)
      for stretch in walk.ascending ? stretches : stretches.reversed() {
        let going = try ordered.forEachRun(
          from: stretch.from, to: stretch.to, depth: walk.depth, ascending: walk.ascending, takeRun)
        if !going { break }
      }
      return kept
    }
    let nils = nilRuns(Array(ordered.nils), of: walk)
    if walk.ascending {
      for run in nils { guard try take(run) else { return kept } }
    }
    let going = try ordered.forEachRun(depth: walk.depth, ascending: walk.ascending, takeRun)
    guard going, !walk.ascending else { return kept }
    for run in nils.reversed() { guard try take(run) else { return kept } }
    return kept
  }

  /// The positions of the objects whose first value is nil, which an ordered index keeps
  /// apart, in runs of equal values of the walk's other attributes, going up (nil first),
  /// each run in table order.
  private func nilRuns(_ keys: [Int64], of walk: IndexWalk) -> [[Int]] {
    let positions = keys.compactMap(table.position(of:)).sorted()
    let slots = walk.index.slots.prefix(walk.depth).dropFirst()
    guard !slots.isEmpty, !positions.isEmpty else { return positions.isEmpty ? [] : [positions] }
    let values = positions.map { position in slots.map { table.value(at: position, slot: $0) } }
    let order = { (a: Int, b: Int) -> ComparisonResult in
      for (x, y) in zip(values[a], values[b]) {
        let order = SortOrder.order(x, y)
        if order != .orderedSame { return order }
      }
      return .orderedSame
    }
    let sorted = positions.indices.sorted {
      let result = order($0, $1)
      return result == .orderedAscending || (result == .orderedSame && $0 < $1)
    }
    var runs: [[Int]] = []
    for (offset, index) in sorted.enumerated() {
      if offset > 0, order(sorted[offset - 1], index) == .orderedSame {
        runs[runs.count - 1].append(positions[index])
      } else {
        runs.append([positions[index]])
      }
    }
    return runs
  }

  /// Items from `offset`, at most `limit` of them.
  static func page<T>(_ items: [T], offset: Int, limit: Int?) -> [T] {
    let start = min(offset, items.count)
    let end = limit.map { start + min($0, items.count - start) } ?? items.count
    return Array(items[start..<end])
  }

  /// The result rows of a `select`: one per object, or one per group with aggregates.
  private func project(_ projection: BoundProjection, _ scopes: [EvaluationScope]) throws
    -> [[Value]]
  {
    let columns = projection.columns.map { column -> (BoundColumn, CompiledExpression?) in
      switch column.value {
      case .expression(let e): return (column, compiler.expressions.compile(e))
      case .aggregate(_, let argument): return (column, argument.map(compiler.expressions.compile))
      }
    }
    guard projection.isGrouped else {
      return try scopes.enumerated().map { step, scope in
        try Interrupt.check(every: step)
        return try columns.map { column, compiled throws -> Value in
          guard let compiled else { return .null }
          return try compiled(scope)
        }
      }
    }
    let keys = projection.groupBy.map(compiler.expressions.compile)
    var groups: [[Value]: [EvaluationScope]] = [:]
    var order: [[Value]] = []
    for (step, scope) in scopes.enumerated() {
      try Interrupt.check(every: step)
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
          guard let first = members.first, let compiled else { return .null }
          return try compiled(first)
        case .aggregate(let aggregate, _):
          let values = try compiled.map { c in try members.map { try c($0) } }
          return try aggregate.applyToGroup(
            objectCount: members.count, values: values, range: .nowhere)
        }
      }
    }
  }
}
