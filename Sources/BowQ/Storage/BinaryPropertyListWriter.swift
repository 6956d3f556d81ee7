import Foundation

/// Encodes a ``PropertyList`` as a binary property list (`bplist00`).
///
/// The output follows what CoreFoundation, `plistlib` and `PropertyListEncoder` read:
/// strings, integers, reals, dates, data and Booleans are written once per distinct value
/// (compared exactly: by code units and bit patterns, so `0.0` and `-0.0` stay apart) and
/// shared by reference; arrays and dictionaries are never shared. Offsets and references use
/// the smallest of 1, 2, 4 or 8 bytes that holds them. Negative integers take 8 bytes,
/// integers above `Int64.max` 16. ASCII strings are stored as bytes, all others as UTF-16
/// big-endian. Dictionary entries keep the dictionary's order. The root is object 0.
///
/// Encoding is iterative (no recursion) and appends to a single byte buffer.
public enum BinaryPropertyListWriter {
  /// Encodes `plist`.
  ///
  /// - Throws: ``PropertyListError`` when containers nest deeper than
  ///   ``BinaryPropertyListReader/maximumDepth`` (readers reject such files) or a date is not
  ///   a finite number of seconds.
  public static func encode(_ plist: PropertyList) throws -> Data {
    var encoder = BinaryPlistEncoder()
    return try encoder.encode(plist)
  }
}

/// A string compared by its UTF-8 bytes rather than by Unicode canonical equivalence, so
/// that "é" and "e\u{301}" are written as two objects and read back unchanged.
private struct ExactString: Hashable {
  var value: String

  static func == (a: ExactString, b: ExactString) -> Bool {
    a.value.utf8.elementsEqual(b.value.utf8)
  }

  func hash(into hasher: inout Hasher) {
    var value = value
    value.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(value.utf8.count)
  }
}

/// One pass of the writer: scalars are written as they are first met, containers once the
/// number of objects (and so the reference size) is known.
private struct BinaryPlistEncoder {
  /// An array (no keys) or dictionary whose children have no indices yet.
  private struct PendingContainer {
    var keys: [String]?
    var values: [PropertyList]
    var index: Int
    var depth: Int
  }

  private struct ContainerRecord {
    var index: Int
    var marker: UInt8
    var count: Int
    var refsStart: Int
  }

  private var bytes: [UInt8] = []
  private var offsets: [Int] = []
  // The object index of each scalar written, one table per kind so that numbers hash as
  // plain words. Reals and dates are keyed by their bit patterns.
  private var strings: [ExactString: Int] = [:]
  private var integers: [Int64: Int] = [:]
  private var bigIntegers: [UInt64: Int] = [:]
  private var reals: [UInt64: Int] = [:]
  private var dates: [UInt64: Int] = [:]
  private var datas: [Data: Int] = [:]
  private var booleans: [Bool: Int] = [:]
  private var refs: [Int] = []
  private var containers: [ContainerRecord] = []
  private var pending: [PendingContainer] = []

  mutating func encode(_ root: PropertyList) throws -> Data {
    bytes.reserveCapacity(4096)
    bytes.append(contentsOf: Array("bplist00".utf8))
    _ = try reference(to: root, depth: 0)
    var next = 0
    while next < pending.count {
      let container = pending[next]
      next += 1
      try flatten(container)
    }
    pending = []
    return finish()
  }

  /// Lists a container's children, giving each its object index.
  private mutating func flatten(_ container: PendingContainer) throws {
    let refsStart = refs.count
    for key in container.keys ?? [] { refs.append(try reference(to: .string(key), depth: 0)) }
    for value in container.values {
      refs.append(try reference(to: value, depth: container.depth + 1))
    }
    containers.append(
      ContainerRecord(
        index: container.index, marker: container.keys == nil ? 0xA0 : 0xD0,
        count: container.values.count, refsStart: refsStart))
  }

  /// The object index of `value`: an existing one for a repeated scalar, a new one otherwise.
  private mutating func reference(to value: PropertyList, depth: Int) throws -> Int {
    let next = offsets.count
    let index: Int
    switch value {
    case .array(let elements):
      try enqueue(PendingContainer(keys: nil, values: elements, index: next, depth: depth))
      return next
    case .dictionary(let dictionary):
      try enqueue(
        PendingContainer(
          keys: dictionary.keys, values: dictionary.values, index: next, depth: depth))
      return next
    case .string(let s):
      index = BinaryPlistEncoder.intern(&strings[ExactString(value: s), default: -1], next)
      if index == next { offsets.append(bytes.count); writeString(s) }
    case .integer(let i):
      index = BinaryPlistEncoder.intern(&integers[i, default: -1], next)
      if index == next { offsets.append(bytes.count); writeInteger(i) }
    case .unsignedInteger(let u) where u <= UInt64(Int64.max):
      return try reference(to: .integer(Int64(u)), depth: depth)
    case .unsignedInteger(let u):
      index = BinaryPlistEncoder.intern(&bigIntegers[u, default: -1], next)
      if index == next {
        offsets.append(bytes.count)
        bytes.append(0x14)
        append(0, size: 8)
        append(u, size: 8)
      }
    case .real(let r):
      index = BinaryPlistEncoder.intern(&reals[r.bitPattern, default: -1], next)
      if index == next {
        offsets.append(bytes.count)
        bytes.append(0x23)
        append(r.bitPattern, size: 8)
      }
    case .date(let d):
      let seconds = d.timeIntervalSinceReferenceDate
      guard seconds.isFinite else {
        throw PropertyListError(.badNumber, at: nil, "a date must be a finite number of seconds")
      }
      index = BinaryPlistEncoder.intern(&dates[seconds.bitPattern, default: -1], next)
      if index == next {
        offsets.append(bytes.count)
        bytes.append(0x33)
        append(seconds.bitPattern, size: 8)
      }
    case .bool(let b):
      index = BinaryPlistEncoder.intern(&booleans[b, default: -1], next)
      if index == next { offsets.append(bytes.count); bytes.append(b ? 0x09 : 0x08) }
    case .data(let d):
      index = BinaryPlistEncoder.intern(&datas[d, default: -1], next)
      if index == next {
        offsets.append(bytes.count)
        writeHeader(0x40, count: d.count)
        bytes.append(contentsOf: d)
      }
    }
    return index
  }

  /// Gives a container its index; its children are listed later, breadth first.
  private mutating func enqueue(_ container: PendingContainer) throws {
    guard container.depth <= BinaryPropertyListReader.maximumDepth else {
      throw PropertyListError(
        .tooDeep, at: nil,
        "containers nest deeper than \(BinaryPropertyListReader.maximumDepth) levels")
    }
    offsets.append(0)
    pending.append(container)
  }

  /// The index stored in `slot` (a table entry, -1 when new), set to `next` when new: one
  /// hash lookup per value.
  private static func intern(_ slot: inout Int, _ next: Int) -> Int {
    if slot < 0 { slot = next }
    return slot
  }

  private mutating func writeString(_ s: String) {
    if s.utf8.allSatisfy({ $0 < 0x80 }) {
      writeHeader(0x50, count: s.utf8.count)
      bytes.append(contentsOf: s.utf8)
    } else {
      writeHeader(0x60, count: s.utf16.count)
      for unit in s.utf16 {
        bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
        bytes.append(UInt8(truncatingIfNeeded: unit))
      }
    }
  }

  /// An integer in the smallest unsigned width, or 8 signed bytes when negative.
  private mutating func writeInteger(_ value: Int64) {
    if value < 0 {
      bytes.append(0x13)
      append(UInt64(bitPattern: value), size: 8)
      return
    }
    let size = BinaryPlistEncoder.byteWidth(UInt64(value))
    bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
    append(UInt64(value), size: size)
  }

  /// A marker with the count in its low nibble, or `0xF` and an integer object for 15 or more.
  private mutating func writeHeader(_ marker: UInt8, count: Int) {
    if count < 15 {
      bytes.append(marker | UInt8(count))
    } else {
      bytes.append(marker | 0x0F)
      writeInteger(Int64(count))
    }
  }

  private mutating func append(_ value: UInt64, size: Int) {
    var shift = (size - 1) * 8
    while shift >= 0 {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
      shift -= 8
    }
  }

  /// Writes the containers, the offset table and the trailer.
  private mutating func finish() -> Data {
    let refSize = BinaryPlistEncoder.byteWidth(UInt64(offsets.count))
    for container in containers {
      offsets[container.index] = bytes.count
      writeHeader(container.marker, count: container.count)
      let refCount = container.marker == 0xD0 ? container.count * 2 : container.count
      for ref in refs[container.refsStart..<container.refsStart + refCount] {
        append(UInt64(ref), size: refSize)
      }
    }
    let tableOffset = bytes.count
    let offsetSize = BinaryPlistEncoder.byteWidth(UInt64(tableOffset))
    for offset in offsets { append(UInt64(offset), size: offsetSize) }
    bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
    append(UInt64(offsets.count), size: 8)
    append(0, size: 8)
    append(UInt64(tableOffset), size: 8)
    return Data(bytes)
  }

  /// The smallest of 1, 2, 4 or 8 bytes that holds `value` (as CoreFoundation requires of
  /// the object count and the offset table's position).
  private static func byteWidth(_ value: UInt64) -> Int {
    if value <= 0xFF { return 1 }
    if value <= 0xFFFF { return 2 }
    if value <= 0xFFFF_FFFF { return 4 }
    return 8
  }
}
