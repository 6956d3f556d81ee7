/// A set of objects kept as the keys of each entity: adding a million objects of one entity
/// hashes a million integers, and listing them in order sorts integers, not entity names —
/// or hashes and sorts nothing, when they were added in ascending key order, as an update of
/// objects found in key order adds them.
struct ObjectSet: Sendable {
  private var keysByEntity: [String: EntityKeys] = [:]

  var isEmpty: Bool { keysByEntity.values.allSatisfy(\.isEmpty) }

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
    for (entity, keys) in other.keysByEntity { keysByEntity[entity]?.subtract(keys) }
  }

  /// The objects in entity and key order.
  func sorted() -> [ObjectID] {
    var ids: [ObjectID] = []
    for entity in keysByEntity.keys.sorted() {
      guard let keys = keysByEntity[entity] else { continue }
      ids.reserveCapacity(ids.count + keys.count)
      for key in keys.sorted() { ids.append(ObjectID(entity: entity, key: key)) }
    }
    return ids
  }
}

/// The keys of one entity's objects: while they were added in ascending order, that list
/// alone (a key larger than the last is new without being looked up, and any other is
/// found by a binary search); once a key came out of order, a set.
private struct EntityKeys: Sendable {
  /// Every key in ascending order, while each key added was larger than the one before.
  private var ascending: [Int64] = []
  /// Every key, once one was added out of order (and `ascending` is no longer kept).
  private var unordered: Set<Int64>?

  var isEmpty: Bool { count == 0 }

  var count: Int { unordered?.count ?? ascending.count }

  /// Adds `key`; returns whether it was absent.
  @discardableResult
  mutating func insert(_ key: Int64) -> Bool {
    if unordered != nil { return unordered?.insert(key).inserted ?? false }
    if let last = ascending.last, key <= last {
      if contains(key) { return false }
      var keys = Set(ascending)
      keys.insert(key)
      unordered = keys
      ascending = []
      return true
    }
    ascending.append(key)
    return true
  }

  func contains(_ key: Int64) -> Bool {
    if let unordered { return unordered.contains(key) }
    var low = 0
    var high = ascending.count
    while low < high {
      let middle = (low + high) / 2
      if ascending[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low < ascending.count && ascending[low] == key
  }

  mutating func reserveCapacity(adding count: Int) {
    let total = self.count + count
    if unordered != nil {
      unordered?.reserveCapacity(total)
    } else {
      ascending.reserveCapacity(total)
    }
  }

  mutating func subtract(_ other: EntityKeys) {
    if unordered != nil {
      unordered?.subtract(other.sorted())
    } else {
      ascending.removeAll { other.contains($0) }
    }
  }

  /// The keys in ascending order.
  func sorted() -> [Int64] {
    unordered?.sorted() ?? ascending
  }
}
