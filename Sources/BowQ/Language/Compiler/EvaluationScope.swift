/// What a compiled expression reads from: the evaluated object — an object of a table, by
/// position, with its primary key, or a single row — the values of the SUBQUERY variables
/// in scope, and, when evaluating plain Swift values, the ``DynamicScope`` that dynamic
/// lookups read.
///
/// The scope holds the whole table and moves over it (``move(to:)``); a slot is read in
/// place from its column, so moving from object to object retains nothing.
struct EvaluationScope {
  /// Where the evaluated object's values are.
  private enum Source {
    case table(EntityTable)
    case row([Value], key: Int64)
  }

  private let source: Source
  /// The evaluated object's position in the table.
  private(set) var position: Int
  var locals: [Value]
  var dynamic: DynamicScope?

  /// The object at `position` of a table.
  init(_ table: EntityTable, position: Int) {
    source = .table(table)
    self.position = position
    locals = []
  }

  /// A single row (an object about to be inserted, a result row) with the given key.
  init(row: [Value], key: Int64 = 0, locals: [Value] = [], dynamic: DynamicScope? = nil) {
    source = .row(row, key: key)
    position = 0
    self.locals = locals
    self.dynamic = dynamic
  }

  /// The evaluated object's primary key.
  var key: Int64 {
    switch source {
    case .table(let table): return table.keys[position]
    case .row(_, let key): return key
    }
  }

  /// The value in slot `slot` of the evaluated object.
  @inline(__always)
  func slot(_ slot: Int) -> Value {
    switch source {
    case .table(let table): return table.value(at: position, slot: slot)
    case .row(let row, _): return row[slot]
    }
  }

  /// Moves to another object of the same table.
  mutating func move(to position: Int) {
    self.position = position
  }

  /// The scope of constant folding, where no object is in sight.
  static let empty = EvaluationScope(row: [])
}
