/// The rows of a result, read as they are wanted: a cursor over the fetched objects of a
/// table, or rows already made (`select`, results built by hand).
///
/// A fetch of a million objects keeps only their positions; each row is made from the
/// table's columns when a renderer reaches it, so output starts at once and the result
/// never holds every row at the same time. The table is a snapshot (copy on write): later
/// edits do not change a result already fetched.
public struct ResultRows: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  private indirect enum Source: Sendable {
    case made([[Value]])
    case objects(EntityTable, positions: [Int])
    /// Objects of a hierarchy's members, each read in the layout of the entity asked about.
    case members(PlanSource, positions: [Int])
    /// Rows of another result, each changed with its index when it is read.
    case transformed(ResultRows, @Sendable (Int, [Value]) -> [Value])
  }

  private let source: Source

  /// Rows already made.
  public init(_ rows: [[Value]]) {
    source = .made(rows)
  }

  public init(arrayLiteral rows: [Value]...) {
    source = .made(rows)
  }

  /// The objects at `positions` of `table`, in that order.
  init(table: EntityTable, positions: [Int]) {
    source = .objects(table, positions: positions)
  }

  /// The objects at `positions` of `source`, in that order, in the layout of its entity.
  init(source: PlanSource, positions: [Int]) {
    self.source =
      source.isHierarchy
      ? .members(source, positions: positions)
      : .objects(source.members[0].table, positions: positions)
  }

  /// The same rows, each changed by `transform` when it is read.
  public func mappingRows(_ transform: @escaping @Sendable ([Value]) -> [Value]) -> ResultRows {
    ResultRows(source: .transformed(self, { transform($1) }))
  }

  /// The same rows, each changed by `transform`, given the row's index, when it is read.
  public func mappingIndexedRows(_ transform: @escaping @Sendable (Int, [Value]) -> [Value])
    -> ResultRows
  {
    ResultRows(source: .transformed(self, transform))
  }

  private init(source: Source) {
    self.source = source
  }

  public var startIndex: Int { 0 }

  public var endIndex: Int {
    switch source {
    case .made(let rows): return rows.count
    case .objects(_, let positions), .members(_, let positions): return positions.count
    case .transformed(let base, _): return base.count
    }
  }

  public subscript(index: Int) -> [Value] {
    switch source {
    case .made(let rows): return rows[index]
    case .objects(let table, let positions): return table.row(at: positions[index])
    case .members(let source, let positions): return source.row(at: positions[index])
    case .transformed(let base, let transform): return transform(index, base[index])
    }
  }

  /// Results are equal when their rows are, however they are kept.
  public static func == (a: ResultRows, b: ResultRows) -> Bool {
    a.count == b.count && a.elementsEqual(b)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for row in self { hasher.combine(row) }
  }
}
