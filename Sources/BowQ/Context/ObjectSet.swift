/// A set of objects kept as the keys of each entity: adding a million objects of one entity
/// hashes a million integers, and listing them in order sorts integers, not entity names —
/// or sorts nothing, when they were added in ascending key order, as an update of objects
/// found in key order adds them.
struct ObjectSet: Sendable {
  private var keysByEntity: [String: EntityKeys] = [:]

  var isEmpty: Bool { keysByEntity.values.allSatisfy { $0.set.isEmpty } }

  /// Adds `id`; returns whether it was absent.
  @discardableResult
  mutating func insert(_ id: ObjectID) -> Bool {
    keysByEntity[id.entity, default: EntityKeys()].insert(id.key)
  }

  /// Adds the objects of `entity` with `keys`; returns the keys that were absent, in order.
  mutating func insert(_ keys: some Collection<Int64>, of entity: String) -> [Int64] {
    var added: [Int64] = []
    // Take the entity's keys out while they grow, so that they are not copied.
    var entityKeys = keysByEntity.removeValue(forKey: entity) ?? EntityKeys()
    entityKeys.reserveCapacity(adding: keys.count)
    for key in keys where entityKeys.insert(key) { added.append(key) }
    keysByEntity[entity] = entityKeys
    return added
  }

  mutating func formUnion(_ other: ObjectSet) {
    for (entity, keys) in other.keysByEntity {
      var entityKeys = keysByEntity.removeValue(forKey: entity) ?? EntityKeys()
      for key in keys.sorted() { entityKeys.insert(key) }
      keysByEntity[entity] = entityKeys
    }
  }

  mutating func subtract(_ other: ObjectSet) {
    for (entity, keys) in other.keysByEntity { keysByEntity[entity]?.subtract(keys.set) }
  }

  /// The objects in entity and key order.
  func sorted() -> [ObjectID] {
    var ids: [ObjectID] = []
    for entity in keysByEntity.keys.sorted() {
      guard let keys = keysByEntity[entity] else { continue }
      ids.reserveCapacity(ids.count + keys.set.count)
      for key in keys.sorted() { ids.append(ObjectID(entity: entity, key: key)) }
    }
    return ids
  }
}

/// The keys of one entity's objects: a set, and the keys in the order they were added for
/// as long as each was larger than the one before.
private struct EntityKeys: Sendable {
  private(set) var set: Set<Int64> = []
  /// The keys in the order added, while that order is ascending; nil once it is not.
  private var ascending: [Int64]? = []

  /// Adds `key`; returns whether it was absent.
  @discardableResult
  mutating func insert(_ key: Int64) -> Bool {
    guard set.insert(key).inserted else { return false }
    if let last = ascending?.last, key <= last {
      ascending = nil
    } else {
      ascending?.append(key)
    }
    return true
  }

  mutating func reserveCapacity(adding count: Int) {
    set.reserveCapacity(set.count + count)
    ascending?.reserveCapacity(set.count + count)
  }

  mutating func subtract(_ keys: Set<Int64>) {
    set.subtract(keys)
    ascending?.removeAll { keys.contains($0) }
  }

  /// The keys in ascending order.
  func sorted() -> [Int64] {
    ascending ?? set.sorted()
  }
}
