import Foundation

/// One ``Column`` filled row by row from unboxed values, as a store file or a property list
/// is read: integers, reals, Booleans and dates straight into their arrays and nil rows
/// into the bitmap, strings, data and URIs from their bytes into a ``StringColumn``, colors
/// as integers, so that no ``Value`` is made for them. Values of other types are kept boxed.
///
/// Runs of rows built apart (on several threads) are joined in order with
/// ``append(contentsOf:)``, and ``column()`` gives the column that appending the same
/// values one at a time (``Column/append(_:)``) would have made.
struct ColumnBuilder: Sendable {
  /// The kind of the column's values, chosen before the first row.
  private(set) var kind: ColumnKind
  private(set) var count = 0
  /// Whether strings, URIs or data are kept as spans (no longer in a dictionary).
  var isPlain: Bool { strings.encoding == .plain }
  private var integers: [Int64] = []
  private var reals: [Double] = []
  private var booleans: [Bool] = []
  private var strings = StringColumn()
  private var values: [Value] = []
  /// The nil rows; its capacity grows with the nil rows, up to `count` in ``column()``.
  private var nulls = BitSet(capacity: 0)
  private var nullCount = 0
  /// The rows the column is expected to hold in the end.
  private let expectedRows: Int
  /// Whether room for the strings' bytes was made.
  private var reservedBytes = false
  /// The strings appended by ``append(utf8:object:)`` while they are kept in a dictionary:
  /// the object each came from and its code, in the slot of the object's number modulo
  /// the table's size (empty until the first such string).
  private var codesByObject: [(object: Int, code: UInt8)] = []

  /// An empty column of `kind`, with room for `capacity` rows.
  ///
  /// - Parameters:
  ///   - plain: whether strings or URIs are kept as spans from the first row, not in a
  ///     dictionary: for rows that follow rows already held as spans (a joined column stays
  ///     plain), so that ``column()`` is the same either way.
  ///   - bytes: room to make for the bytes of strings, URIs or data kept as spans, so that
  ///     a run of rows whose size is known from the run before it fills its buffer without
  ///     growing it step by step.
  init(_ kind: ColumnKind, capacity: Int = 0, plain: Bool = false, bytes: Int = 0) {
    self.kind = kind
    expectedRows = capacity
    switch kind {
    case .integers, .colors: integers.reserveCapacity(capacity)
    case .reals, .dates: reals.reserveCapacity(capacity)
    case .booleans: booleans.reserveCapacity(capacity)
    case .strings, .uris:
      if plain { strings = StringColumn(plainBytes: ()) }
      strings.reserveCapacity(adding: capacity, bytes: bytes)
    case .data:
      strings = StringColumn(plainBytes: ())
      strings.reserveCapacity(adding: capacity, bytes: bytes)
    case .values: values.reserveCapacity(capacity)
    case .nulls: break
    }
  }

  /// The bytes of strings, URIs or data a row holds on average, an eighth more, rounded
  /// up: room for rows like these (0 for a column holding none).
  var bytesPerRow: Int {
    count == 0 ? 0 : (strings.byteCount + strings.byteCount / 8 + count - 1) / count
  }

  /// Adds a nil row.
  @inline(__always)
  mutating func appendNull() {
    switch kind {
    case .integers, .colors: integers.append(0)
    case .reals, .dates: reals.append(0)
    case .booleans: booleans.append(false)
    case .strings, .data, .uris: strings.append(utf8: UnsafeBufferPointer(start: nil, count: 0))
    case .nulls: break
    case .values:
      values.append(.null)
      count += 1
      return
    }
    nulls.grow(to: count + 1)
    nulls.insert(count)
    nullCount += 1
    count += 1
  }

  /// Adds an integer to a column of integers.
  @inline(__always)
  mutating func append(integer: Int64) {
    guard kind == .integers else { return appendBoxed(.int(integer)) }
    integers.append(integer)
    count += 1
  }

  /// Adds a real to a column of reals, or seconds since the reference date to one of dates.
  @inline(__always)
  mutating func append(real: Double) {
    guard kind == .reals || kind == .dates else { return appendBoxed(.double(real)) }
    reals.append(real)
    count += 1
  }

  /// Adds a Boolean to a column of Booleans.
  @inline(__always)
  mutating func append(bool: Bool) {
    guard kind == .booleans else { return appendBoxed(.bool(bool)) }
    booleans.append(bool)
    count += 1
  }

  /// Adds the string whose UTF-8 bytes are `utf8` (valid UTF-8) to a column of strings.
  @inline(__always)
  mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
    guard kind == .strings, StringColumn.fits(length: utf8.count) else {
      return appendBoxed(.string(String(decoding: utf8, as: UTF8.self)))
    }
    strings.append(utf8: utf8)
    count += 1
  }

  /// Adds the string whose UTF-8 bytes are `utf8` (valid UTF-8), read from the object
  /// `object` of a file in which an object always holds the same string, and remembers its
  /// code for ``appendString(ofObject:)``.
  @inline(__always)
  mutating func append(utf8: UnsafeBufferPointer<UInt8>, object: Int) {
    append(utf8: utf8)
    guard kind == .strings, let code = strings.lastCode else { return }
    if codesByObject.isEmpty {
      codesByObject = Array(repeating: (-1, 0), count: Self.objectSlots)
    }
    codesByObject[object & (Self.objectSlots - 1)] = (object, code)
  }

  /// Adds the string of the object `object` again when ``append(utf8:object:)`` took it
  /// into the dictionary and it is still remembered, without reading its bytes; false
  /// (nothing added) otherwise.
  @inline(__always)
  mutating func appendString(ofObject object: Int) -> Bool {
    guard !codesByObject.isEmpty, kind == .strings, !isPlain else { return false }
    let slot = codesByObject[object & (Self.objectSlots - 1)]
    guard slot.object == object else { return false }
    strings.append(code: slot.code)
    count += 1
    return true
  }

  /// The slots of ``codesByObject``: as many as a dictionary holds strings.
  private static let objectSlots = StringColumn.dictionaryLimit

  /// Adds the bytes of a data value to a column of data.
  @inline(__always)
  mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
    guard kind == .data, bytes.count <= Column.largestUnboxedData else {
      return appendBoxed(.data(Data(bytes)))
    }
    strings.append(utf8: bytes)
    count += 1
  }

  /// Adds a URI to a column of URIs.
  @inline(__always)
  mutating func append(uri: URI) {
    var text = uri.absoluteString
    guard kind == .uris, StringColumn.fits(length: text.utf8.count) else {
      return appendBoxed(.uri(uri))
    }
    text.withUTF8 { strings.append(utf8: $0) }
    count += 1
  }

  /// Adds the URI whose UTF-8 bytes are `utf8`, already known to be a valid URI's text, to
  /// a column of URIs.
  @inline(__always)
  mutating func append(uriUTF8 utf8: UnsafeBufferPointer<UInt8>) {
    guard kind == .uris, StringColumn.fits(length: utf8.count) else {
      return appendBoxed(.uri(URI(validated: String(decoding: utf8, as: UTF8.self))))
    }
    strings.append(utf8: utf8)
    count += 1
  }

  /// Adds a color to a column of colors.
  @inline(__always)
  mutating func append(color: Color) {
    guard kind == .colors else { return appendBoxed(.color(color)) }
    integers.append(Column.packed(color))
    count += 1
  }

  /// Adds any value: unboxed when it is nil or of the column's kind, boxed otherwise (a
  /// value of another type turns the column into one of values, as ``Column`` turns).
  mutating func append(_ value: Value) {
    switch (kind, value) {
    case (_, .null): appendNull()
    case (.integers, .int(let v)): append(integer: v)
    case (.reals, .double(let v)): append(real: v)
    case (.dates, .date(let v)): append(real: v.timeIntervalSinceReferenceDate)
    case (.booleans, .bool(let v)): append(bool: v)
    case (.strings, .string(var v)): v.withUTF8 { append(utf8: $0) }
    case (.data, .data(let v)):
      v.withUnsafeBytes { append(bytes: $0.assumingMemoryBound(to: UInt8.self)) }
    case (.uris, .uri(let v)): append(uri: v)
    case (.colors, .color(let v)): append(color: v)
    default: appendBoxed(value)
    }
  }

  /// Adds a value boxed, turning the column into one of values first: for a value its kind
  /// cannot hold, or one whose storage should be shared with other rows' (a data value a
  /// file refers to from many rows, which unboxed would be copied into every row).
  mutating func appendBoxed(_ value: Value) {
    if kind != .values { makeValues() }
    values.append(value)
    count += 1
  }

  /// Adds the rows of `other`, a column of the same kind, after this one's.
  mutating func append(contentsOf other: ColumnBuilder) {
    if kind != other.kind {
      if kind != .values { makeValues() }
      values.reserveCapacity(count + other.count)
      let column = other.column()
      for position in 0..<other.count { values.append(column.value(at: position)) }
      count += other.count
      return
    }
    switch kind {
    case .integers, .colors: integers.append(contentsOf: other.integers)
    case .reals, .dates: reals.append(contentsOf: other.reals)
    case .booleans: booleans.append(contentsOf: other.booleans)
    case .strings, .data, .uris:
      strings.append(contentsOf: other.strings)
      let rest = expectedRows - count - other.count
      if !reservedBytes, strings.encoding == .plain, other.strings.encoding == .plain, rest > 0 {
        // Room for the rows still expected at this run's bytes a row and an eighth more,
        // so the buffer of a column of a million names is allocated about once instead of
        // being doubled (and copied) twenty times.
        reservedBytes = true
        let perRow = Double(other.strings.byteCount) / Double(other.count)
        strings.reserveCapacity(adding: rest, bytes: Int(perRow * Double(rest) * 1.125))
      }
    case .values: values.append(contentsOf: other.values)
    case .nulls: break
    }
    if other.nullCount > 0 {
      nulls.grow(to: count + other.count)
      for member in other.nulls.members { nulls.insert(count + member) }
      nullCount += other.nullCount
    }
    count += other.count
  }

  /// The column: of nil rows when every row is, of the kind's type otherwise.
  func column() -> Column {
    guard nullCount < count else { return Column(nulls: count) }
    var nulls = nulls
    nulls.grow(to: count)
    switch kind {
    case .integers:
      return Column(
        kind: .integers, count: count, integers: integers, nulls: nulls, nullCount: nullCount)
    case .reals:
      return Column(kind: .reals, count: count, reals: reals, nulls: nulls, nullCount: nullCount)
    case .dates:
      return Column(kind: .dates, count: count, reals: reals, nulls: nulls, nullCount: nullCount)
    case .booleans:
      return Column(
        kind: .booleans, count: count, booleans: booleans, nulls: nulls, nullCount: nullCount)
    case .strings:
      return Column(
        kind: .strings, count: count, strings: strings, nulls: nulls, nullCount: nullCount)
    case .data:
      return Column(kind: .data, count: count, strings: strings, nulls: nulls, nullCount: nullCount)
    case .uris:
      return Column(kind: .uris, count: count, strings: strings, nulls: nulls, nullCount: nullCount)
    case .colors:
      return Column(
        kind: .colors, count: count, integers: integers, nulls: nulls, nullCount: nullCount)
    case .nulls:
      return Column(nulls: count)
    case .values:
      guard values.contains(where: { !$0.isNull }) else { return Column(nulls: count) }
      return Column(
        kind: .values, count: count, values: values, nulls: BitSet(capacity: 0), nullCount: 0)
    }
  }

  /// Turns the column into one of boxed values.
  private mutating func makeValues() {
    let column = column()
    var boxed: [Value] = []
    boxed.reserveCapacity(count + 1)
    for position in 0..<count { boxed.append(column.value(at: position)) }
    self = ColumnBuilder(.values)
    values = boxed
    count = boxed.count
  }
}
