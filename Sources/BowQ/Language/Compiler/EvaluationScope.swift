/// What a compiled expression reads from: the evaluated object — a row of a table, by
/// position, with its primary key — the values of the SUBQUERY variables in scope, and,
/// when evaluating plain Swift values, the ``DynamicScope`` that dynamic lookups read.
///
/// The scope holds the whole table's rows and moves over them (``move(to:)``), keeping
/// the current row at hand so that reading a slot does not retain the row again.
struct EvaluationScope {
  let rows: [[Value]]
  let keys: [Int64]
  /// The evaluated object's position in `rows`.
  private(set) var position: Int
  /// The evaluated object's values: `rows[position]`.
  private(set) var row: [Value]
  var locals: [Value]
  var dynamic: DynamicScope?

  /// The object at `position` of a table.
  init(_ table: EntityTable, position: Int) {
    rows = table.rows
    keys = table.keys
    self.position = position
    row = position < rows.count ? rows[position] : []
    locals = []
  }

  /// A single row (an object about to be inserted, a result row) with the given key.
  init(row: [Value], key: Int64 = 0, locals: [Value] = [], dynamic: DynamicScope? = nil) {
    rows = [row]
    keys = [key]
    position = 0
    self.row = row
    self.locals = locals
    self.dynamic = dynamic
  }

  /// The evaluated object's primary key.
  var key: Int64 { keys[position] }

  /// Moves to another object of the same table.
  mutating func move(to position: Int) {
    self.position = position
    row = rows[position]
  }

  /// The scope of constant folding, where no object is in sight.
  static let empty = EvaluationScope(row: [])
}
