/// A set of small non-negative integers, one bit each: object indices seen or on the
/// current path, keys present, rows that are nil, rows a filter selected.
struct BitSet: Sendable {
  private var words: [UInt64]
  /// The integers the set can hold are `0..<capacity`.
  private(set) var capacity: Int

  /// A set for the integers `0..<capacity`, all absent (or all present, when `full`).
  init(capacity: Int, full: Bool = false) {
    self.capacity = capacity
    words = [UInt64](repeating: full ? ~0 : 0, count: (capacity + 63) / 64)
    if full { clearBeyondCapacity() }
  }

  /// Whether both sets are one storage: copies of one set that neither changed since.
  func sharesStorage(with other: BitSet) -> Bool {
    capacity == other.capacity && words.sharesStorage(with: other.words)
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

  /// Lets the set hold the integers `0..<capacity` (a larger capacity than now); the new
  /// ones are absent.
  mutating func grow(to capacity: Int) {
    guard capacity > self.capacity else { return }
    self.capacity = capacity
    let needed = (capacity + 63) / 64
    if needed > words.count {
      if needed > words.capacity { words.reserveCapacity(max(needed, words.count * 2)) }
      words.append(contentsOf: repeatElement(0, count: needed - words.count))
    }
  }

  /// How many integers are present.
  var count: Int {
    words.reduce(0) { $0 + $1.nonzeroBitCount }
  }

  /// Whether no integer is present.
  var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

  /// Keeps only the integers present in both sets (of the same capacity).
  mutating func formIntersection(_ other: BitSet) {
    for i in words.indices { words[i] &= other.words[i] }
  }

  /// Adds the integers of `other` (of the same capacity).
  mutating func formUnion(_ other: BitSet) {
    for i in words.indices { words[i] |= other.words[i] }
  }

  /// Makes the present integers absent and the absent ones (below the capacity) present.
  mutating func invert() {
    for i in words.indices { words[i] = ~words[i] }
    clearBeyondCapacity()
  }

  /// The present integers in ascending order.
  var members: [Int] {
    var result: [Int] = []
    result.reserveCapacity(count)
    for (index, word) in words.enumerated() {
      var rest = word
      while rest != 0 {
        result.append(index << 6 + rest.trailingZeroBitCount)
        rest &= rest - 1
      }
    }
    return result
  }

  /// The present integers for which `isIncluded` holds, in a set of the same capacity.
  func filter(_ isIncluded: (Int) throws -> Bool) rethrows -> BitSet {
    var result = BitSet(capacity: capacity)
    for (index, word) in words.enumerated() where word != 0 {
      var rest = word
      var kept: UInt64 = 0
      while rest != 0 {
        let bit = rest.trailingZeroBitCount
        if try isIncluded(index << 6 + bit) { kept |= 1 << UInt64(bit) }
        rest &= rest - 1
      }
      result.words[index] = kept
    }
    return result
  }

  /// The positions `i` of `codes` whose code is included (`included[Int(codes[i])]`, false
  /// past its end): a whole column of one-byte codes tested through a table, a word of 64
  /// positions at a time, with no call per position.
  init(codes: [UInt8], included: [Bool]) {
    self.init(capacity: codes.count)
    var table = [UInt64](repeating: 0, count: 256)
    for (code, isIncluded) in included.prefix(256).enumerated() where isIncluded {
      table[code] = 1
    }
    table.withUnsafeBufferPointer { table in
      codes.withUnsafeBufferPointer { codes in
        words.withUnsafeMutableBufferPointer { words in
          for index in words.indices {
            let start = index << 6
            var word: UInt64 = 0
            for bit in 0..<min(64, codes.count - start) {
              word |= table[Int(codes[start + bit])] << UInt64(bit)
            }
            words[index] = word
          }
        }
      }
    }
  }

  private mutating func clearBeyondCapacity() {
    let used = capacity & 63
    if used != 0, let last = words.indices.last { words[last] &= (1 << UInt64(used)) - 1 }
  }
}
