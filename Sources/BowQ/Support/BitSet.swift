/// A fixed-size set of small non-negative integers, one bit each: object indices seen or on
/// the current path, keys present, rows that are nil.
struct BitSet {
  private var words: [UInt64]
  /// The integers the set can hold are `0..<capacity`.
  let capacity: Int

  /// A set for the integers `0..<capacity`, all absent.
  init(capacity: Int) {
    self.capacity = capacity
    words = [UInt64](repeating: 0, count: (capacity + 63) / 64)
  }

  /// Whether `member` (which must be below the capacity) is present.
  @inline(__always)
  func contains(_ member: Int) -> Bool {
    words[member >> 6] & (1 << UInt64(member & 63)) != 0
  }

  /// Adds `member`; returns whether it was absent.
  @inline(__always)
  @discardableResult
  mutating func insert(_ member: Int) -> Bool {
    let bit: UInt64 = 1 << UInt64(member & 63)
    let old = words[member >> 6]
    words[member >> 6] = old | bit
    return old & bit == 0
  }

  @inline(__always)
  mutating func remove(_ member: Int) {
    words[member >> 6] &= ~(1 << UInt64(member & 63))
  }
}
