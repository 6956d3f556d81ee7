/// The primary keys of one entity's objects in a store being read: to find a key listed
/// twice, and to check that a relationship's key names an object of its destination.
///
/// Keys that ascend, as a writer leaves them, are distinct and found in the keys
/// themselves. Others are usually dense (1 to `nextKey - 1` with few gaps), so they are kept
/// as one bit per possible key; sparse keys (a hostile `nextKey` far beyond the object
/// count) fall back to a hash set, so memory stays proportional to the number of objects.
struct StoreKeySet {
  private var ascending: [Int64]?
  private var dense: BitSet?
  private var sparse: Set<Int64> = []

  /// The set of `keys`, which ascend (``EntityTable/ascend(_:)``).
  init(ascending keys: [Int64]) {
    ascending = keys
  }

  /// Whether the set was made of keys that ascend.
  var keysAscend: Bool { ascending != nil }

  /// A set for keys from 1 to `nextKey - 1`, of which about `count` will be inserted.
  init(nextKey: Int64, count: Int) {
    if nextKey <= Int64(count) * 64 + 4096 {
      dense = BitSet(capacity: Int(nextKey))
    } else {
      sparse.reserveCapacity(count)
    }
  }

  /// Adds a key between 1 and `nextKey - 1` to a set made for them; returns whether it was
  /// absent.
  @inline(__always)
  mutating func insert(_ key: Int64) -> Bool {
    if dense != nil { return dense!.insert(Int(key)) }
    return sparse.insert(key).inserted
  }

  /// Whether `key` (any integer) was inserted.
  @inline(__always)
  func contains(_ key: Int64) -> Bool {
    if let ascending { return EntityTable.position(of: key, inAscending: ascending) != nil }
    if let dense {
      return key > 0 && key < Int64(dense.capacity) && dense.contains(Int(key))
    }
    return sparse.contains(key)
  }
}
