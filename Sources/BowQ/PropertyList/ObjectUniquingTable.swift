/// The index of every scalar object written so far, found by the object's bytes: how a
/// writer writes each distinct string, number, date or data value once, as CoreFoundation
/// does.
///
/// Two objects are the same when their encoded bytes are: "é" and "e\u{301}", or `0.0` and
/// `-0.0`, stay apart, and an integer never matches a real. The table is open addressing
/// with linear probing over one array of words (32 bits of hash, which also choose the
/// slot, then the index plus one; zero marks an empty slot), so a lookup hashes the bytes
/// once and usually touches one cache line. The hash covers an object's first byte and the
/// bytes after its header (which that byte and their count determine), so that a writer can
/// find an object's slot before writing it (``slot(first:payload:)``); it is a multiply-mix
/// over eight bytes at a time, seeded per process so that crafted values cannot be made to
/// collide in advance.
struct ObjectUniquingTable {
  private static let seed = UInt64.random(in: 1...UInt64.max)
  /// Indices at or above this are not remembered (their objects are written again).
  private static let indexLimit = Int(UInt32.max) - 1
  private var slots: [UInt64]
  private var mask: Int
  private var count = 0
  /// The sum of the slots ``warm(_:)`` read: kept, so that the reads are made.
  private var warmth: UInt64 = 0

  /// An empty table with room for `expected` objects before it grows: a writer that knows
  /// roughly how many distinct objects it will write saves the rehashing of every object
  /// at each doubling (a cache miss per object once the table outgrows the cache).
  init(expected: Int = 0) {
    var size = 1024
    while size < Self.largestPresize, size / 4 * 3 < expected { size *= 2 }
    slots = [UInt64](repeating: 0, count: size)
    mask = size - 1
  }

  /// The most slots a table starts with, however many objects are expected (2^24 slots:
  /// 128 MiB, room for 12 million objects); it grows past that as objects come.
  private static let largestPresize = 1 << 24

  /// The index of an object already in the table whose bytes are `object` (as `sameBytes`
  /// decides for a candidate index), or `newIndex` after adding it. The object's bytes
  /// after its header start at `payloadStart`.
  @inline(__always)
  mutating func index(
    of object: UnsafeRawBufferPointer, payloadStart: Int, orAdding newIndex: Int,
    sameBytes: (Int) -> Bool
  ) -> Int {
    let hash = Self.hash(
      first: object[0], payload: UnsafeRawBufferPointer(rebasing: object[payloadStart...]))
    let tag = hash >> 32
    var slot = Int(truncatingIfNeeded: tag) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { break }
      if entry >> 32 == tag {
        let candidate = Int(entry & 0xFFFF_FFFF) - 1
        if sameBytes(candidate) { return candidate }
      }
      slot = (slot + 1) & mask
    }
    guard newIndex < Self.indexLimit else { return newIndex }
    slots[slot] = tag << 32 | UInt64(newIndex + 1)
    count += 1
    if count * 4 > slots.count * 3 { grow() }
    return newIndex
  }

  /// The slot where the object whose first byte is `first` and whose bytes after its
  /// header are `payload` is found or would be added, for ``warm(_:)``.
  @inline(__always)
  func slot(first: UInt8, payload: UnsafeRawBufferPointer) -> Int {
    Int(truncatingIfNeeded: Self.hash(first: first, payload: payload) >> 32) & mask
  }

  /// Reads the slots `toRead` (from ``slot(first:payload:)``) one after the other, with
  /// nothing in between: in a table larger than the cache, a writer that reads the slots of
  /// a few objects this way before adding them one by one waits for the memory about once
  /// for all of them instead of once for each.
  mutating func warm(_ toRead: UnsafeBufferPointer<Int>) {
    var sum: UInt64 = 0
    slots.withUnsafeBufferPointer { slots in
      for slot in toRead where slot < slots.count { sum &+= slots[slot] }
    }
    warmth &+= sum
  }

  private mutating func grow() {
    let old = slots
    slots = [UInt64](repeating: 0, count: old.count * 2)
    mask = slots.count - 1
    for entry in old where entry != 0 {
      var slot = Int(truncatingIfNeeded: entry >> 32) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }

  @inline(__always)
  private static func hash(first: UInt8, payload bytes: UnsafeRawBufferPointer) -> UInt64 {
    var h = seed ^ ((UInt64(bytes.count) << 8 | UInt64(first)) &* 0x9E37_79B9_7F4A_7C15)
    var i = 0
    let count = bytes.count
    while i + 8 <= count {
      h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
      h ^= h >> 31
      i += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while i < count {
      tail |= UInt64(bytes[i]) << shift
      shift += 8
      i += 1
    }
    return mix(h ^ tail)
  }

  /// MurmurHash3's 64-bit finaliser.
  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    var h = value
    h = (h ^ (h >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    h = (h ^ (h >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    return h ^ (h >> 33)
  }
}
