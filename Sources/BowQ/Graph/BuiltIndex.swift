/// One index of an entity as the graph keeps it: its definition, the row slots of its
/// attributes, and its entries.
struct BuiltIndex: Sendable {
  var definition: IndexDefinition
  /// The slot of each attribute of the index, in index order.
  var slots: [Int]
  /// The type of each attribute, in index order, which probes are converted to.
  var types: [AttributeType]
  /// The type of the first attribute.
  var type: AttributeType { types[0] }
  /// The entries of an ordered index; nil for a hash index.
  private(set) var ordered: OrderedIndex?
  /// The entries of a hash index; nil for an ordered index.
  private(set) var hash: HashIndex?

  /// Whether bowq keeps entries for an index of this type: values the engine compares
  /// exactly by kind. An ordered index is searched by its first attribute; a compound hash
  /// index answers equality on all its attributes at once, so each of them must be of such
  /// a type. A hash index also groups UUIDs, URIs and binary data, which are equal only to
  /// equal values of their kind, and Decimals by value (``hashed(_:as:)``), whether it has
  /// one attribute or several.
  static func isKept(_ definition: IndexDefinition, on entity: Entity) -> Bool {
    let types = definition.attributes.map { entity.attribute(named: $0)?.type }
    guard let first = types.first, let first else { return false }
    func isExact(_ type: AttributeType?) -> Bool {
      switch type {
      case .int16, .int32, .int64, .double, .float, .bool, .string, .date: return true
      default: return false
      }
    }
    switch definition.kind {
    case .ordered: return isExact(first) || first == .decimal
    case .hash:
      return types.allSatisfy { isExact($0) || [.uuid, .uri, .binary, .decimal].contains($0) }
    }
  }

  /// The index of `definition` over every object of `table`.
  init(_ definition: IndexDefinition, of entity: Entity, table: EntityTable) {
    self.init(definition, of: entity)
    let keys = table.keys
    switch definition.kind {
    case .ordered:
      ordered = OrderedIndex(entries(at: keys.indices, of: table))
    case .hash:
      hash = HashIndex(
        Array(zip(hashKeys(at: keys.indices, of: table), keys).map { (value: $0, key: $1) }))
    }
  }

  /// The index a store file kept (``StoredIndex``), taken into use without sorting or
  /// grouping anything; nil unless it is exactly the index ``init(_:of:table:)`` would build
  /// over `table` now: written for as many rows, listing each row at most once and every row
  /// but those the index keeps apart, an ordered index's rows in its order and a hash
  /// index's groups each of one value, no two of the same. So an index written for other
  /// rows (a program changed the store's objects and kept the index) or damaged is never
  /// used, and is built afresh when next needed.
  init?(_ stored: StoredIndex, of entity: Entity, table: EntityTable) {
    guard stored.rowCount == table.count, Self.isKept(stored.definition, on: entity),
      let kept = stored.entries()
    else { return nil }
    self.init(stored.definition, of: entity)
    guard slots.count == definition.attributes.count else { return nil }
    var listed = BitSet(capacity: table.count)
    for row in kept.rows {
      guard Int(row) < table.count, listed.insert(Int(row)) else { return nil }
    }
    let apart = table.keys.indices.filter { !listed.contains($0) }
    switch definition.kind {
    case .ordered:
      // A table without objects has no columns, and nothing is listed.
      guard kept.groupSizes.isEmpty,
        let index = table.count == 0
          ? OrderedIndex([])
          : OrderedIndex(
            inOrder: kept.rows.lazy.map { [entry = entryOfRow(of: table)] in entry(Int($0)) },
            apart: entries(at: apart, of: table))
      else { return nil }
      ordered = index
    case .hash:
      let keys = table.keys
      let columns = slots.map(table.column)
      var groups: [(value: Value, keys: HashIndex.Keys)] = []
      groups.reserveCapacity(kept.groupSizes.count)
      var next = 0
      for size in kept.groupSizes {
        let (end, overflow) = next.addingReportingOverflow(Int(size))
        guard size > 0, !overflow, end <= kept.rows.count else { return nil }
        let first = Int(kept.rows[next])
        let value = hashKey(at: first, of: columns)
        // Rows of one value are nearly always of the same stored value: compared in place.
        for row in kept.rows[next + 1..<end] {
          let row = Int(row)
          guard
            columns.allSatisfy({ $0.holdsSameValue(at: row, and: first) })
              || hashKey(at: row, of: columns) == value
          else { return nil }
        }
        guard let groupKeys = HashIndex.Keys(kept.rows[next..<end].lazy.map { keys[Int($0)] })
        else { return nil }
        groups.append((value, groupKeys))
        next = end
      }
      guard next == kept.rows.count,
        let index = HashIndex(groups: groups, apart: hashKeys(at: apart, of: table))
      else { return nil }
      hash = index
    }
  }

  /// An index of `definition` with no entries yet.
  private init(_ definition: IndexDefinition, of entity: Entity) {
    self.definition = definition
    slots = definition.attributes.compactMap(entity.index(ofAttribute:))
    types = slots.map { entity.attributes[$0].type }
  }

  /// The ordered index's entries of the objects at `positions` of `table`, in that order.
  private func entries<Positions: Sequence<Int>>(
    at positions: Positions, of table: EntityTable
  ) -> [OrderedIndex.Entry] {
    guard table.count > 0 else { return [] }
    return positions.map(entryOfRow(of: table))
  }

  /// The ordered index's entry of the object at a position of `table`, which has objects.
  /// Each column is taken from the table once, not at every object (an empty table has
  /// none).
  private func entryOfRow(of table: EntityTable) -> (Int) -> OrderedIndex.Entry {
    let first = table.column(slots[0])
    let rest = slots.dropFirst().map(table.column)
    let keys = table.keys
    return { position in
      OrderedIndex.Entry(
        values: IndexValues(
          first: first.value(at: position), rest: rest.map { $0.value(at: position) }),
        key: keys[position])
    }
  }

  /// The hash index's keys of the objects at `positions` of `table`, in that order.
  private func hashKeys<Positions: Sequence<Int>>(at positions: Positions, of table: EntityTable)
    -> [Value]
  {
    guard table.count > 0 else { return [] }
    let columns = slots.map(table.column)
    return positions.map { hashKey(at: $0, of: columns) }
  }

  /// The hash index's key of the object at `position` of the index's `columns`; of one
  /// column, without making an array for each object.
  private func hashKey(at position: Int, of columns: [Column]) -> Value {
    if columns.count == 1 { return Self.hashed(columns[0].value(at: position), as: types[0]) }
    return Self.hashKey(zip(columns, types).map { Self.hashed($0.value(at: position), as: $1) })
  }

  /// What a hash index groups objects by: the value of its one attribute, or the values of
  /// its attributes as one collection.
  static func hashKey(_ values: [Value]) -> Value {
    values.count == 1 ? values[0] : .collection(values)
  }

  /// The value a hash index groups an attribute's value by: the value itself, except that a
  /// Decimal is grouped by the Double the engine compares it with a Double through, so that
  /// `2`, `2.0` and Decimal 2 share one group. Decimals a Double cannot tell apart share one
  /// too, which is why a lookup of a Decimal index checks the objects it finds
  /// (``IndexLookup/isExact``).
  static func hashed(_ value: Value, as type: AttributeType) -> Value {
    guard type == .decimal, case .decimal = value, let number = value.numericValue else {
      return value
    }
    return .double(number)
  }

  /// Whether the index groups Decimals by their Double (one of its attributes is a
  /// Decimal), so that a lookup finds the objects equal to a probe and possibly some more.
  var groupsDecimals: Bool { hash != nil && types.contains(.decimal) }

  /// The hash key of the values of the attributes in `slots`, of `types`, as `value` reads
  /// them by slot.
  private static func hashKey(
    _ slots: [Int], _ types: [AttributeType], _ value: (Int) -> Value
  ) -> Value {
    hashKey(zip(slots, types).map { hashed(value($0), as: $1) })
  }

  /// Whether the index is a hash index of several attributes, which answers only equality
  /// on all of them at once.
  var isCompoundHash: Bool { hash != nil && slots.count > 1 }

  /// Whether the attribute at `place` in the index is of a type ``IndexOrder`` orders as
  /// the engine does: a number, a Boolean, a string or a date.
  func isOrderable(at place: Int) -> Bool {
    switch types[place] {
    case .int16, .int32, .int64, .double, .float, .decimal, .bool, .string, .date: return true
    default: return false
    }
  }

  /// Whether a change to the slot `slot` changes the index.
  func covers(_ slot: Int) -> Bool { slots.contains(slot) }

  mutating func insert(_ row: [Value], key: Int64) {
    ordered?.insert(OrderedIndex.Entry(values: IndexValues(row, slots: slots), key: key))
    guard hash != nil else { return }
    let value = Self.hashKey(slots, types) { row[$0] }
    hash?.insert(value, key: key)
  }

  mutating func remove(_ row: [Value], key: Int64) {
    ordered?.remove(OrderedIndex.Entry(values: IndexValues(row, slots: slots), key: key))
    guard hash != nil else { return }
    let value = Self.hashKey(slots, types) { row[$0] }
    hash?.remove(value, key: key)
  }
}
