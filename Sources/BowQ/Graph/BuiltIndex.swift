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
    self.definition = definition
    slots = definition.attributes.compactMap(entity.index(ofAttribute:))
    types = slots.map { entity.attributes[$0].type }
    let slots = slots
    let keys = table.keys
    switch definition.kind {
    case .ordered:
      ordered = OrderedIndex(
        keys.indices.map { position in
          OrderedIndex.Entry(
            values: IndexValues(
              first: table.value(at: position, slot: slots[0]),
              rest: slots.dropFirst().map { table.value(at: position, slot: $0) }),
            key: keys[position])
        })
    case .hash:
      let types = types
      hash = HashIndex(
        keys.indices.map { position in
          (
            value: Self.hashKey(slots, types) { table.value(at: position, slot: $0) },
            key: keys[position]
          )
        })
    }
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
