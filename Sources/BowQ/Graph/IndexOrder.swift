import Foundation

/// The order an ordered index keeps its values in, which is the order the predicate engine
/// compares them in (``ValueComparison``): numbers by value exactly, integers against
/// floating values included (``NumericOrder``), dates chronologically, strings by UTF-16
/// code unit.
///
/// Only values the engine orders the same way every time have a place in the order: nil
/// and NaN are kept apart by the index, and strings count as exact only while they are in
/// Unicode's composed normal form, NFC. The engine takes two spellings of `é` — U+00E9, and
/// `e` followed by U+0301 — for equal (Swift's `==`, canonical equivalence) while their code
/// units differ; among strings in NFC two are canonically equivalent only when they are the
/// same code units, so there code-unit order is the engine's order, and equality its equality.
enum IndexOrder {
  /// Whether `value` has a place in the order.
  static func isOrdered(_ value: Value) -> Bool {
    switch value {
    case .int, .bool, .string, .date: return true
    case .double(let d): return !d.isNaN
    case .decimal(let d): return !d.isNaN
    default: return false
    }
  }

  /// Whether a string is ASCII: its bytes read eight at a time where they lie in one piece
  /// (every string of Swift's own), which an index's first use asks of each of its entries.
  static func isASCII(_ s: String) -> Bool {
    s.utf8.withContiguousStorageIfAvailable { UnsafeRawBufferPointer($0).isASCII }
      ?? s.utf8.allSatisfy { $0 < 0x80 }
  }

  /// Whether a string is in NFC, where code-unit order and the engine's equality agree. A
  /// string of scalars below U+0300 (ASCII, Latin-1 and the Latin extensions: "Crème
  /// Brûlée") is, and is told by its bytes alone — every byte below 0xCC, the lead byte of
  /// U+0300, the first combining mark; none of those scalars is a mark or decomposes to
  /// others. Any other string is compared with its composed form.
  static func isNFC(_ s: String) -> Bool {
    isASCII(s) || s.utf8.allSatisfy { $0 < 0xCC }
      || s.precomposedStringWithCanonicalMapping.utf8.elementsEqual(s.utf8)
  }

  /// The order of two ordered values. Values of different kinds (which one attribute never
  /// holds) are ordered by kind, so that the order stays total.
  static func compare(_ a: Value, _ b: Value) -> ComparisonResult {
    switch (a, b) {
    case (.string(let x), .string(let y)): return compareUTF16(x, y)
    case (.date(let x), .date(let y)):
      return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
    case (.int(let x), .int(let y)):
      return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
    default:
      if let order = NumericOrder.compare(a, b) { return order }
      let (x, y) = (rank(a), rank(b))
      return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
    }
  }

  /// Lexicographic order of compound values, over their first `depth` values (all of them
  /// by default); a nil after the first value goes first.
  static func compare(_ a: IndexValues, _ b: IndexValues, depth: Int = .max) -> ComparisonResult {
    let first = compare(a.first, b.first)
    if first != .orderedSame || a.rest.isEmpty { return first }
    for (x, y) in zip(a.rest, b.rest).prefix(depth - 1) {
      let order = compareAfterFirst(x, y)
      if order != .orderedSame { return order }
    }
    return .orderedSame
  }

  /// The order of compound values and the leading values `prefix` of others: over as many
  /// values as `prefix` holds, so that every value extending the prefix compares the same.
  static func compare(_ values: IndexValues, prefix: [Value]) -> ComparisonResult {
    guard let head = prefix.first else { return .orderedSame }
    let first = compare(values.first, head)
    if first != .orderedSame { return first }
    for (x, y) in zip(values.rest, prefix.dropFirst()) {
      let order = compareAfterFirst(x, y)
      if order != .orderedSame { return order }
    }
    return .orderedSame
  }

  /// The order of two values after the first of an index, where nil goes first.
  private static func compareAfterFirst(_ x: Value, _ y: Value) -> ComparisonResult {
    switch (x.isNull, y.isNull) {
    case (true, true): return .orderedSame
    case (true, false): return .orderedAscending
    case (false, true): return .orderedDescending
    case (false, false): return compare(x, y)
    }
  }

  /// Whether a value after the first of an index keeps the index's order from being the
  /// engine's: NaN, which the order cannot place, or a string not in NFC.
  static func isInexact(_ value: Value) -> Bool {
    switch value {
    case .string(let s): return !isNFC(s)
    case .double(let d): return d.isNaN
    case .decimal(let d): return d.isNaN
    default: return false
    }
  }

  private static func rank(_ value: Value) -> Int {
    switch value {
    case .int, .double, .decimal, .bool: return 0
    case .date: return 1
    case .string: return 2
    default: return 3
    }
  }

  /// The order of a string and the strings that begin with `prefix`, as a block of the
  /// order: the same when it begins with the prefix (code unit for code unit).
  static func compare(_ s: String, toStringsBeginningWith prefix: String) -> ComparisonResult {
    s.utf8.starts(with: prefix.utf8) ? .orderedSame : compareUTF16(s, prefix)
  }

  /// Strings by UTF-16 code unit, read from their UTF-8 bytes: the two orders agree except
  /// where a character of U+E000–U+FFFF meets one beyond U+FFFF (a surrogate pair in
  /// UTF-16), which the first differing lead bytes tell.
  static func compareUTF16(_ a: String, _ b: String) -> ComparisonResult {
    var x = a.utf8.makeIterator()
    var y = b.utf8.makeIterator()
    while true {
      switch (x.next(), y.next()) {
      case (nil, nil): return .orderedSame
      case (nil, _): return .orderedAscending
      case (_, nil): return .orderedDescending
      case (let p?, let q?) where p != q:
        if p >= 0xF0, (0xEE...0xEF).contains(q) { return .orderedAscending }
        if q >= 0xF0, (0xEE...0xEF).contains(p) { return .orderedDescending }
        return p < q ? .orderedAscending : .orderedDescending
      default: continue
      }
    }
  }
}

/// The values of an object an index keeps: its first attribute's, then the others' of a
/// compound index (empty for an index of one attribute, so that it takes no allocation).
struct IndexValues: Sendable {
  var first: Value
  var rest: [Value]

  /// The values of the slots `slots` in `row`.
  init(_ row: [Value], slots: [Int]) {
    first = row[slots[0]]
    rest = slots.dropFirst().map { row[$0] }
  }

  init(first: Value, rest: [Value] = []) {
    self.first = first
    self.rest = rest
  }
}
