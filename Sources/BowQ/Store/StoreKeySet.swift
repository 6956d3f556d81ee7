/// The primary keys of one entity's objects in a store being read: to find a key listed
/// twice, and to check that a relationship's key names an object of its destination.
///
/// Keys are usually dense (1 to `nextKey - 1` with few gaps), so they are kept as one bit
/// per possible key; sparse keys (a hostile `nextKey` far beyond the object count) fall back
/// to a hash set, so memory stays proportional to the number of objects.
struct StoreKeySet {
  private var dense: BitSet?
  private var sparse: Set<Int64> = []

  /// A set for keys from 1 to `nextKey - 1`, of which about `count` will be inserted.
  init(nextKey: Int64, count: Int) {
    if nextKey <= Int64(count) * 64 + 4096 {
      dense = BitSet(capacity: Int(nextKey))
    } else {
      sparse.reserveCapacity(count)
    }
  }

  /// Adds a key between 1 and `nextKey - 1`; returns whether it was absent.
  @inline(__always)
  mutating func insert(_ key: Int64) -> Bool {
    if dense != nil { return dense!.insert(Int(key)) }
    return sparse.insert(key).inserted
  }

  /// Whether `key` (any integer) was inserted.
  @inline(__always)
  func contains(_ key: Int64) -> Bool {
    if let dense {
      return key > 0 && key < Int64(dense.capacity) && dense.contains(Int(key))
    }
    return sparse.contains(key)
  }
}
