import Foundation

/// Runs a ``QueryPlan`` over its source — the table of its entity, or the tables of a
/// hierarchy's members read in place, each through expressions compiled for its own slots —
/// step by step, and — for `explain analyze` — counts the rows each step gives and times it.
struct PlanExecutor {
  /// The objects the plan reads; once a plan's step has read an external source, the rows it
  /// gave.
  private(set) var source: PlanSource
  let compiler: PredicateCompiler
  /// The source a plan's ``PlanStep/Operation/external(_:)`` step reads.
  var external: (any ExternalSource)?
  /// A monotonic clock in nanoseconds, read around each step when the run is analysed.
  var stopwatch: (() -> UInt64)?
  /// Whether filters over every object run a column at a time where they can
  /// (``ColumnScan``); off, every filter runs through the compiled closures.
  var scansColumns = true

  /// An executor over `source`.
  init(source: PlanSource, compiler: PredicateCompiler, stopwatch: (() -> UInt64)? = nil) {
    self.source = source
    self.compiler = compiler
    self.stopwatch = stopwatch
  }

  /// An executor of plans over `external`, whose first step reads it.
  init(external: any ExternalSource, compiler: PredicateCompiler, stopwatch: (() -> UInt64)? = nil)
  {
    self.init(table: EntityTable(), compiler: compiler, stopwatch: stopwatch)
    self.external = external
  }

  /// An executor over one table.
  init(table: EntityTable, compiler: PredicateCompiler, stopwatch: (() -> UInt64)? = nil) {
    let entity = Entity(name: "", attributes: [])
    self.init(
      source: PlanSource(entity: entity, table: table), compiler: compiler, stopwatch: stopwatch)
  }

  /// The table of a plan over one entity: index searches and walks read only it.
  private var table: EntityTable { source.members[0].table }

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
    /// The positions column scans selected, one set per member of the source, in order.
    case selections([BitSet])
    case rows([[Value]])
    case count(Int)

    var rowCount: Int {
      switch self {
      case .allObjects(let n), .count(let n): return n
      case .objects(let positions): return positions.count
      case .selections(let selections): return selections.reduce(0) { $0 + $1.count }
      case .rows(let rows): return rows.count
      }
    }
  }

  /// What a run gives: the result, each step's statistics, and the source the result's
  /// positions are of (the rows an external source gave, when the plan read one).
  struct Execution {
    var result: Result
    var statistics: [StepStatistics]
    var source: PlanSource
  }

  /// Runs every step; returns the result and each step's statistics.
  func run(_ plan: QueryPlan) throws -> (Result, [StepStatistics]) {
    let execution = try execute(plan)
    return (execution.result, execution.statistics)
  }

  /// Runs every step; returns the result, each step's statistics and the source read.
  func execute(_ plan: QueryPlan) throws -> Execution {
    var executor = self
    let execution = try executor.runSteps(plan)
    return Execution(
      result: execution.0, statistics: execution.1, source: executor.source)
  }

  private mutating func runSteps(_ plan: QueryPlan) throws -> (Result, [StepStatistics]) {
    var working = Working.allObjects(source.count)
    var statistics: [StepStatistics] = []
    for (index, step) in plan.steps.enumerated() {
      if let given = Self.refused(step.operation, working) {
        throw PlanError.unexpectedInput(
          step: index, given: given, plan: PlanRenderer(external: external).texts(of: plan))
      }
      let start = stopwatch?()
      do {
        if case .external(let scan) = step.operation {
          working = try read(scan, of: plan.entity)
        } else {
          working = try run(step.operation, on: working)
        }
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
    case .selections: return (.objects(positions(of: working)), statistics)
    case .rows(let rows): return (.rows(rows), statistics)
    case .count(let n): return (.count(n), statistics)
    }
  }

  /// What `working` is, in words, when `operation` does not take it; nil when it does. A
  /// step that finds the objects comes first; steps over objects take objects; `distinct`,
  /// `having` and the sort of result rows take result rows; a page takes either.
  private static func refused(_ operation: PlanStep.Operation, _ working: Working) -> String? {
    let given: String
    switch working {
    case .allObjects: return nil
    case .objects, .selections: given = "objects already chosen"
    case .rows: given = "result rows"
    case .count: given = "a count"
    }
    switch (operation, working) {
    case (.filter, .objects), (.filter, .selections), (.sortObjects, .objects),
      (.sortObjects, .selections), (.topObjects, .objects), (.topObjects, .selections),
      (.project, .objects), (.project, .selections), (.count, .objects), (.count, .selections),
      (.page, .objects), (.page, .selections), (.page, .rows), (.distinct, .rows),
      (.having, .rows), (.sortRows, .rows):
      return nil
    default:
      return given
    }
  }

  /// Reads the rows of an external source, which the steps after it run over.
  private mutating func read(_ scan: ExternalScan, of entity: Entity) throws -> Working {
    guard let external else { throw PlanError.noExternalSource }
    switch try external.read(scan) {
    case .count(let n):
      return .count(n)
    case .rows(let table, let ids):
      source = PlanSource(entity: entity, table: table, ids: ids)
      return .allObjects(table.count)
    }
  }

  private func run(_ operation: PlanStep.Operation, on working: Working) throws -> Working {
    switch (operation, working) {
    case (.external, _):
      throw PlanError.noExternalSource
    case (.scan, _):
      return .allObjects(source.count)
    case (.indexLookup(let lookup, _), _):
      return .objects(lookup.keys().compactMap(table.position(of:)).sorted())
    case (.indexCount(let lookup), _):
      return .count(lookup.count())
    case (.indexWalk(let walk), _):
      return .objects(try self.walk(walk))
    case (.memberSearch(let searches), _):
      return .objects(try search(searches))
    case (.memberCount(let searches), _):
      return .count(searches.reduce(0) { $0 + ($1.lookup?.count() ?? 0) })
    case (.filter(let predicate), .allObjects):
      if scansColumns {
        let scans = source.members.compactMap {
          ColumnScan($0.slots.predicate(predicate), over: $0.table)
        }
        if scans.count == source.members.count {
          announce("filtering", steps: predicate.comparisonCount * source.count)
          let selections = try scans.map { try $0.selection() }
          if selections.allSatisfy({ $0 != nil }) {
            return .selections(selections.compactMap { $0 })
          }
        }
      }
      announce("filtering", steps: working.rowCount)
      return .objects(try filter(predicate, memberRuns(of: working)))
    case (.filter(let predicate), _):
      announce("filtering", steps: working.rowCount)
      return .objects(try filter(predicate, memberRuns(of: working)))
    case (.sortObjects(let keys), _):
      let positions = positions(of: working)
      announce("sorting", steps: positions.count)
      let values = try sortValues(keys, positions)
      return .objects(try SortOrder.sortedPositions(values, keys: keys).map { positions[$0] })
    case (.topObjects(let keys, let count), _):
      announce("sorting", steps: working.rowCount)
      let runs = memberRuns(of: working)
      if scansColumns, keys.count == 1, let key = keys.first,
        let kept = try topByColumn(count, runs, by: key)
      {
        return .objects(kept)
      }
      return .objects(try top(count, runs, by: keys))
    case (.page(let offset, let limit), .rows(let rows)):
      return .rows(Self.page(rows, offset: offset, limit: limit))
    case (.page(let offset, let limit), _):
      return .objects(Self.page(positions(of: working), offset: offset, limit: limit))
    case (.project(let projection), _):
      return .rows(try project(projection, positions(of: working)))
    case (.distinct, .rows(let rows)):
      var seen: Set<[Value]> = []
      return .rows(rows.filter { seen.insert($0).inserted })
    case (.having(let predicate), .rows(let rows)):
      let test = compiler.compile(predicate)
      return .rows(try rows.filter { try test(EvaluationScope(row: $0)) })
    case (.sortRows(let keys), .rows(let rows)):
      let compiled = keys.map { compiler.expressions.compile($0.value) }
      let values = try rows.enumerated().map { step, row in
        try Interrupt.check(every: step)
        let scope = EvaluationScope(row: row)
        return try compiled.map { try $0(scope) }
      }
      return .rows(try SortOrder.sortedPositions(values, keys: keys).map { rows[$0] })
    case (.count, _):
      return .count(working.rowCount)
    case (.distinct, _), (.having, _), (.sortRows, _):
      // Refused before the step runs (``refused(_:_:)``).
      return working
    }
  }

  /// Says what a step is about to do to the objects of the source's entity, in about `steps`
  /// steps of loops that check as they go: how far it has come is what the shell shows of a
  /// long statement (``Interrupt/begin(_:steps:)``).
  private func announce(_ doing: String, steps: Int) {
    let name = source.entity.name
    Interrupt.begin(name.isEmpty ? doing : "\(doing) \(name)", steps: steps)
  }

  /// The positions of the objects a step receives.
  private func positions(of working: Working) -> [Int] {
    switch working {
    case .allObjects(let n): return Array(0..<n)
    case .objects(let positions): return positions
    case .selections(let selections):
      guard source.isHierarchy else { return selections.first?.members ?? [] }
      return zip(source.members, selections).flatMap { member, selection in
        selection.members.map { $0 + member.offset }
      }
    case .rows, .count: return []
    }
  }

  /// The objects a step receives, member by member: each member's place among the source's
  /// and the positions in its table, in order; nil positions for all of the member's objects.
  private func memberRuns(of working: Working) -> [(member: Int, positions: [Int]?)] {
    if case .allObjects = working { return source.members.indices.map { ($0, nil) } }
    if case .selections(let selections) = working {
      return selections.enumerated().map { ($0, $1.members) }
    }
    return source.runs(positions(of: working)).map { ($0.member, $0.positions) }
  }

  /// The objects of each member the searches find, in the source's positions: each member's
  /// index search (or all its objects), filtered by what the search leaves to check.
  private func search(_ searches: [MemberSearch]) throws -> [Int] {
    var found: [Int] = []
    for search in searches {
      let member = source.members[search.member]
      let table = member.table
      let positions = search.lookup.map { $0.keys().compactMap(table.position(of:)).sorted() }
      guard let predicate = search.predicate else {
        found += (positions ?? Array(0..<table.count)).map { $0 + member.offset }
        continue
      }
      let test = compiler.compile(predicate)
      var scope = EvaluationScope(table, position: 0)
      for (step, position) in (positions ?? Array(0..<table.count)).enumerated() {
        try Interrupt.check(every: step)
        scope.move(to: position)
        if try test(scope) { found.append(position + member.offset) }
      }
    }
    return found
  }

  /// The positions, of those given, whose objects satisfy the predicate. Reads each table
  /// in place, one scope moved from object to object, through the predicate compiled for
  /// the member's slots.
  private func filter(_ predicate: BoundPredicate, _ runs: [(member: Int, positions: [Int]?)])
    throws -> [Int]
  {
    var kept: [Int] = []
    var step = 0
    for run in runs {
      let member = source.members[run.member]
      let test = compiler.compile(member.slots.predicate(predicate))
      var scope = EvaluationScope(member.table, position: 0)
      func offer(_ positions: some Sequence<Int>) throws {
        for position in positions {
          try Interrupt.check(every: step)
          step += 1
          scope.move(to: position)
          if try test(scope) { kept.append(position + member.offset) }
        }
      }
      if let positions = run.positions {
        try offer(positions)
      } else {
        try offer(0..<member.table.count)
      }
    }
    return kept
  }

  /// Each expression compiled for each member's slots.
  private func compiled(_ expressions: [BoundExpression]) -> [[CompiledExpression]] {
    source.members.map { member in
      expressions.map { compiler.expressions.compile(member.slots.expression($0)) }
    }
  }

  /// The scope of the object at each of `positions`, with its member's place.
  private func scopes(_ positions: [Int]) -> [(member: Int, scope: EvaluationScope)] {
    positions.map { position in
      let (member, local) = source.locate(position)
      return (member, EvaluationScope(source.members[member].table, position: local))
    }
  }

  private func sortValues(_ keys: [BoundSortKey], _ positions: [Int]) throws -> [[Value]] {
    let compiled = compiled(keys.map(\.value))
    return try scopes(positions).enumerated().map { step, object in
      try Interrupt.check(every: step)
      return try compiled[object.member].map { try $0(object.scope) }
    }
  }

  /// The first `count` of the objects in sort-key order, through a heap of `count`; ties
  /// in the order the objects are given.
  private func top(
    _ count: Int, _ runs: [(member: Int, positions: [Int]?)], by keys: [BoundSortKey]
  ) throws -> [Int] {
    let compiled = compiled(keys.map(\.value))
    var step = 0
    /// Offers each object of the runs to `offer`, with its values and source position.
    func each(_ offer: ([Value], Int) -> Void) throws {
      for run in runs {
        let member = source.members[run.member]
        let values = compiled[run.member]
        var scope = EvaluationScope(member.table, position: 0)
        func visit(_ positions: some Sequence<Int>) throws {
          for position in positions {
            try Interrupt.check(every: step)
            step += 1
            scope.move(to: position)
            offer(try values.map { try $0(scope) }, position + member.offset)
          }
        }
        if let positions = run.positions {
          try visit(positions)
        } else {
          try visit(0..<member.table.count)
        }
      }
    }
    if keys.count == 1, let key = keys.first {
      var selection = TopSelection<(Value, Int)>(count: count) { a, b in
        let order = SortOrder.order(a.0, b.0, key.comparison)
        return order != .orderedSame && (order == .orderedAscending) == key.ascending
      }
      try each { values, position in selection.offer((values[0], position)) }
      return selection.sorted().map(\.1)
    }
    var selection = TopSelection<([Value], Int)>(count: count) { a, b in
      SortOrder.precedes(a.0, b.0, keys: keys)
    }
    try each { values, position in selection.offer((values, position)) }
    return selection.sorted().map(\.1)
  }

  /// ``top(_:_:by:)`` for a key that is an attribute held, in every member, in a column of
  /// integers, or in every member in one of reals or dates: the unboxed values are compared
  /// in place, and a value that does not beat the heap's boundary is passed by. Nil for any
  /// other key, and for reals with a NaN, which orders as equal to everything.
  private func topByColumn(
    _ count: Int, _ runs: [(member: Int, positions: [Int]?)], by key: BoundSortKey
  ) throws -> [Int]? {
    guard case .slot(let slot) = key.value.kind else { return nil }
    var columns: [Column] = []
    for member in source.members {
      guard let own = member.slots.slot(slot), own < member.table.slotCount else { return nil }
      columns.append(member.table.column(own))
    }
    if columns.allSatisfy({ $0.kind == .integers }) {
      return try Self.top(count, runs, columns, \.integers, source, ascending: key.ascending)
    }
    if columns.allSatisfy({ $0.kind == .reals || $0.kind == .dates }) {
      return try Self.top(count, runs, columns, \.reals, source, ascending: key.ascending)
    }
    return nil
  }

  /// The objects a top selection over a whole column looks at together, passing them by
  /// when none goes before the last kept.
  private static let topBlock = 1_024

  /// The first `count` of the objects by the values of each member's column (nil, in its
  /// nulls, before every value), ties in the order given; nil when a value is not equal to
  /// itself (NaN).
  private static func top<T: Comparable>(
    _ count: Int, _ runs: [(member: Int, positions: [Int]?)], _ columns: [Column],
    _ values: KeyPath<Column, [T]>, _ source: PlanSource, ascending: Bool
  ) throws -> [Int]? {
    typealias Entry = (isValue: Bool, value: T, position: Int)
    let precedes: (Entry, Entry) -> Bool = { a, b in
      if a.isValue != b.isValue { return ascending ? b.isValue : a.isValue }
      return ascending ? a.value < b.value : a.value > b.value
    }
    var selection = TopSelection<Entry>(count: count, by: precedes)
    var boundary: Entry?
    var step = 0
    for run in runs {
      let column = columns[run.member]
      let offset = source.members[run.member].offset
      let nulls: BitSet? = column.nullCount > 0 ? column.nulls : nil
      let values = column[keyPath: values]
      /// Offers the objects at `positions`; false on a NaN. Most objects do not go before
      /// the boundary (the last of those kept), and are passed by after one comparison of
      /// plain values, made here rather than through `precedes`.
      func offer(_ positions: some Sequence<Int>) throws -> Bool {
        for position in positions {
          try Interrupt.check(every: step)
          step += 1
          let isValue = !(nulls?.contains(position) ?? false)
          let value = values[position]
          if value != value { return false }
          if let boundary {
            let before =
              isValue == boundary.isValue
              ? (ascending ? value < boundary.value : boundary.value < value)
              : (ascending ? boundary.isValue : isValue)
            if !before { continue }
          }
          selection.offer((isValue, value, position + offset))
          boundary = selection.boundary
        }
        return true
      }
      let all = 0..<source.members[run.member].table.count
      guard run.positions == nil, nulls == nil else {
        guard try run.positions.map({ try offer($0) }) ?? offer(all) else { return nil }
        continue
      }
      // Every object, none nil: a block whose best value does not go before the boundary
      // is passed by whole, after a loop over plain values the compiler vectorizes.
      for block in stride(from: all.lowerBound, to: all.upperBound, by: Self.topBlock) {
        let rows = block..<min(block + Self.topBlock, all.upperBound)
        if let boundary {
          var (low, high, hasNaN) = (values[rows.lowerBound], values[rows.lowerBound], false)
          for position in rows {
            let value = values[position]
            hasNaN = hasNaN || value != value
            low = value < low ? value : low
            high = value > high ? value : high
          }
          if hasNaN { return nil }
          if ascending ? !(low < boundary.value) : !(boundary.value < high) {
            step += rows.count
            try Interrupt.check()
            continue
          }
        }
        guard try offer(rows) else { return nil }
      }
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
  private func project(_ projection: BoundProjection, _ positions: [Int]) throws -> [[Value]] {
    let scopes = scopes(positions)
    let columns = source.members.map { member in
      member.slots.projection(projection).columns.map {
        column -> (BoundColumn, CompiledExpression?) in
        switch column.value {
        case .expression(let e): return (column, compiler.expressions.compile(e))
        case .aggregate(_, let argument):
          return (column, argument.map(compiler.expressions.compile))
        }
      }
    }
    guard projection.isGrouped else {
      return try scopes.enumerated().map { step, object in
        try Interrupt.check(every: step)
        return try columns[object.member].map { column, compiled throws -> Value in
          guard let compiled else { return .null }
          return try compiled(object.scope)
        }
      }
    }
    let keys = compiled(projection.groupBy)
    var groups: [[Value]: [(member: Int, scope: EvaluationScope)]] = [:]
    var order: [[Value]] = []
    for (step, object) in scopes.enumerated() {
      try Interrupt.check(every: step)
      let key = try keys[object.member].map { try $0(object.scope) }
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(object)
    }
    if order.isEmpty, keys.allSatisfy(\.isEmpty) { order = [[]] }
    return try order.map { key in
      let members = groups[key] ?? []
      return try projection.columns.indices.map { i throws -> Value in
        let column = columns[0][i].0
        switch column.value {
        case .expression:
          guard let first = members.first, let compiled = columns[first.member][i].1 else {
            return .null
          }
          return try compiled(first.scope)
        case .aggregate(let aggregate, _):
          let values = try columns[0][i].1.map { _ in
            try members.map { object in
              try columns[object.member][i].1.map { try $0(object.scope) } ?? .null
            }
          }
          return try aggregate.applyToGroup(
            objectCount: members.count, values: values, range: .nowhere)
        }
      }
    }
  }
}
