import Foundation

/// The values of one slot (an attribute or a relationship) of every object of an entity,
/// stored by type as DuckDB and Realm store theirs: integers, reals, Booleans and dates
/// (seconds since the reference date) as unboxed arrays with a bitmap of the nil rows,
/// strings and URIs as UTF-8 bytes (``StringColumn``), colors as integers, and any other
/// value as a ``Value``. A column read from a file (``ColumnBuilder``) also keeps data as
/// bytes; one built by appending keeps data boxed, so that rows given one data value (as
/// `update … set photoData = …` gives it) share its storage instead of each copying it.
///
/// A column takes its form from the values it is given: a column that has held only nil
/// waits for its first value to choose, and a value that does not fit the form chosen (an
/// integer among reals, a string among integers) turns the column into one of ``Value``s,
/// so that every value reads back exactly as it was stored.
struct Column: Sendable {
  private(set) var kind = ColumnKind.nulls
  private(set) var count = 0
  private(set) var integers: [Int64] = []
  private(set) var reals: [Double] = []
  private(set) var booleans: [Bool] = []
  private(set) var strings = StringColumn()
  private(set) var values: [Value] = []
  /// The nil rows of a typed column, which hold a placeholder (0, false, ""); its capacity
  /// is the column's count.
  private(set) var nulls = BitSet(capacity: 0)
  /// How many rows `nulls` holds.
  private(set) var nullCount = 0

  /// An empty column.
  init() {}

  /// A column of `count` nil rows.
  init(nulls count: Int) {
    self.count = count
  }

  /// A typed column of `count` rows from its parts, as ``ColumnBuilder`` fills them: the
  /// array `kind` uses holds `count` values, and `nulls` (of capacity `count`) the
  /// `nullCount` nil rows, which hold placeholders there.
  init(
    kind: ColumnKind, count: Int, integers: [Int64] = [], reals: [Double] = [],
    booleans: [Bool] = [], strings: StringColumn = StringColumn(), values: [Value] = [],
    nulls: BitSet, nullCount: Int
  ) {
    self.kind = kind
    self.count = count
    self.integers = integers
    self.reals = reals
    self.booleans = booleans
    self.strings = strings
    self.values = values
    self.nulls = nulls
    self.nullCount = nullCount
  }

  /// Whether row `position` is nil.
  @inline(__always)
  func isNull(at position: Int) -> Bool {
    switch kind {
    case .nulls: return true
    case .values: return values[position].isNull
    default: return nullCount > 0 && nulls.contains(position)
    }
  }

  /// The value of row `position`.
  func value(at position: Int) -> Value {
    switch kind {
    case .nulls: return .null
    case .values: return values[position]
    default:
      if nullCount > 0, nulls.contains(position) { return .null }
      switch kind {
      case .integers: return .int(integers[position])
      case .reals: return .double(reals[position])
      case .booleans: return .bool(booleans[position])
      case .dates: return .date(Date(timeIntervalSinceReferenceDate: reals[position]))
      case .data: return .data(strings.withUTF8(at: position) { Data($0) })
      case .uris: return .uri(URI(validated: strings.string(at: position)))
      case .colors: return .color(Self.color(integers[position]))
      default: return .string(strings.string(at: position))
      }
    }
  }

  /// Appends the rows of `other`, in order, as as many ``append(_:)`` calls would: a column
  /// of the same typed form by its arrays (strings, URIs and data by their bytes) and nil
  /// bitmap, any other value by value.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it, with rows already appended.
  mutating func append(contentsOf other: Column) throws(Interrupted) {
    guard kind == other.kind, kind != .nulls, kind != .values else {
      for position in 0..<other.count {
        try Interrupt.check(every: position)
        append(other.value(at: position))
      }
      return
    }
    switch kind {
    case .integers, .colors: integers.append(contentsOf: other.integers)
    case .reals, .dates: reals.append(contentsOf: other.reals)
    case .booleans: booleans.append(contentsOf: other.booleans)
    case .strings, .uris, .data: strings.append(contentsOf: other.strings)
    case .nulls, .values: break
    }
    nulls.grow(to: count + other.count)
    if other.nullCount > 0 {
      for member in other.nulls.members { nulls.insert(count + member) }
      nullCount += other.nullCount
    }
    count += other.count
  }

  /// Adds a row at the end.
  mutating func append(_ value: Value) {
    if kind == .nulls, !value.isNull { choose(for: value) }
    guard fits(value) else {
      makeValues()
      values.append(value)
      count += 1
      return
    }
    switch kind {
    case .values: values.append(value)
    case .nulls: break
    default:
      nulls.grow(to: count + 1)
      if value.isNull {
        nulls.insert(count)
        nullCount += 1
      }
      appendUnboxed(value)
    }
    count += 1
  }

  /// Replaces the value of row `position`.
  mutating func set(_ value: Value, at position: Int) {
    if kind == .nulls, !value.isNull { choose(for: value) }
    guard fits(value) else {
      makeValues()
      values[position] = value
      return
    }
    switch kind {
    case .values: values[position] = value
    case .nulls: break
    default:
      let wasNull = nullCount > 0 && nulls.contains(position)
      if value.isNull, !wasNull {
        nulls.grow(to: count)
        nulls.insert(position)
        nullCount += 1
      } else if !value.isNull, wasNull {
        nulls.remove(position)
        nullCount -= 1
      }
      setUnboxed(value, at: position)
    }
  }

  /// The rows at the given positions, in that order.
  func selecting(_ positions: [Int]) -> Column {
    var result = Column()
    result.kind = kind
    result.count = positions.count
    switch kind {
    case .nulls: break
    case .values: result.values = positions.map { values[$0] }
    case .integers, .colors: result.integers = positions.map { integers[$0] }
    case .reals, .dates: result.reals = positions.map { reals[$0] }
    case .booleans: result.booleans = positions.map { booleans[$0] }
    case .strings, .data, .uris: result.strings = strings.selecting(positions)
    }
    result.nulls = BitSet(capacity: positions.count)
    if nullCount > 0 {
      for (index, position) in positions.enumerated() where nulls.contains(position) {
        result.nulls.insert(index)
        result.nullCount += 1
      }
    }
    return result
  }

  /// Whether two columns hold equal values row by row, whatever their forms.
  func holdsSameValues(as other: Column) -> Bool {
    guard count == other.count else { return false }
    if kind == other.kind, nullCount == 0, other.nullCount == 0 {
      switch kind {
      case .nulls: return true
      case .integers: return integers == other.integers
      case .reals, .dates: return reals == other.reals
      case .booleans: return booleans == other.booleans
      default: break
      }
    }
    return (0..<count).allSatisfy { value(at: $0) == other.value(at: $0) }
  }

  /// Whether row `position` holds the value row `otherPosition` of `other` holds, read in
  /// place where both columns have the same typed form.
  func holdsSameValue(at position: Int, as other: Column, at otherPosition: Int) -> Bool {
    guard kind == other.kind, kind != .values, kind != .nulls else {
      return value(at: position) == other.value(at: otherPosition)
    }
    let null = isNull(at: position)
    guard null == other.isNull(at: otherPosition) else { return false }
    if null { return true }
    switch kind {
    case .integers, .colors: return integers[position] == other.integers[otherPosition]
    case .reals, .dates: return reals[position] == other.reals[otherPosition]
    case .booleans: return booleans[position] == other.booleans[otherPosition]
    default:
      let sameBytes = strings.withUTF8(at: position) { mine in
        other.strings.withUTF8(at: otherPosition) { theirs in mine.elementsEqual(theirs) }
      }
      // Strings of different bytes may still be equal `Value`s (canonically equivalent).
      return sameBytes || value(at: position) == other.value(at: otherPosition)
    }
  }

  /// Whether rows `a` and `b` of the column hold the same value, read in place where the
  /// column is typed: a dictionary of strings compares two codes.
  func holdsSameValue(at a: Int, and b: Int) -> Bool {
    guard kind != .values, kind != .nulls else { return value(at: a) == value(at: b) }
    let null = isNull(at: a)
    guard null == isNull(at: b) else { return false }
    if null { return true }
    switch kind {
    case .integers, .colors: return integers[a] == integers[b]
    case .reals, .dates: return reals[a] == reals[b]
    case .booleans: return booleans[a] == booleans[b]
    default:
      // Strings of different bytes may still be equal `Value`s (canonically equivalent).
      return strings.holdsSameBytes(at: a, and: b) || value(at: a) == value(at: b)
    }
  }

  /// Whether both columns are one and the same storage: copies of one column that neither
  /// changed since, as the columns of a snapshot an edit did not touch are. Equal columns
  /// stored apart are not.
  func sharesStorage(with other: Column) -> Bool {
    kind == other.kind && count == other.count && nullCount == other.nullCount
      && (nullCount == 0 || nulls.sharesStorage(with: other.nulls))
      && integers.sharesStorage(with: other.integers) && reals.sharesStorage(with: other.reals)
      && booleans.sharesStorage(with: other.booleans) && values.sharesStorage(with: other.values)
      && strings.sharesStorage(with: other.strings)
  }

  /// Picks the typed form of a column that has held only nil, for its first value.
  private mutating func choose(for value: Value) {
    switch value {
    case .int: kind = .integers
    case .double: kind = .reals
    case .bool: kind = .booleans
    case .date: kind = .dates
    case .string: kind = .strings
    case .uri: kind = .uris
    case .color: kind = .colors
    default:
      kind = .values
      values = Array(repeating: .null, count: count)
      return
    }
    nulls = BitSet(capacity: count, full: true)
    nullCount = count
    for _ in 0..<count { appendUnboxed(.null) }
  }

  /// Whether `value` can be stored in the column's form.
  private func fits(_ value: Value) -> Bool {
    switch (kind, value) {
    case (_, .null), (.values, _), (.integers, .int), (.reals, .double), (.booleans, .bool),
      (.dates, .date):
      return true
    case (.strings, .string(let s)): return StringColumn.fits(length: s.utf8.count)
    case (.data, .data(let d)): return d.count <= Self.largestUnboxedData
    case (.uris, .uri(let u)): return StringColumn.fits(length: u.absoluteString.utf8.count)
    case (.colors, .color): return true
    default: return false
    }
  }

  /// Appends a value the form holds, or the placeholder for nil.
  private mutating func appendUnboxed(_ value: Value) {
    switch (kind, value) {
    case (.integers, .int(let v)): integers.append(v)
    case (.integers, _): integers.append(0)
    case (.reals, .double(let v)): reals.append(v)
    case (.dates, .date(let v)): reals.append(v.timeIntervalSinceReferenceDate)
    case (.reals, _), (.dates, _): reals.append(0)
    case (.booleans, .bool(let v)): booleans.append(v)
    case (.booleans, _): booleans.append(false)
    case (.strings, .string(let v)): strings.append(v)
    case (.uris, .uri(let v)): strings.append(v.absoluteString)
    case (.data, .data(let v)):
      v.withUnsafeBytes { strings.append(utf8: $0.assumingMemoryBound(to: UInt8.self)) }
    case (.strings, _), (.uris, _), (.data, _): strings.append("")
    case (.colors, .color(let v)): integers.append(Self.packed(v))
    case (.colors, _): integers.append(0)
    case (.nulls, _), (.values, _): break
    }
  }

  private mutating func setUnboxed(_ value: Value, at position: Int) {
    switch (kind, value) {
    case (.integers, .int(let v)): integers[position] = v
    case (.integers, _): integers[position] = 0
    case (.reals, .double(let v)): reals[position] = v
    case (.dates, .date(let v)): reals[position] = v.timeIntervalSinceReferenceDate
    case (.reals, _), (.dates, _): reals[position] = 0
    case (.booleans, .bool(let v)): booleans[position] = v
    case (.booleans, _): booleans[position] = false
    case (.strings, .string(let v)): strings.set(v, at: position)
    case (.uris, .uri(let v)): strings.set(v.absoluteString, at: position)
    case (.data, .data(let v)):
      v.withUnsafeBytes { strings.set(utf8: $0.assumingMemoryBound(to: UInt8.self), at: position) }
    case (.strings, _), (.uris, _), (.data, _): strings.set("", at: position)
    case (.colors, .color(let v)): integers[position] = Self.packed(v)
    case (.colors, _): integers[position] = 0
    case (.nulls, _), (.values, _): break
    }
  }

  /// The most bytes a data value kept unboxed may have. Unboxed, each row holds its own
  /// copy of the bytes, where boxed rows given one value share it: past this size a column
  /// of data turns boxed, so that one large value set on a million rows stays one value.
  static let largestUnboxedData = 256

  /// A color as `0xRRGGBB`, as a column of colors holds it.
  static func packed(_ color: Color) -> Int64 {
    Int64(color.red) << 16 | Int64(color.green) << 8 | Int64(color.blue)
  }

  /// The color `0xRRGGBB` stands for.
  static func color(_ packed: Int64) -> Color {
    Color(
      red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
      blue: UInt8(truncatingIfNeeded: packed))
  }

  /// Turns the column into one of boxed values, for a value its form cannot hold.
  private mutating func makeValues() {
    guard kind != .values else { return }
    var boxed: [Value] = []
    boxed.reserveCapacity(count + 1)
    for position in 0..<count { boxed.append(value(at: position)) }
    self = Column()
    kind = .values
    values = boxed
    count = boxed.count
  }
}
