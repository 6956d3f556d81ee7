/// An index as a store file keeps it: which rows it lists, in what order, for a table of how
/// many rows — what the graph takes into use instead of building the index, once it has
/// checked that it fits the rows (``BuiltIndex/init(_:of:table:)``).
///
/// Rows are named by their position in the table (the order of the store's `keys`), so
/// that the entries need no values: those are the table's. An ordered index lists the rows
/// whose first value has a place in the order, in index order; a hash index lists the rows
/// it groups, group after group, with the size of each group. The rows an index keeps apart
/// (nil or NaN first values, a hash key holding NaN) are the ones not listed.
struct StoredIndex: Hashable, Sendable {
  var definition: IndexDefinition
  /// How many objects the table had when the index was written.
  var rowCount: Int
  /// The positions of the rows listed, in index order or group after group.
  var rows: [UInt32]
  /// For a hash index, how many rows each group has, in the order of `rows`; empty for an
  /// ordered index.
  var groupSizes: [UInt32]

  /// The form of `index`, built over `table`; nil when a position does not fit in 32 bits
  /// or the index lists a key the table does not have.
  init?(_ index: BuiltIndex, of table: EntityTable) {
    guard table.count <= Int(UInt32.max) else { return nil }
    definition = index.definition
    rowCount = table.count
    func position(_ key: Int64) -> UInt32? { table.position(of: key).map { UInt32($0) } }
    if let ordered = index.ordered {
      var rows: [UInt32] = []
      rows.reserveCapacity(ordered.count)
      for block in ordered.blocks {
        for entry in block {
          guard let row = position(entry.key) else { return nil }
          rows.append(row)
        }
      }
      self.rows = rows
      groupSizes = []
      return
    }
    // Groups in the order of their first row, rows in order within each: the same graph
    // always writes the same bytes.
    var groups: [[UInt32]] = []
    let keysByValue = index.hash?.groups ?? [:]
    groups.reserveCapacity(keysByValue.count)
    for keys in keysByValue.values {
      var group: [UInt32] = []
      group.reserveCapacity(keys.count)
      for key in keys {
        guard let row = position(key) else { return nil }
        group.append(row)
      }
      groups.append(group.sorted())
    }
    groups.sort { ($0.first ?? 0) < ($1.first ?? 0) }
    rows = Array(groups.joined())
    groupSizes = groups.map { UInt32($0.count) }
  }

  init(definition: IndexDefinition, rowCount: Int, rows: [UInt32], groupSizes: [UInt32]) {
    self.definition = definition
    self.rowCount = rowCount
    self.rows = rows
    self.groupSizes = groupSizes
  }

  /// Whether the index lists values of the slot `slot` of `entity`'s rows.
  func covers(_ slot: Int, of entity: Entity) -> Bool {
    definition.attributes.contains { entity.index(ofAttribute: $0) == slot }
  }
}
