import Foundation

/// Checked random access to the objects of a binary property list (`bplist00`) in memory:
/// the one place where the format's structural rules are enforced, shared by the tree
/// reader (``BinaryPropertyListReader``) and the store decoder (``StoreDecoder``).
///
/// Creating a scanner checks the header (only `bplist00`), the trailer (sizes 1–8, object
/// count, top object, table position), CoreFoundation's exact length equation and the
/// offset-table entries (``OffsetCheck``): every one, referenced or not, or only the top
/// object's, the others as references name their objects. Either way, every object index
/// the scanner gives out (``topObject`` and what ``reference(at:in:)`` reads) has an offset
/// inside the object table. Each accessor checks what it reads before reading or
/// allocating anything (payload bounds, reference ranges, string encodings, number widths)
/// and throws a ``PropertyListError`` with the byte offset.
///
/// Every position read lies before the trailer, so an unaligned 8-byte load from it stays
/// inside the buffer; this is what lets the accessors read multi-byte integers in one load.
/// The scanner borrows its bytes: it is valid only inside the `withUnsafeBytes` call that
/// provides them.
struct BinaryPlistScanner {
  static let headerSize = 8
  static let trailerSize = 32

  private let base: UnsafeRawPointer
  /// The file's length in bytes.
  let length: Int
  /// The size of one offset-table entry.
  let offsetSize: Int
  /// The size of one object reference inside an array or dictionary.
  let refSize: Int
  let objectCount: Int
  /// The index of the root object.
  let topObject: Int
  /// Where the offset table starts, which is also where the object table ends.
  let tableOffset: Int
  /// Whether every offset-table entry was checked when the scanner was made
  /// (``OffsetCheck/everyEntry``), so that a reference needs no second look at its entry.
  private var checkedEveryOffset = false
  /// Whether UIDs (marker `0x8n`, the object references of `NSKeyedArchiver`) are read, as
  /// the one-entry dictionary `{"CF$UID": n}` that XML property lists write for them;
  /// otherwise they are refused as unsupported.
  var readsUIDs = false

  /// Which offset-table entries a new scanner checks.
  enum OffsetCheck {
    /// Every entry, referenced or not: a file with a stray entry anywhere is refused as a
    /// whole, as the tree reader refuses it.
    case everyEntry
    /// The top object's: each other entry is checked when a reference names its object,
    /// so that a store of millions of objects reads its table only where it is used. An
    /// entry no object refers to is never read.
    case whenReferenced
  }

  /// Checks `bytes` as a binary property list's header, trailer and offset table (its
  /// entries as `offsets` says).
  init(_ bytes: UnsafeRawBufferPointer, offsets: OffsetCheck = .everyEntry) throws {
    try Self.checkHeader(bytes)
    let length = bytes.count
    guard let base = bytes.baseAddress, length >= Self.headerSize + 1 + Self.trailerSize else {
      throw PropertyListError(
        .tooShort, at: length,
        "the file is \(length) bytes long, shorter than the \(Self.headerSize + 1 + Self.trailerSize) "
          + "bytes of a header, one object and a trailer")
    }
    let trailer = length - Self.trailerSize
    let offsetSize = Int(bytes[trailer + 6])
    let refSize = Int(bytes[trailer + 7])
    for (name, size, at) in [
      ("offset size", offsetSize, trailer + 6), ("object reference size", refSize, trailer + 7),
    ] where !(1...8).contains(size) {
      throw PropertyListError(
        .badTrailer, at: at, "the trailer's \(name) is \(size); it must be 1 to 8 bytes")
    }
    let objectCount = Self.load(base, at: trailer + 8, size: 8)
    let top = Self.load(base, at: trailer + 16, size: 8)
    let tableOffset = Self.load(base, at: trailer + 24, size: 8)
    guard objectCount >= 1 else {
      throw PropertyListError(.badTrailer, at: trailer + 8, "the trailer says there are no objects")
    }
    guard top < objectCount else {
      throw PropertyListError(
        .badTrailer, at: trailer + 16,
        "the top object is object \(top), but there are only \(objectCount) objects")
    }
    guard tableOffset >= UInt64(Self.headerSize + 1), tableOffset < UInt64(trailer) else {
      throw PropertyListError(
        .badTrailer, at: trailer + 24,
        "the offset table starts at byte \(tableOffset), outside the file's body "
          + "(bytes \(Self.headerSize + 1) to \(trailer - 1))")
    }
    let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetSize))
    let (tableEnd, overflow2) = tableOffset.addingReportingOverflow(tableSize)
    guard !overflow, !overflow2, tableEnd == UInt64(trailer) else {
      let end = overflow || overflow2 ? "past 2^64" : "at byte \(tableEnd)"
      throw PropertyListError(
        .lengthMismatch, at: trailer,
        "the offset table of \(objectCount) entries of \(offsetSize) bytes at byte "
          + "\(tableOffset) ends \(end), but the trailer starts at byte \(trailer) "
          + "(the file is truncated, or has bytes added)")
    }
    // The length equation bounds both numbers by the file's length.
    self.base = base
    self.length = length
    self.offsetSize = offsetSize
    self.refSize = refSize
    self.objectCount = Int(objectCount)
    self.topObject = Int(top)
    self.tableOffset = Int(tableOffset)
    switch offsets {
    case .everyEntry:
      try checkEveryOffset()
      checkedEveryOffset = true
    case .whenReferenced:
      guard !isInObjectTable(self.topObject) else { break }
      throw strayOffset(self.topObject)
    }
  }

  /// Checks every offset-table entry, referenced or not, and throws for the first one that
  /// points outside the object table, as ``OffsetCheck/everyEntry`` does.
  func checkEveryOffset() throws {
    if let index = Self.firstStrayOffset(
      base, table: tableOffset, count: objectCount, size: offsetSize, end: UInt64(tableOffset))
    {
      throw strayOffset(index)
    }
  }

  /// Whether the offset-table entry of object `index` (below ``objectCount``) points inside
  /// the object table.
  @inline(__always)
  private func isInObjectTable(_ index: Int) -> Bool {
    // One comparison: an offset below the header wraps around to a huge number.
    unsigned(at: tableOffset + index * offsetSize, size: offsetSize) &- UInt64(Self.headerSize)
      < UInt64(tableOffset - Self.headerSize)
  }

  /// The error for the offset-table entry of object `index`, which points outside the object
  /// table.
  private func strayOffset(_ index: Int) -> PropertyListError {
    let at = tableOffset + index * offsetSize
    let offset = unsigned(at: at, size: offsetSize)
    guard offset >= UInt64(Self.headerSize) else {
      return PropertyListError(
        .badOffset, at: at,
        "offset table entry \(index) points into the header (offset \(offset))")
    }
    return PropertyListError(
      .badOffset, at: at,
      "offset table entry \(index) points past the object table (offset \(offset), "
        + "table starts at \(tableOffset))")
  }

  /// The offset-table entries checked by one thread at a time.
  private static let offsetStretch = 1 << 20

  /// The first of the `count` entries of `size` bytes of the offset table at `table` that
  /// points into the header or past the object table (which ends at `end`), if any. A
  /// table of millions of entries is checked a stretch per processor.
  private static func firstStrayOffset(
    _ base: UnsafeRawPointer, table: Int, count: Int, size: Int, end: UInt64
  ) -> Int? {
    let stretches = (count + offsetStretch - 1) / offsetStretch
    guard stretches > 1 else {
      return firstStrayOffset(in: 0..<count, base, table: table, size: size, end: end)
    }
    var found = [Int?](repeating: nil, count: stretches)
    found.withUnsafeMutableBufferPointer { found in
      let shared = UncheckedSendable(value: (base: base, found: found))
      DispatchQueue.concurrentPerform(iterations: stretches) { stretch in
        let entries = stretch * offsetStretch..<min((stretch + 1) * offsetStretch, count)
        shared.value.found[stretch] = firstStrayOffset(
          in: entries, shared.value.base, table: table, size: size, end: end)
      }
    }
    return found.lazy.compactMap { $0 }.first
  }

  /// ``firstStrayOffset(_:table:count:size:end:)`` among the entries `indexes`.
  private static func firstStrayOffset(
    in indexes: Range<Int>, _ base: UnsafeRawPointer, table: Int, size: Int, end: UInt64
  ) -> Int? {
    // One comparison: an offset below the header wraps around to a huge number.
    let span = end - UInt64(headerSize)
    // The common widths are read at their own width and only the largest compared, a loop
    // the compiler vectorizes: a million-object store has twelve million entries.
    let largest: UInt64?
    switch size {
    case 1: largest = largestPastHeader(UInt8.self, in: indexes, base, table: table)
    case 2: largest = largestPastHeader(UInt16.self, in: indexes, base, table: table)
    case 4: largest = largestPastHeader(UInt32.self, in: indexes, base, table: table)
    case 8: largest = largestPastHeader(UInt64.self, in: indexes, base, table: table)
    default: largest = nil
    }
    if let largest, largest < span { return nil }
    return indexes.first {
      load(base, at: table + $0 * size, size: size) &- UInt64(headerSize) >= span
    }
  }

  /// The largest of the offset-table entries `indexes`, each of `Entry`'s width, less the
  /// header's size (wrapping, so that an offset into the header is larger than any other).
  @inline(__always)
  private static func largestPastHeader<Entry: FixedWidthInteger & UnsignedInteger>(
    _ entry: Entry.Type, in indexes: Range<Int>, _ base: UnsafeRawPointer, table: Int
  ) -> UInt64 {
    let width = MemoryLayout<Entry>.size
    let start = base + table + indexes.lowerBound * width
    var largest: UInt64 = 0
    for i in 0..<indexes.count {
      let offset = Entry(bigEndian: start.loadUnaligned(fromByteOffset: i * width, as: Entry.self))
      largest = max(largest, UInt64(offset) &- UInt64(headerSize))
    }
    return largest
  }

  private static func checkHeader(_ bytes: UnsafeRawBufferPointer) throws {
    let expected = Array("bplist00".utf8)
    let found = Array(bytes.prefix(Self.headerSize))
    if found.elementsEqual(expected.prefix(found.count)) {
      return
    }
    if found.count < 6 || !found[..<6].elementsEqual(expected[..<6]) {
      throw PropertyListError(
        .badHeader, at: 0,
        "not a binary property list: the file starts with \(describe(found)) "
          + "instead of \"bplist00\"")
    }
    throw PropertyListError(
      .badHeader, at: 6,
      "unsupported binary property list version \(describe(Array(found[6...]))) "
        + "(only \"bplist00\" is read)")
  }

  /// Bytes as text in quotes when printable, as hex otherwise.
  private static func describe(_ bytes: [UInt8]) -> String {
    if bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) {
      return "\"\(String(decoding: bytes, as: UTF8.self))\""
    }
    return bytes.map { hex($0) }.joined(separator: " ")
  }

  /// A big-endian unsigned integer of 1 to 8 bytes at `position`, which must be at least 8
  /// bytes before the end of the buffer.
  @inline(__always)
  private static func load(_ base: UnsafeRawPointer, at position: Int, size: Int) -> UInt64 {
    let word = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    return size == 8 ? word : word >> UInt64(64 - 8 * size)
  }

  /// A big-endian unsigned integer of 1 to 8 bytes at a checked position before the trailer.
  @inline(__always)
  func unsigned(at position: Int, size: Int) -> UInt64 {
    Self.load(base, at: position, size: size)
  }

  @inline(__always)
  func byte(at position: Int) -> UInt8 {
    base.load(fromByteOffset: position, as: UInt8.self)
  }

  /// `count` bytes from a checked position.
  @inline(__always)
  func bytes(at position: Int, count: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base + position, count: count)
  }

  // MARK: Objects

  /// The byte offset of an object; `index` must be ``topObject`` or one that
  /// ``reference(at:in:)`` read.
  @inline(__always)
  func offset(of index: Int) -> Int {
    Int(truncatingIfNeeded: unsigned(at: tableOffset + index * offsetSize, size: offsetSize))
  }

  /// The marker byte of an object; `index` must be ``topObject`` or one that
  /// ``reference(at:in:)`` read.
  @inline(__always)
  func marker(of index: Int) -> UInt8 {
    byte(at: offset(of: index))
  }

  func isContainer(_ index: Int) -> Bool {
    let kind = marker(of: index) >> 4
    return kind == 0xA || kind == 0xD
  }

  /// Reads the reference at `position` (inside a checked reference list) and checks that it
  /// names an object, whose offset-table entry points inside the object table.
  @inline(__always)
  func reference(at position: Int, in container: Int) throws -> Int {
    let ref = try objectNumber(at: position, in: container)
    try checkOffset(of: ref)
    return ref
  }

  /// Reads the reference at `position` (inside a checked reference list) and checks that it
  /// names an object, but not the object's offset-table entry: for a caller that knows the
  /// object from before, or checks it with ``checkOffset(of:)`` before reading it.
  @inline(__always)
  func objectNumber(at position: Int, in container: Int) throws -> Int {
    let ref = unsigned(at: position, size: refSize)
    guard ref < UInt64(objectCount) else {
      throw PropertyListError(
        .badReference, at: position,
        "object \(container) refers to object \(ref), but there are only \(objectCount) objects")
    }
    return Int(ref)
  }

  /// Checks that the offset-table entry of object `index` (below ``objectCount``) points
  /// inside the object table, as ``reference(at:in:)`` does.
  @inline(__always)
  func checkOffset(of index: Int) throws {
    guard checkedEveryOffset || isInObjectTable(index) else { throw strayOffset(index) }
  }

  /// The count of a data, string, array or dictionary object (from its marker's low nibble
  /// or the integer that follows a `0xF`), and where its payload starts.
  @inline(__always)
  func countAndStart(of index: Int) throws -> (count: Int, start: Int) {
    let start = offset(of: index)
    let low = Int(byte(at: start) & 0x0F)
    if low < 15 { return (low, start + 1) }
    // A count of 15 to 255 (most names, URIs and small data) is the one-byte integer
    // `0x10 n`: read here, with the checks ``extendedCount(of:at:)`` makes of it.
    if start + 3 <= tableOffset, byte(at: start + 1) == 0x10 {
      return (Int(byte(at: start + 2)), start + 3)
    }
    return try extendedCount(of: index, at: start)
  }

  private func extendedCount(of index: Int, at start: Int) throws -> (count: Int, start: Int) {
    let intAt = start + 1
    guard intAt < tableOffset else {
      throw PropertyListError(
        .truncated, at: intAt,
        "the count of object \(index) runs past the end of the object table at byte \(tableOffset)")
    }
    let intMarker = byte(at: intAt)
    guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else {
      throw PropertyListError(
        .badNumber, at: intAt,
        "the count of object \(index) has the marker 0x\(Self.hex(intMarker)); "
          + "counts must be integers of 1, 2, 4 or 8 bytes (0x10 to 0x13)")
    }
    let size = 1 << Int(intMarker & 0x0F)
    try checkPayload(of: index, from: intAt + 1, count: size, unitSize: 1, what: "a count")
    let count = unsigned(at: intAt + 1, size: size)
    guard count <= UInt64(Int.max) else {
      throw PropertyListError(
        .badNumber, at: intAt, "the count of object \(index) is negative or too large (\(count))")
    }
    return (Int(count), intAt + 1 + size)
  }

  /// Checks that `count` units of `unitSize` bytes from `start` end within the object table.
  @inline(__always)
  func checkPayload(
    of index: Int, from start: Int, count: Int, unitSize: Int, what: @autoclosure () -> String
  ) throws {
    let (size, overflow) = count.multipliedReportingOverflow(by: unitSize)
    guard !overflow, start <= tableOffset, size <= tableOffset - start else {
      let bytesText = overflow ? "more than 2^63 bytes" : "\(size) bytes"
      throw PropertyListError(
        .truncated, at: offset(of: index),
        "object \(index) is \(what()) (\(bytesText) from byte \(start)), which runs past the "
          + "end of the object table at byte \(tableOffset)")
    }
  }

  // MARK: Containers

  /// An array's or dictionary's entry count and the position of its reference list, checked
  /// to fit in the object table. A dictionary's list holds all keys, then all values.
  @inline(__always)
  func container(_ index: Int) throws -> (count: Int, refsStart: Int, isDictionary: Bool) {
    let isDictionary = marker(of: index) >> 4 == 0xD
    let (count, refsStart) = try countAndStart(of: index)
    try checkPayload(
      of: index, from: refsStart, count: count, unitSize: isDictionary ? 2 * refSize : refSize,
      what: isDictionary ? "a dictionary of \(count) entries" : "an array of \(count) elements")
    return (count, refsStart, isDictionary)
  }

  /// The keys of the dictionary `index` whose reference list starts at `refsStart`, in order,
  /// with each key's entry number: keys must be strings, and no key may appear twice
  /// (compared as decoded strings, so an ASCII and a UTF-16 `"k"` are the same key).
  func dictionaryKeys(of index: Int, refsStart: Int, count: Int) throws -> (
    keys: [String], entryByKey: [String: Int]
  ) {
    var keys: [String] = []
    keys.reserveCapacity(count)
    var entryByKey: [String: Int] = [:]
    entryByKey.reserveCapacity(count)
    for entry in 0..<count {
      let refAt = refsStart + entry * refSize
      let ref = try reference(at: refAt, in: index)
      let marker = marker(of: ref)
      guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
        throw PropertyListError(
          .badKey, at: refAt,
          "key \(entry) of dictionary object \(index) is object \(ref) at byte "
            + "\(offset(of: ref)), which is \(Self.kindName(marker)); keys must be strings")
      }
      let key = try string(ref)
      if let first = entryByKey[key] {
        throw PropertyListError(
          .duplicateKey, at: refAt,
          "dictionary object \(index) has the key \(Value.quoted(key)) twice "
            + "(entries \(first) and \(entry))")
      }
      entryByKey[key] = entry
      keys.append(key)
    }
    return (keys, entryByKey)
  }

  // MARK: Scalars

  /// Decodes a non-container object with every check.
  func scalar(_ index: Int) throws -> PropertyList {
    let start = offset(of: index)
    let marker = byte(at: start)
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return .bool(false)
      case 0x09: return .bool(true)
      case 0x00:
        throw PropertyListError(
          .unsupportedObject, at: start,
          "object \(index) is a null (marker 0x00), which binary property lists v0 do not have")
      default:
        throw unsupported(marker, index: index, at: start)
      }
    case 0x1:
      let (value, isUnsigned) = try integer(index)
      if isUnsigned { return .unsignedInteger(UInt64(bitPattern: value)) }
      return .integer(value)
    case 0x2:
      return .real(try real(index))
    case 0x3:
      return .date(Date(timeIntervalSinceReferenceDate: try date(index)))
    case 0x4:
      return .data(Data(try data(index)))
    case 0x5, 0x6:
      return .string(try string(index))
    case 0x8 where readsUIDs:
      return try uid(index)
    default:
      throw unsupported(marker, index: index, at: start)
    }
  }

  /// A UID object (marker `0x8n`: n + 1 bytes, big-endian and unsigned, at most 8), as
  /// ``PropertyList/uid(_:)`` writes it.
  func uid(_ index: Int) throws -> PropertyList {
    let start = offset(of: index)
    let size = Int(byte(at: start) & 0x0F) + 1
    guard size <= 8 else {
      throw PropertyListError(
        .badNumber, at: start, "object \(index) is a UID of \(size) bytes; UIDs are at most 8")
    }
    try checkPayload(of: index, from: start + 1, count: size, unitSize: 1, what: "a UID")
    let value = unsigned(at: start + 1, size: size)
    guard value <= UInt64(Int64.max) else {
      throw PropertyListError(
        .badNumber, at: start + 1, "object \(index) is a UID too large for a reference")
    }
    return .uid(Int64(value))
  }

  /// An integer object (marker `0x1n`): 1-, 2- and 4-byte integers are unsigned, 8-byte
  /// ones signed, and 16-byte ones unsigned with a zero high half. `isUnsigned` is true only
  /// for a value above `Int64.max`, returned as its bit pattern.
  @inline(__always)
  func integer(_ index: Int) throws -> (value: Int64, isUnsigned: Bool) {
    let start = offset(of: index)
    let exponent = Int(byte(at: start) & 0x0F)
    guard exponent <= 4 else {
      throw PropertyListError(
        .badNumber, at: start,
        "object \(index) is an integer of 2^\(exponent) bytes; integers are at most 16 bytes")
    }
    let size = 1 << exponent
    try checkPayload(of: index, from: start + 1, count: size, unitSize: 1, what: "an integer")
    switch size {
    case 16:
      guard unsigned(at: start + 1, size: 8) == 0 else {
        throw PropertyListError(
          .badNumber, at: start + 1,
          "object \(index) is a 16-byte integer that does not fit in 64 bits")
      }
      let value = unsigned(at: start + 9, size: 8)
      return (Int64(bitPattern: value), value > UInt64(Int64.max))
    case 8:
      return (Int64(bitPattern: unsigned(at: start + 1, size: 8)), false)
    default:
      return (Int64(unsigned(at: start + 1, size: size)), false)
    }
  }

  /// The value of an integer object of 1, 2, 4 or 8 bytes (markers `0x10` to `0x13`, the
  /// ones writers use) whose bytes are in the object table, as ``integer(_:)`` reads it;
  /// nil for any other object, which ``integer(_:)`` reads or reports. For loops over many
  /// integers: no error is made on the way.
  @inline(__always)
  func smallInteger(_ index: Int) -> Int64? {
    let start = offset(of: index)
    let marker = byte(at: start)
    guard marker & 0xFC == 0x10 else { return nil }
    let size = 1 << Int(marker & 0x03)
    guard size < tableOffset - start else { return nil }
    return Int64(bitPattern: unsigned(at: start + 1, size: size))
  }

  /// A real object (marker `0x22` or `0x23`).
  @inline(__always)
  func real(_ index: Int) throws -> Double {
    let start = offset(of: index)
    let low = Int(byte(at: start) & 0x0F)
    guard low == 2 || low == 3 else {
      throw PropertyListError(
        .badNumber, at: start,
        "object \(index) is a real of \(1 << low) bytes; reals must be 4 or 8 bytes")
    }
    try checkPayload(of: index, from: start + 1, count: 1 << low, unitSize: 1, what: "a real")
    if low == 2 {
      return Double(Float(bitPattern: UInt32(unsigned(at: start + 1, size: 4))))
    }
    return Double(bitPattern: unsigned(at: start + 1, size: 8))
  }

  /// A date object (marker `0x33`): finite seconds since 2001-01-01 00:00:00 UTC.
  @inline(__always)
  func date(_ index: Int) throws -> Double {
    let start = offset(of: index)
    let marker = byte(at: start)
    guard marker == 0x33 else {
      throw PropertyListError(
        .badNumber, at: start,
        "object \(index) has the marker 0x\(Self.hex(marker)); dates must be 0x33 (8 bytes)")
    }
    try checkPayload(of: index, from: start + 1, count: 8, unitSize: 1, what: "a date")
    let seconds = Double(bitPattern: unsigned(at: start + 1, size: 8))
    guard seconds.isFinite else {
      throw PropertyListError(
        .badNumber, at: start + 1, "object \(index) is a date that is not a finite number")
    }
    return seconds
  }

  /// The bytes of a data object (marker `0x4n`), borrowed from the file.
  @inline(__always)
  func data(_ index: Int) throws -> UnsafeRawBufferPointer {
    let (start, count) = try dataPosition(index)
    return bytes(at: start, count: count)
  }

  /// Where the bytes of a data object (marker `0x4n`) are.
  @inline(__always)
  func dataPosition(_ index: Int) throws -> (start: Int, count: Int) {
    let (count, payload) = try countAndStart(of: index)
    try checkPayload(
      of: index, from: payload, count: count, unitSize: 1, what: "data of \(count) bytes")
    return (payload, count)
  }

  /// A string object: strict ASCII (marker `0x5n`, bytes below 0x80, NULs kept) or strict
  /// UTF-16 big-endian (marker `0x6n`, no unpaired surrogates). The marker must be one of
  /// the two.
  @inline(__always)
  func string(_ index: Int) throws -> String {
    let (count, payload) = try countAndStart(of: index)
    if marker(of: index) >> 4 == 0x5 {
      let text = try ascii(index, count: count, payload: payload)
      return String(decoding: text, as: UTF8.self)
    }
    try checkUTF16(index, count: count, payload: payload)
    return try String(unsafeUninitializedCapacity: 3 * count) { utf8 in
      try utf16(index: index, from: payload, count: count, into: utf8)
    }
  }

  /// Calls `body` with the UTF-8 bytes of a string object, checked as ``string(_:)`` checks
  /// them, without making a `String`: an ASCII string's bytes where they are in the file, a
  /// UTF-16 string's transcoded into `scratch`.
  @inline(__always)
  func withUTF8<R>(
    _ index: Int, scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) throws -> R {
    let (count, payload) = try countAndStart(of: index)
    if marker(of: index) >> 4 == 0x5 {
      return body(try ascii(index, count: count, payload: payload))
    }
    try checkUTF16(index, count: count, payload: payload)
    if scratch.count < 3 * count { scratch = [UInt8](repeating: 0, count: 3 * count) }
    return try scratch.withUnsafeMutableBufferPointer { buffer in
      let written = try utf16(index: index, from: payload, count: count, into: buffer)
      return body(UnsafeBufferPointer(rebasing: buffer[..<written]))
    }
  }

  /// The checked bytes of an ASCII string object of `count` bytes at `payload`.
  @inline(__always)
  private func ascii(_ index: Int, count: Int, payload: Int) throws -> UnsafeBufferPointer<UInt8> {
    try checkPayload(
      of: index, from: payload, count: count, unitSize: 1,
      what: "an ASCII string of \(count) bytes")
    let text = bytes(at: payload, count: count)
    if let bad = Self.firstNonASCII(text) {
      throw PropertyListError(
        .badString, at: payload + bad,
        "object \(index) is an ASCII string with the byte 0x\(Self.hex(text[bad])); "
          + "ASCII strings hold only bytes below 0x80")
    }
    return text.assumingMemoryBound(to: UInt8.self)
  }

  /// Checks that a UTF-16 string object of `count` units at `payload` fits the object table.
  @inline(__always)
  private func checkUTF16(_ index: Int, count: Int, payload: Int) throws {
    try checkPayload(
      of: index, from: payload, count: count, unitSize: 2,
      what: "a UTF-16 string of \(count) units")
  }

  /// The position of the first byte of `text` at or above 0x80, checking eight bytes at a
  /// time.
  @inline(__always)
  private static func firstNonASCII(_ text: UnsafeRawBufferPointer) -> Int? {
    var i = 0
    while i + 8 <= text.count {
      if text.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
        break
      }
      i += 8
    }
    while i < text.count {
      if text[i] >= 0x80 { return i }
      i += 1
    }
    return nil
  }

  /// Transcodes UTF-16BE strictly (an unpaired surrogate is an error, not a replacement)
  /// from the file's bytes into `utf8`, which has room for three bytes a unit; returns the
  /// bytes written. Runs of ASCII (most of a name such as "Crème Brûlée Paisley Silk Bow
  /// Tie") are copied four units at a time.
  private func utf16(
    index: Int, from start: Int, count: Int, into utf8: UnsafeMutableBufferPointer<UInt8>
  ) throws -> Int {
    var written = 0
    var i = 0
    while i < count {
      let at = start + 2 * i
      if i + 4 <= count {
        let units = unsigned(at: at, size: 8)
        if units & 0xFF80_FF80_FF80_FF80 == 0 {
          utf8[written] = UInt8(truncatingIfNeeded: units >> 48)
          utf8[written + 1] = UInt8(truncatingIfNeeded: units >> 32)
          utf8[written + 2] = UInt8(truncatingIfNeeded: units >> 16)
          utf8[written + 3] = UInt8(truncatingIfNeeded: units)
          written += 4
          i += 4
          continue
        }
      }
      let unit = UInt32(byte(at: at)) << 8 | UInt32(byte(at: at + 1))
      var scalar = unit
      if (0xD800...0xDFFF).contains(unit) {
        let next = i + 1 < count ? UInt32(byte(at: at + 2)) << 8 | UInt32(byte(at: at + 3)) : 0
        guard unit <= 0xDBFF, (0xDC00...0xDFFF).contains(next) else {
          let isLast = unit <= 0xDBFF && i + 1 == count
          throw PropertyListError(
            .badString, at: at,
            "object \(index) is a UTF-16 string "
              + (isLast ? "that ends with an unpaired surrogate" : "with an unpaired surrogate")
              + " 0x\(Self.hex(UInt16(unit)))")
        }
        scalar = 0x10000 + ((unit - 0xD800) << 10 | (next - 0xDC00))
        i += 1
      }
      switch scalar {
      case ..<0x80:
        utf8[written] = UInt8(scalar)
        written += 1
      case ..<0x800:
        utf8[written] = UInt8(0xC0 | scalar >> 6)
        utf8[written + 1] = UInt8(0x80 | scalar & 0x3F)
        written += 2
      case ..<0x10000:
        utf8[written] = UInt8(0xE0 | scalar >> 12)
        utf8[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
        utf8[written + 2] = UInt8(0x80 | scalar & 0x3F)
        written += 3
      default:
        utf8[written] = UInt8(0xF0 | scalar >> 18)
        utf8[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
        utf8[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
        utf8[written + 3] = UInt8(0x80 | scalar & 0x3F)
        written += 4
      }
      i += 1
    }
    return written
  }

  // MARK: Messages

  func unsupported(_ marker: UInt8, index: Int, at offset: Int) -> PropertyListError {
    let name: String
    switch marker {
    case 0x0C, 0x0D: name = "a URL (binary property lists v1 only)"
    case 0x0E: name = "a UUID (binary property lists v1 only)"
    case 0x0F: name = "a fill byte, not an object"
    default: name = Self.kindName(marker)
    }
    return PropertyListError(
      .unsupportedObject, at: offset,
      "object \(index) has the marker 0x\(Self.hex(marker)): \(name)")
  }

  /// What kind of object a marker starts, with an article, as
  /// ``PropertyList/kindDescription`` names decoded values.
  static func kindName(_ marker: UInt8) -> String {
    switch marker >> 4 {
    case 0x0 where marker == 0x08 || marker == 0x09: return "a Boolean"
    case 0x1: return "an integer"
    case 0x2: return "a real"
    case 0x3: return "a date"
    case 0x4: return "data"
    case 0x5, 0x6: return "a string"
    case 0x7: return "a UTF-8 string (binary property lists v1 only)"
    case 0x8: return "a UID (an NSKeyedArchiver reference)"
    case 0xA: return "an array"
    case 0xB: return "an ordered set"
    case 0xC: return "a set"
    case 0xD: return "a dictionary"
    default: return "an unknown marker"
    }
  }

  /// Upper-case hex with leading zeros to the value's width: `0E`, `D83D`.
  static func hex(_ value: some FixedWidthInteger) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, value.bitWidth / 4 - digits.count)) + digits
  }
}
