import Foundation

/// Writes the objects of a binary property list (`bplist00`) one by one into a single
/// buffer: the one place where the format's writing rules live, shared by the tree writer
/// (``BinaryPropertyListWriter``) and the store encoder (``StoreEncoder``).
///
/// Scalars are written when they are added, each distinct value once (see
/// ``ObjectUniquingTable``); the returned index is the existing object's for a repeat.
/// Containers are never shared: a container gets its index when it is reserved and is written
/// when it is given its children, once the reference size is known. That size follows from
/// the final number of objects: while there are at most `0xFFFF`, a container's children are
/// kept and it is written by ``finish(top:)``; past that, references are 4 bytes for good
/// (every object but the top is referenced, and ``reference(_:)`` refuses an index past
/// `UInt32.max`), so a container is written at once and its children are not kept: for a
/// large store they were the builder's largest memory. Offsets and references use the
/// smallest of 1, 2, 4 or 8 bytes that holds them; negative integers take 8 bytes, integers
/// above `Int64.max` 16; ASCII strings are stored as bytes, all others as UTF-16 big-endian.
struct BinaryPlistBuilder: ~Copyable {
  private struct PendingContainer {
    var index: Int
    var marker: UInt8
    var count: Int
    var refsStart: Int
  }

  private var output: ByteOutput
  /// The byte offset of each object; containers' are set when they are written.
  private var offsets: [Int] = []
  private var uniques: ObjectUniquingTable
  /// The index of each non-negative integer below ``smallIntegerLimit`` written so far,
  /// plus one (zero: not yet): keys and small numbers are found without hashing.
  private var smallIntegers: [UInt32] = []
  private static let smallIntegerLimit: Int64 = 1 << 20
  private var containers: [PendingContainer] = []
  /// The children of every pending container, back to back.
  private var refs: [UInt32] = []
  /// How many children of the container being written at once are still to be given
  /// (``addReference(_:)``).
  private var childrenToCome = 0
  /// The number of objects past which references are 4 bytes wide, whatever comes after.
  private static let wideReferenceCount = 0xFFFF
  /// The size of a reference in a container written before the end.
  private static let wideReferenceSize = 4

  /// A builder whose buffer starts with room for `capacity` bytes, and whose table of
  /// written scalars starts with room for `distinctScalars` of them.
  /// `objects` is about how many objects it will hold: their offsets get room at once.
  init(capacity: Int, distinctScalars: Int = 0, objects: Int = 0) {
    self.init(
      ByteOutput(capacity: capacity), distinctScalars: distinctScalars, objects: objects)
  }

  /// A builder whose bytes go to `file` (open for reading and writing, empty) as they are
  /// written, to be ended by ``finishWriting(top:)``.
  init(writingTo file: Int32, distinctScalars: Int = 0, objects: Int = 0) {
    self.init(ByteOutput(writingTo: file), distinctScalars: distinctScalars, objects: objects)
  }

  private init(_ output: consuming ByteOutput, distinctScalars: Int, objects: Int) {
    self.output = output
    uniques = ObjectUniquingTable(expected: distinctScalars)
    // Room reserved but not yet used costs address space, not memory; growing would copy
    // every offset into fresh pages each time.
    offsets.reserveCapacity(objects)
    let header: StaticString = "bplist00"
    header.withUTF8Buffer { self.output.append(UnsafeRawBufferPointer($0)) }
  }

  // MARK: Scalars

  mutating func string(_ value: String) -> Int {
    var value = value
    return value.withUTF8 { string(utf8: $0) }
  }

  /// A string given as its UTF-8 bytes (valid UTF-8, as a Swift string's are).
  mutating func string(utf8: UnsafeBufferPointer<UInt8>) -> Int {
    let start = beginObject()
    if UnsafeRawBufferPointer(utf8).isASCII {
      writeHeader(0x50, count: utf8.count)
      let payload = output.count
      output.append(UnsafeRawBufferPointer(utf8))
      return unique(from: start, payload: payload)
    }
    let units = String(decoding: utf8, as: UTF8.self).utf16
    writeHeader(0x60, count: units.count)
    let payload = output.count
    output.reserve(2 * units.count)
    for unit in units { output.append(bigEndian: UInt64(unit), size: 2) }
    return unique(from: start, payload: payload)
  }

  /// An integer in the smallest unsigned width, or 8 signed bytes when negative.
  mutating func integer(_ value: Int64) -> Int {
    guard value >= 0, value < Self.smallIntegerLimit else {
      let start = beginObject()
      writeInteger(value)
      return unique(from: start, payload: start + 1)
    }
    let slot = Int(value)
    if slot >= smallIntegers.count {
      smallIntegers.append(
        contentsOf: repeatElement(
          0, count: max(slot + 1, 2 * smallIntegers.count, 256) - smallIntegers.count))
    }
    if smallIntegers[slot] != 0 { return Int(smallIntegers[slot] - 1) }
    let index = offsets.count
    offsets.append(beginObject())
    writeInteger(value)
    if let stored = UInt32(exactly: index + 1) { smallIntegers[slot] = stored }
    return index
  }

  /// An integer above `Int64.max` as 16 bytes; smaller values as ``integer(_:)``.
  mutating func unsignedInteger(_ value: UInt64) -> Int {
    guard value > UInt64(Int64.max) else { return integer(Int64(value)) }
    let start = beginObject()
    output.append(0x14)
    output.append(bigEndian: 0, size: 8)
    output.append(bigEndian: value, size: 8)
    return unique(from: start, payload: start + 1)
  }

  mutating func real(_ value: Double) -> Int {
    let start = beginObject()
    output.append(0x23)
    output.append(bigEndian: value.bitPattern, size: 8)
    return unique(from: start, payload: start + 1)
  }

  /// A date, as seconds since 2001-01-01 00:00:00 UTC.
  ///
  /// - Throws: ``PropertyListError`` when `seconds` is not finite (readers reject such dates).
  mutating func date(_ seconds: Double) throws -> Int {
    guard seconds.isFinite else {
      throw PropertyListError(.badNumber, at: nil, "a date must be a finite number of seconds")
    }
    let start = beginObject()
    output.append(0x33)
    output.append(bigEndian: seconds.bitPattern, size: 8)
    return unique(from: start, payload: start + 1)
  }

  mutating func bool(_ value: Bool) -> Int {
    let start = beginObject()
    output.append(value ? 0x09 : 0x08)
    return unique(from: start, payload: start + 1)
  }

  mutating func data(_ bytes: UnsafeRawBufferPointer) -> Int {
    let start = beginObject()
    writeHeader(0x40, count: bytes.count)
    let payload = output.count
    output.append(bytes)
    return unique(from: start, payload: payload)
  }

  /// A UID (marker `0x8n`), the reference between the objects of an `NSKeyedArchiver`
  /// archive, in the smallest width that holds it.
  mutating func uid(_ value: UInt32) -> Int {
    let start = beginObject()
    let size = Self.byteWidth(UInt64(value))
    output.append(0x80 | UInt8(size - 1))
    output.append(bigEndian: UInt64(value), size: size)
    return unique(from: start, payload: start + 1)
  }

  // MARK: Warming

  /// Where the table of written scalars finds the string whose UTF-8 bytes are `utf8`, when
  /// it is ASCII: a writer gathers the slots of a few values and reads them at once
  /// (``warm(_:)``) before adding the values.
  @inline(__always)
  func warmingSlot(string utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    let bytes = UnsafeRawBufferPointer(utf8)
    guard bytes.isASCII else { return nil }
    return uniques.slot(first: Self.firstByte(0x50, count: bytes.count), payload: bytes)
  }

  /// Where the table of written scalars finds data of `bytes`.
  @inline(__always)
  func warmingSlot(data bytes: UnsafeRawBufferPointer) -> Int {
    uniques.slot(first: Self.firstByte(0x40, count: bytes.count), payload: bytes)
  }

  /// Where the table of written scalars finds a date of `seconds`.
  @inline(__always)
  func warmingSlot(date seconds: Double) -> Int {
    withUnsafeBytes(of: seconds.bitPattern.bigEndian) { uniques.slot(first: 0x33, payload: $0) }
  }

  /// Brings the slots gathered by the `warmingSlot` methods into the cache, all at once
  /// (see ``ObjectUniquingTable/warm(_:)``).
  mutating func warm(_ slots: UnsafeBufferPointer<Int>) {
    uniques.warm(slots)
  }

  /// The first byte ``writeHeader(_:count:)`` writes.
  @inline(__always)
  private static func firstByte(_ marker: UInt8, count: Int) -> UInt8 {
    count < 15 ? marker | UInt8(count) : marker | 0x0F
  }

  /// Keeps the object just written from `start`, its bytes after the header from `payload`,
  /// as a new object, or drops it in favour of an earlier one with the same bytes.
  @inline(__always)
  private mutating func unique(from start: Int, payload: Int) -> Int {
    let object = output.bytes(from: start)
    let written = output.reader()
    let next = offsets.count
    let found = offsets.withUnsafeBufferPointer { offsets in
      uniques.index(of: object, payloadStart: payload - start, orAdding: next) { candidate in
        written.holds(object, at: offsets[candidate])
      }
    }
    if found == next {
      offsets.append(start)
    } else {
      output.truncate(to: start)
    }
    return found
  }

  /// Where the next object starts: the output may write out what it holds first
  /// (``ByteOutput/flushIfFull()``), never part of an object.
  @inline(__always)
  private mutating func beginObject() -> Int {
    assert(childrenToCome == 0, "a container is given all its children before another object")
    output.flushIfFull()
    return output.count
  }

  private mutating func writeInteger(_ value: Int64) {
    if value < 0 {
      output.append(0x13)
      output.append(bigEndian: UInt64(bitPattern: value), size: 8)
      return
    }
    let size = Self.byteWidth(UInt64(value))
    output.append(0x10 | UInt8(size.trailingZeroBitCount))
    output.append(bigEndian: UInt64(value), size: size)
  }

  /// A marker with the count in its low nibble, or `0xF` and an integer for 15 or more.
  private mutating func writeHeader(_ marker: UInt8, count: Int) {
    if count < 15 {
      output.append(marker | UInt8(count))
    } else {
      output.append(marker | 0x0F)
      writeInteger(Int64(count))
    }
  }

  // MARK: Containers

  /// The index of a new array or dictionary, whose children are given later with
  /// ``setArray(_:elements:)``, ``setDictionary(_:keys:values:)``, or ``beginArray(_:count:)``
  /// or ``beginDictionary(_:count:)`` and ``addReference(_:)``.
  mutating func reserveContainer() -> Int {
    offsets.append(0)
    return offsets.count - 1
  }

  /// Gives the array `index` its elements, the indices of objects already added.
  mutating func setArray(_ index: Int, elements: [UInt32]) {
    guard writesContainersAtOnce else {
      containers.append(
        PendingContainer(index: index, marker: 0xA0, count: elements.count, refsStart: refs.count)
      )
      refs.append(contentsOf: elements)
      return
    }
    offsets[index] = beginObject()
    writeHeader(0xA0, count: elements.count)
    writeReferences(elements[...], size: Self.wideReferenceSize)
  }

  /// Starts giving the array `index` its `count` elements: exactly `count` calls of
  /// ``addReference(_:)`` must follow before another object is added.
  mutating func beginArray(_ index: Int, count: Int) {
    begin(index, marker: 0xA0, count: count, children: count)
  }

  /// Starts giving the dictionary `index` its `count` entries: exactly `count` keys (string
  /// objects), then `count` values, through ``addReference(_:)``, must follow before
  /// another object is added.
  mutating func beginDictionary(_ index: Int, count: Int) {
    begin(index, marker: 0xD0, count: count, children: 2 * count)
  }

  private mutating func begin(_ index: Int, marker: UInt8, count: Int, children: Int) {
    guard writesContainersAtOnce else {
      containers.append(
        PendingContainer(index: index, marker: marker, count: count, refsStart: refs.count))
      return
    }
    offsets[index] = beginObject()
    writeHeader(marker, count: count)
    childrenToCome = children
  }

  /// The next child of the container begun last.
  mutating func addReference(_ child: Int) throws {
    let ref = try Self.reference(child)
    guard childrenToCome > 0 else {
      refs.append(ref)
      return
    }
    output.append(bigEndian: UInt64(ref), size: Self.wideReferenceSize)
    childrenToCome -= 1
  }

  /// Whether a container given its children now is written now: references are then 4
  /// bytes, whatever else is added.
  private var writesContainersAtOnce: Bool { offsets.count > Self.wideReferenceCount }

  /// A dictionary's entries: `keys[i]` (string objects) maps to `values[i]`.
  mutating func setDictionary(_ index: Int, keys: [Int], values: [Int]) throws {
    beginDictionary(index, count: keys.count)
    for key in keys { try addReference(key) }
    for value in values { try addReference(value) }
  }

  /// An object index as the builder stores references.
  static func reference(_ index: Int) throws -> UInt32 {
    guard let ref = UInt32(exactly: index) else {
      throw PropertyListError(
        .badReference, at: nil, "more than \(UInt32.max) objects in one property list")
    }
    return ref
  }

  // MARK: Finishing

  /// Writes the containers, the offset table and the trailer, and returns the file.
  consuming func finish(top: Int) -> Data {
    writeTail(top: top)
    return output.data()
  }

  /// Writes the containers, the offset table and the trailer to the builder's file
  /// (``init(writingTo:distinctScalars:)``); throws when a write failed.
  consuming func finishWriting(top: Int) throws(ByteOutput.WriteFailure) {
    writeTail(top: top)
    try output.finishWriting()
  }

  /// Throws once a write to the builder's file has failed (``ByteOutput/checkWriting()``).
  func checkWriting() throws(ByteOutput.WriteFailure) {
    try output.checkWriting()
  }

  /// The containers, the offset table and the trailer.
  private mutating func writeTail(top: Int) {
    assert(
      containers.reduce(0) { $0 + ($1.marker == 0xD0 ? 2 : 1) * $1.count } == refs.count,
      "every container was given exactly its children")
    // Past `wideReferenceCount` objects this is `wideReferenceSize`, the size of the
    // references already written.
    let refSize = Self.byteWidth(UInt64(offsets.count))
    for container in containers {
      offsets[container.index] = beginObject()
      writeHeader(container.marker, count: container.count)
      let refCount = container.marker == 0xD0 ? container.count * 2 : container.count
      writeReferences(
        refs[container.refsStart..<container.refsStart + refCount], size: refSize)
    }
    let tableOffset = output.count
    let offsetSize = Self.byteWidth(UInt64(tableOffset))
    let stretch = 1 << 16
    for first in stride(from: 0, to: offsets.count, by: stretch) {
      output.flushIfFull()
      let last = min(first + stretch, offsets.count)
      output.reserve((last - first) * offsetSize)
      for offset in offsets[first..<last] {
        output.append(bigEndian: UInt64(offset), size: offsetSize)
      }
    }
    output.append(bigEndian: UInt64(offsetSize) << 8 | UInt64(refSize), size: 8)
    output.append(bigEndian: UInt64(offsets.count), size: 8)
    output.append(bigEndian: UInt64(top), size: 8)
    output.append(bigEndian: UInt64(tableOffset), size: 8)
  }

  /// Writes the references `refs`, each `size` bytes, a stretch at a time: a file's buffer
  /// is written out between stretches, so it never holds a whole large container.
  private mutating func writeReferences(_ refs: ArraySlice<UInt32>, size: Int) {
    let stretch = 1 << 16
    for first in stride(from: refs.startIndex, to: refs.endIndex, by: stretch) {
      output.flushIfFull()
      let last = min(first + stretch, refs.endIndex)
      output.reserve((last - first) * size)
      for ref in refs[first..<last] { output.append(bigEndian: UInt64(ref), size: size) }
    }
  }

  /// The smallest of 1, 2, 4 or 8 bytes that holds `value` (as CoreFoundation requires of
  /// the object count and the offset table's position).
  static func byteWidth(_ value: UInt64) -> Int {
    if value <= 0xFF { return 1 }
    if value <= 0xFFFF { return 2 }
    if value <= 0xFFFF_FFFF { return 4 }
    return 8
  }
}
