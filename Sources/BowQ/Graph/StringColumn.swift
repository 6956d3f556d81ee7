/// The strings of one column, with their UTF-8 bytes kept out of Swift's string objects:
/// while the column holds few distinct strings (up to 256, as a search key or a colour
/// name does), one byte per object naming its string in a small dictionary; past that,
/// every string's bytes in one buffer with each object's span of it. Spans take 4 bytes a
/// string while each string follows the one before in the buffer, as a store's reader
/// appends them, and 12 once one is replaced (``set(utf8:at:)``).
///
/// Nil rows are the column's business (``Column``): here they hold the empty string.
/// Strings are told apart by their bytes, not by Swift's canonical equivalence, so each
/// reads back exactly as it was stored. A column made plain from the start
/// (``init(plainBytes:)``) holds any bytes, valid UTF-8 or not, read with
/// ``withUTF8(at:_:)``: the bytes of a column of data.
struct StringColumn: Sendable {
  /// How the strings are held.
  enum Encoding: Sendable {
    /// `codes[i]` is the index in `entries` of object `i`'s string.
    case dictionary
    /// Object `i`'s string is a span of `bytes` (``Spans``).
    case plain
  }

  /// How a plain column's spans are kept.
  private enum Spans: Sendable {
    /// Each string follows the one before: object `i`'s string is
    /// `bytes[boundaries[i] ..< boundaries[i + 1]]`.
    case contiguous
    /// Object `i`'s string is `bytes[starts[i] ..< starts[i] + lengths[i]]`: once a string
    /// was replaced, or the buffer outgrew what a boundary holds.
    case scattered
  }

  /// The most distinct strings a dictionary holds, one byte naming each.
  static let dictionaryLimit = 256

  private(set) var encoding = Encoding.dictionary
  private(set) var codes: [UInt8] = []
  /// The distinct strings of a dictionary, in the order they first came.
  private(set) var entries: [String] = []
  /// The codes of `entries` by a hash of their UTF-8 bytes, to find an incoming string's
  /// code without making a string of it (see ``CodeTable``).
  private var codeTable = CodeTable()
  private(set) var bytes: [UInt8] = []
  private var spans = Spans.contiguous
  /// Where each string of a contiguous column starts, and the last one ends (from 0).
  private var boundaries: [UInt32] = [0]
  private var starts: [Int] = []
  private var lengths: [UInt32] = []
  /// Bytes of `bytes` no span covers any more (left by replaced strings).
  private var garbage = 0

  var count: Int {
    switch (encoding, spans) {
    case (.dictionary, _): codes.count
    case (.plain, .contiguous): boundaries.count - 1
    case (.plain, .scattered): starts.count
    }
  }

  /// An empty column of strings.
  init() {}

  /// An empty column that keeps every value's bytes in its buffer, never in a dictionary
  /// (whose entries are strings), so it may hold bytes that are not UTF-8.
  init(plainBytes: Void) {
    encoding = .plain
  }

  /// Whether a plain column keeps its spans in 4 bytes a string (each string follows the
  /// one before), not 12.
  var hasContiguousSpans: Bool { encoding == .plain && spans == .contiguous }

  /// Where object `position`'s string lies in `bytes`, in a plain column.
  @inline(__always)
  private func span(_ position: Int) -> Range<Int> {
    switch spans {
    case .contiguous:
      return Int(boundaries[position])..<Int(boundaries[position + 1])
    case .scattered:
      let start = starts[position]
      return start..<start + Int(lengths[position])
    }
  }

  /// The string of object `position`.
  func string(at position: Int) -> String {
    switch encoding {
    case .dictionary:
      return entries[Int(codes[position])]
    case .plain:
      return bytes.withUnsafeBufferPointer { buffer in
        String(decoding: UnsafeBufferPointer(rebasing: buffer[span(position)]), as: UTF8.self)
      }
    }
  }

  /// Calls `body` with the UTF-8 bytes of object `position`'s string, read in place.
  @inline(__always)
  func withUTF8<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    switch encoding {
    case .dictionary:
      var entry = entries[Int(codes[position])]
      return entry.withUTF8(body)
    case .plain:
      return bytes.withUnsafeBufferPointer { buffer in
        body(UnsafeBufferPointer(rebasing: buffer[span(position)]))
      }
    }
  }

  mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { append(utf8: $0) }
  }

  /// Whether rows `a` and `b` hold the same bytes: compared by code in a dictionary, whose
  /// strings are distinct.
  @inline(__always)
  func holdsSameBytes(at a: Int, and b: Int) -> Bool {
    switch encoding {
    case .dictionary: return codes[a] == codes[b]
    case .plain:
      let (spanA, spanB) = (span(a), span(b))
      return spanA.count == spanB.count
        && bytes.withUnsafeBufferPointer { $0[spanA].elementsEqual($0[spanB]) }
    }
  }

  /// Appends the string whose UTF-8 bytes are `utf8` (valid UTF-8, at most `UInt32.max`
  /// bytes: see ``fits(length:)``), as a store's reader copies them from the file.
  @inline(__always)
  mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
    if encoding == .dictionary, let code = code(for: utf8) {
      codes.append(code)
      return
    }
    if spans == .contiguous, let end = UInt32(exactly: bytes.count + utf8.count) {
      boundaries.append(end)
    } else {
      scatter()
      starts.append(bytes.count)
      lengths.append(UInt32(utf8.count))
    }
    bytes.append(contentsOf: utf8)
  }

  /// Appends again the string of dictionary code `code`, one ``lastCode`` gave: a reader
  /// that met the same object of a file before appends its string without its bytes.
  @inline(__always)
  mutating func append(code: UInt8) {
    codes.append(code)
  }

  /// The dictionary code of the last string appended; nil for a plain column.
  var lastCode: UInt8? {
    encoding == .dictionary ? codes.last : nil
  }

  /// Appends the strings of `other`, in order: a dictionary's codes through a table from
  /// its codes to this column's, spans by copying their bytes, as a run of rows read apart
  /// is joined to the rows before it.
  mutating func append(contentsOf other: StringColumn) {
    if encoding == .dictionary, other.encoding == .dictionary {
      var mapping: [UInt8] = []
      mapping.reserveCapacity(other.entries.count)
      for var entry in other.entries {
        guard let code = entry.withUTF8({ code(for: $0) }) else { break }
        mapping.append(code)
      }
      if mapping.count == other.entries.count {
        codes.reserveCapacity(codes.count + other.codes.count)
        for code in other.codes { codes.append(mapping[Int(code)]) }
        return
      }
    }
    if encoding == .dictionary { makePlain() }
    guard other.encoding == .plain, other.spans == .contiguous, spans == .contiguous,
      let shift = UInt32(exactly: bytes.count),
      UInt32(exactly: bytes.count + other.bytes.count) != nil
    else {
      for position in 0..<other.count { other.withUTF8(at: position) { append(utf8: $0) } }
      return
    }
    bytes.append(contentsOf: other.bytes)
    boundaries.reserveCapacity(boundaries.count + other.count)
    for end in other.boundaries.dropFirst() { boundaries.append(end + shift) }
  }

  /// Makes room for `count` more strings, and `byteCount` more bytes once plain.
  mutating func reserveCapacity(adding count: Int, bytes byteCount: Int) {
    switch encoding {
    case .dictionary:
      codes.reserveCapacity(codes.count + count)
    case .plain where spans == .contiguous:
      boundaries.reserveCapacity(boundaries.count + count)
      bytes.reserveCapacity(bytes.count + byteCount)
    case .plain:
      starts.reserveCapacity(starts.count + count)
      lengths.reserveCapacity(lengths.count + count)
      bytes.reserveCapacity(bytes.count + byteCount)
    }
  }

  /// The UTF-8 bytes the column holds: a dictionary's entries, or the buffer of spans.
  var byteCount: Int {
    encoding == .dictionary ? entries.reduce(0) { $0 + $1.utf8.count } : bytes.count
  }

  /// Replaces the string of object `position`. A plain column appends the new bytes and
  /// compacts its buffer once replaced strings make up more than half of it.
  mutating func set(_ string: String, at position: Int) {
    var string = string
    string.withUTF8 { set(utf8: $0, at: position) }
  }

  /// Replaces the bytes of object `position` with `utf8` (at most `UInt32.max` bytes).
  mutating func set(utf8: UnsafeBufferPointer<UInt8>, at position: Int) {
    if encoding == .dictionary, let code = code(for: utf8) {
      codes[position] = code
      return
    }
    scatter()
    garbage += Int(lengths[position])
    starts[position] = bytes.count
    lengths[position] = UInt32(utf8.count)
    bytes.append(contentsOf: utf8)
    if garbage > 4096, garbage > bytes.count / 2 { compact() }
  }

  /// The strings of the given positions, in that order.
  func selecting(_ positions: some Sequence<Int>) -> StringColumn {
    var result = StringColumn()
    switch encoding {
    case .dictionary:
      result.entries = entries
      result.codeTable = codeTable
      result.codes = positions.map { codes[$0] }
    case .plain:
      result.encoding = .plain
      for position in positions {
        withUTF8(at: position) { result.append(utf8: $0) }
      }
    }
    return result
  }

  /// Whether both columns are one storage: copies of one column that neither changed
  /// since.
  func sharesStorage(with other: StringColumn) -> Bool {
    encoding == other.encoding && codes.sharesStorage(with: other.codes)
      && entries.sharesStorage(with: other.entries) && bytes.sharesStorage(with: other.bytes)
      && boundaries.sharesStorage(with: other.boundaries)
      && starts.sharesStorage(with: other.starts) && lengths.sharesStorage(with: other.lengths)
  }

  /// Whether a string of `length` UTF-8 bytes fits a span.
  static func fits(length: Int) -> Bool {
    length <= Int(UInt32.max)
  }

  /// The code of a string in the dictionary, adding it when there is room; nil when the
  /// dictionary is full, after the column has turned plain.
  private mutating func code(for utf8: UnsafeBufferPointer<UInt8>) -> UInt8? {
    let (found, slot) = codeTable.find(utf8, in: entries)
    if let found { return found }
    guard entries.count < Self.dictionaryLimit else {
      makePlain()
      return nil
    }
    let code = UInt8(entries.count)
    entries.append(String(decoding: utf8, as: UTF8.self))
    codeTable.insert(code, at: slot)
    return code
  }

  /// Turns a dictionary into spans of one buffer, as a column of many strings is kept.
  private mutating func makePlain() {
    let entryBytes = entries.map { Array($0.utf8) }
    var plain = StringColumn(plainBytes: ())
    plain.boundaries.reserveCapacity(codes.count + 1)
    for code in codes {
      entryBytes[Int(code)].withUnsafeBufferPointer { plain.append(utf8: $0) }
    }
    self = plain
  }

  /// Keeps each span as a start and a length, so that a string can be replaced by bytes
  /// appended to the buffer: what a contiguous column becomes at its first replacement.
  private mutating func scatter() {
    guard spans == .contiguous else { return }
    starts = boundaries.dropLast().map { Int($0) }
    lengths = zip(boundaries.dropFirst(), boundaries).map { $0 - $1 }
    boundaries = []
    spans = .scattered
  }

  /// Rewrites the buffer with only the bytes spans cover.
  private mutating func compact() {
    self = selecting(0..<count)
  }
}

/// The codes of a dictionary's entries by a hash of their UTF-8 bytes: open addressing in
/// a power-of-two table of twice ``StringColumn/dictionaryLimit`` slots, so a string's code
/// is found by hashing and comparing its bytes in place, with no allocation.
private struct CodeTable: Sendable {
  /// Each slot's code plus one; 0 for an empty slot.
  private var slots: [UInt16] = []

  private static let size = 2 * StringColumn.dictionaryLimit

  /// The code of the entry whose bytes are `utf8`, or nil and the slot where it goes.
  @inline(__always)
  func find(_ utf8: UnsafeBufferPointer<UInt8>, in entries: [String]) -> (
    code: UInt8?, slot: Int
  ) {
    guard !slots.isEmpty else { return (nil, Self.slot(Self.hash(utf8))) }
    var slot = Self.slot(Self.hash(utf8))
    while slots[slot] != 0 {
      let code = UInt8(slots[slot] - 1)
      if Self.same(utf8, entries[Int(code)]) { return (code, slot) }
      slot = (slot + 1) & (Self.size - 1)
    }
    return (nil, slot)
  }

  /// Records `code` in the empty slot `find` gave.
  mutating func insert(_ code: UInt8, at slot: Int) {
    if slots.isEmpty { slots = [UInt16](repeating: 0, count: Self.size) }
    slots[slot] = UInt16(code) + 1
  }

  @inline(__always)
  private static func slot(_ hash: UInt64) -> Int {
    Int(truncatingIfNeeded: hash >> 32) & (size - 1)
  }

  /// Whether `entry`'s UTF-8 bytes are `utf8`.
  @inline(__always)
  private static func same(_ utf8: UnsafeBufferPointer<UInt8>, _ entry: String) -> Bool {
    var entry = entry
    return entry.withUTF8 { $0.elementsEqual(utf8) }
  }

  /// A hash of bytes, eight at a time (multiply and fold, as wyhash and FxHash mix).
  @inline(__always)
  private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let raw = UnsafeRawBufferPointer(utf8)
    var hash = UInt64(truncatingIfNeeded: raw.count) &* 0x9E37_79B9_7F4A_7C15
    var i = 0
    while i + 8 <= raw.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
      hash ^= hash >> 29
      i += 8
    }
    var tail: UInt64 = 0
    while i < raw.count {
      tail = tail << 8 | UInt64(raw[i])
      i += 1
    }
    hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
    return hash ^ hash >> 32
  }
}
