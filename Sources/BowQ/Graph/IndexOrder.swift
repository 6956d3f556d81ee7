import Foundation

/// The order an ordered index keeps its values in, which is the order the predicate engine
/// compares them in (``ValueComparison``): numbers by value exactly, integers against
/// floating values included (``NumericOrder``), dates chronologically, strings by UTF-16
/// code unit.
///
/// Only values the engine orders the same way every time have a place in the order: nil
/// and NaN are kept apart by the index, and strings count as exact only while they are
/// ASCII (two spellings of `é` are equal to the engine but not code unit for code unit).
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

  /// Whether a string is ASCII, where code-unit order and the engine's equality agree.
  static func isASCII(_ s: String) -> Bool {
    s.utf8.allSatisfy { $0 < 0x80 }
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
  /// engine's: NaN, which the order cannot place, or a string that is not ASCII.
  static func isInexact(_ value: Value) -> Bool {
    switch value {
    case .string(let s): return !isASCII(s)
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
