/// What a compiled expression reads from: the evaluated object — a row of a table, by
/// position, with its primary key — the values of the SUBQUERY variables in scope, and,
/// when evaluating plain Swift values, the ``DynamicScope`` that dynamic lookups read.
///
/// The scope holds the whole table's rows and moves over them (``move(to:)``); a slot is
/// read in place, `rows[position][slot]`, so moving from object to object retains nothing.
struct EvaluationScope {
  let rows: [[Value]]
  let keys: [Int64]
  /// The evaluated object's position in `rows`.
  private(set) var position: Int
  var locals: [Value]
  var dynamic: DynamicScope?

  /// The object at `position` of a table.
  init(_ table: EntityTable, position: Int) {
    rows = table.rows
    keys = table.keys
    self.position = position
    locals = []
  }

  /// A single row (an object about to be inserted, a result row) with the given key.
  init(row: [Value], key: Int64 = 0, locals: [Value] = [], dynamic: DynamicScope? = nil) {
    rows = [row]
    keys = [key]
    position = 0
    self.locals = locals
    self.dynamic = dynamic
  }

  /// The evaluated object's primary key.
  var key: Int64 { keys[position] }

  /// The value in slot `slot` of the evaluated object.
  @inline(__always)
  func slot(_ slot: Int) -> Value { rows[position][slot] }

  /// Moves to another object of the same table.
  mutating func move(to position: Int) {
    self.position = position
  }

  /// The scope of constant folding, where no object is in sight.
  static let empty = EvaluationScope(row: [])
}
