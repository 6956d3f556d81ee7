import Foundation

/// The order of two numbers held in different representations, without rounding: an
/// Int64 is never converted to a Double it may not fit (9007199254740993 is not
/// 9007199254740992), as GRDB and SQLite compare integers with reals.
enum NumericOrder {
  /// `2^63`, the first Double above every Int64.
  private static let twoToThe63 = 9_223_372_036_854_775_808.0

  /// The largest magnitude below which every integer is a Double exactly: `2^53`.
  static let exactDoubleIntegers: Int64 = 1 << 53

  /// The order of an integer and a Double, exactly; nil when the Double is NaN.
  static func compare(_ i: Int64, _ d: Double) -> ComparisonResult? {
    if d.isNaN { return nil }
    if d >= twoToThe63 { return .orderedAscending }
    if d < -twoToThe63 { return .orderedDescending }
    let whole = d.rounded(.towardZero)
    let j = Int64(whole)
    if i != j { return i < j ? .orderedAscending : .orderedDescending }
    let fraction = d - whole
    return fraction > 0 ? .orderedAscending : (fraction < 0 ? .orderedDescending : .orderedSame)
  }

  /// The order of two values that are both numbers (integers, Doubles, Decimals and
  /// Booleans as 0 and 1); nil when either is not a number, or is NaN.
  static func compare(_ a: Value, _ b: Value) -> ComparisonResult? {
    switch (a, b) {
    case (.int(let x), .int(let y)): return order(x, y)
    case (.int(let x), .double(let y)): return compare(x, y)
    case (.double(let x), .int(let y)): return compare(y, x).map(reversed)
    case (.double(let x), .double(let y)): return x.isNaN || y.isNaN ? nil : order(x, y)
    case (.decimal(let x), .decimal(let y)): return order(x, y)
    case (.decimal(let x), .int(let y)): return order(x, Decimal(y))
    case (.int(let x), .decimal(let y)): return order(Decimal(x), y)
    case (.decimal(let x), .double(let y)): return compare(decimal: x, double: y)
    case (.double(let x), .decimal(let y)): return compare(decimal: y, double: x).map(reversed)
    case (.bool(let x), _): return compare(.int(x ? 1 : 0), b)
    case (_, .bool(let y)): return compare(a, .int(y ? 1 : 0))
    default:
      guard let x = a.numericValue, let y = b.numericValue, !x.isNaN, !y.isNaN else { return nil }
      return order(x, y)
    }
  }

  /// The order of a Decimal and a Double as the Decimal against the Double's shortest
  /// digits, the number it was written as: 3.3333333333 typed or read as a Double equals the
  /// Decimal 3.3333333333, as it reads back (``Decimal/nearestDouble``) as that Double. A
  /// Double beyond Decimal's range is compared as a Double.
  private static func compare(decimal x: Decimal, double y: Double) -> ComparisonResult? {
    guard !x.isNaN, !y.isNaN else { return nil }
    switch Decimal.converting(y) {
    case .success(let decimal): return order(x, decimal)
    case .failure: return order(x.nearestDouble, y)
    }
  }

  private static func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
    x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
  }

  private static func reversed(_ order: ComparisonResult) -> ComparisonResult {
    switch order {
    case .orderedAscending: return .orderedDescending
    case .orderedDescending: return .orderedAscending
    case .orderedSame: return .orderedSame
    }
  }
}
