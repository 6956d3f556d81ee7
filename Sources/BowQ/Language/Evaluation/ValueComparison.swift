import Foundation

/// How NSPredicate compares two values: equality, ordering and the string operators, with
/// the `[cd]` options.
enum ValueComparison {
  /// `==`: numbers and Booleans by value without rounding (``NumericOrder``), strings with the options, nil equal only to nil;
  /// values of different kinds are simply unequal.
  static func equal(_ a: Value, _ b: Value, options: StringOptions) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.null, _), (_, .null): return false
    case (.string(let x), .string(let y)):
      return options.isEmpty ? x == y : fold(x, options) == fold(y, options)
    case (.int(let x), .int(let y)): return x == y
    case (.date(let x), .date(let y)): return x == y
    case (.collection(let x), .collection(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1, options: options) }
    default:
      if a.numericValue != nil, b.numericValue != nil {
        return NumericOrder.compare(a, b) == .orderedSame
      }
      return a == b
    }
  }

  /// The order of two values for `<`, `>`, BETWEEN and sorting. Numbers by value exactly
  /// (``NumericOrder``; NaN is neither below nor above anything), dates
  /// chronologically, strings by UTF-16 code unit (or folded with options). Values of
  /// different kinds cannot be ordered: that is an error, as in Foundation.
  static func order(_ a: Value, _ b: Value, options: StringOptions, range: SourceRange)
    throws(EvaluationError) -> ComparisonResult
  {
    switch (a, b) {
    case (.string(let x), .string(let y)):
      let (l, r) = options.isEmpty ? (x, y) : (fold(x, options), fold(y, options))
      return compareUTF16(l, r)
    case (.int(let x), .int(let y)):
      return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
    case (.date(let x), .date(let y)):
      return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
    default:
      if a.numericValue != nil, b.numericValue != nil {
        return NumericOrder.compare(a, b) ?? .orderedSame
      }
      throw EvaluationError(
        "cannot order \(ValueType(of: a)) (\(a.literalText)) against \(ValueType(of: b)) (\(b.literalText))",
        at: range)
    }
  }

  /// NSString's `compare:`: by UTF-16 code unit, so `"XYZ" < "abc"`.
  static func compareUTF16(_ a: String, _ b: String) -> ComparisonResult {
    if a == b { return .orderedSame }
    var i = a.utf16.makeIterator()
    var j = b.utf16.makeIterator()
    while true {
      switch (i.next(), j.next()) {
      case (nil, nil): return .orderedSame
      case (nil, _): return .orderedAscending
      case (_, nil): return .orderedDescending
      case (let x?, let y?) where x != y: return x < y ? .orderedAscending : .orderedDescending
      default: continue
      }
    }
  }

  /// A string with the `[c]` and `[d]` options applied: diacritic removal (`é` ~ `e`), then
  /// full Unicode case folding (`ß` ~ `ss`), as CFString's `kCFCompareCaseInsensitive`
  /// folds (docs/case-folding.md).
  static func fold(_ s: String, _ options: StringOptions) -> String {
    var result = s
    if options.contains(.diacriticInsensitive) {
      result = result.folding(options: .diacriticInsensitive, locale: nil)
    }
    if options.contains(.caseInsensitive) {
      result = caseFolded(result)
    }
    return result
  }

  /// `s` with each scalar replaced by its full case folding (``caseFolding(of:)``), without
  /// making a string per scalar: that takes microseconds for a name with one accented
  /// letter, and a `[c]` comparison folds every such name it meets; here ASCII is lowered
  /// byte by byte and only other scalars look their folding up.
  static func caseFolded(_ s: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(s.utf8.count)
    for scalar in s.unicodeScalars {
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
      } else {
        bytes.append(contentsOf: caseFolding(of: scalar).utf8)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The full case folding of a scalar, as Unicode's CaseFolding.txt (statuses C and F)
  /// gives it and CFString's `CFUniCharMapCaseTo(…, kCFUniCharCaseFold, …)` uses it: `ß` and
  /// `ẞ` fold to `ss`, `ﬁ` to `fi`, `ſ` to `s`, `µ` to `μ`, `ς` to `σ`, `ẖ` to `h` and a
  /// mark. The standard library has no case folding, but the lowercase of the uppercase of
  /// a scalar's lowercase is its folding, for every scalar CoreFoundation folds but the
  /// dotless `ı`, which folding leaves alone (its uppercase `I` folds to `i` only in Turkic
  /// languages).
  static func caseFolding(of scalar: Unicode.Scalar) -> String {
    let properties = scalar.properties
    guard properties.changesWhenCaseMapped, scalar != "\u{131}" else { return String(scalar) }
    var upper = ""
    for lower in properties.lowercaseMapping.unicodeScalars {
      upper += lower.properties.uppercaseMapping
    }
    var folded = ""
    for scalar in upper.unicodeScalars { folded += scalar.properties.lowercaseMapping }
    return folded
  }
}
