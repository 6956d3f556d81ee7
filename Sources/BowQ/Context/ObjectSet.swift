/// A set of objects kept as the keys of each entity: adding a million objects of one entity
/// hashes a million integers, and listing them in order sorts integers, not entity names.
struct ObjectSet: Sendable {
  private var keysByEntity: [String: Set<Int64>] = [:]

  var isEmpty: Bool { keysByEntity.values.allSatisfy(\.isEmpty) }

  /// Adds `id`; returns whether it was absent.
  @discardableResult
  mutating func insert(_ id: ObjectID) -> Bool {
    keysByEntity[id.entity, default: []].insert(id.key).inserted
  }

  /// Adds the objects of `entity` with `keys`; returns the keys that were absent, in order.
  mutating func insert(_ keys: some Collection<Int64>, of entity: String) -> [Int64] {
    var added: [Int64] = []
    // Take the entity's set out while it grows, so that it is not copied.
    var set = keysByEntity.removeValue(forKey: entity) ?? []
    set.reserveCapacity(set.count + keys.count)
    for key in keys where set.insert(key).inserted { added.append(key) }
    keysByEntity[entity] = set
    return added
  }

  mutating func formUnion(_ other: ObjectSet) {
    for (entity, keys) in other.keysByEntity { keysByEntity[entity, default: []].formUnion(keys) }
  }

  mutating func subtract(_ other: ObjectSet) {
    for (entity, keys) in other.keysByEntity { keysByEntity[entity]?.subtract(keys) }
  }

  /// The objects in entity and key order.
  func sorted() -> [ObjectID] {
    keysByEntity.sorted { $0.key < $1.key }.flatMap { entity, keys in
      keys.sorted().map { ObjectID(entity: entity, key: $0) }
    }
  }
}
