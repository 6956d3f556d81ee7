/// One index of an entity as the graph keeps it: its definition, the row slots of its
/// attributes, and its entries.
struct BuiltIndex: Sendable {
  var definition: IndexDefinition
  /// The slot of each attribute of the index, in index order.
  var slots: [Int]
  /// The type of the first attribute, which a probe is converted to.
  var type: AttributeType
  /// The entries of an ordered index; nil for a hash index.
  private(set) var ordered: OrderedIndex?
  /// The entries of a hash index; nil for an ordered index.
  private(set) var hash: HashIndex?

  /// Whether bowq keeps entries for an index of this type: values the engine compares
  /// exactly by kind. A hash index is kept on one attribute (a compound one would answer only
  /// equality on all its attributes at once); ordered ones are searched by their first.
  static func isKept(_ definition: IndexDefinition, on entity: Entity) -> Bool {
    guard let first = definition.attributes.first,
      let type = entity.attribute(named: first)?.type
    else { return false }
    switch type {
    case .int16, .int32, .int64, .double, .float, .bool, .string, .date: break
    case .decimal: guard definition.kind == .ordered else { return false }
    default: return false
    }
    return definition.kind == .ordered || definition.attributes.count == 1
  }

  /// The index of `definition` over every object of `table`.
  init(_ definition: IndexDefinition, of entity: Entity, table: EntityTable) {
    self.definition = definition
    slots = definition.attributes.compactMap(entity.index(ofAttribute:))
    type = entity.attributes[slots[0]].type
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
      hash = HashIndex(
        keys.indices.map { (value: table.value(at: $0, slot: slots[0]), key: keys[$0]) })
    }
  }

  /// Whether a change to the slot `slot` changes the index.
  func covers(_ slot: Int) -> Bool { slots.contains(slot) }

  mutating func insert(_ row: [Value], key: Int64) {
    ordered?.insert(OrderedIndex.Entry(values: IndexValues(row, slots: slots), key: key))
    hash?.insert(row[slots[0]], key: key)
  }

  mutating func remove(_ row: [Value], key: Int64) {
    ordered?.remove(OrderedIndex.Entry(values: IndexValues(row, slots: slots), key: key))
    hash?.remove(row[slots[0]], key: key)
  }
}
