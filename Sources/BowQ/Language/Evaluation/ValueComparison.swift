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

  /// A string with the `[c]` and `[d]` options applied: Unicode case folding and diacritic
  /// removal (`é` ~ `e`; `ß` stays `ß`).
  static func fold(_ s: String, _ options: StringOptions) -> String {
    var result = s
    if options.contains(.diacriticInsensitive) {
      result = result.folding(options: .diacriticInsensitive, locale: nil)
    }
    if options.contains(.caseInsensitive) {
      result = lowercased(result)
    }
    return result
  }

  /// `s.lowercased()`: each scalar replaced by its lowercase mapping, as the standard
  /// library does it, but without making a string per scalar. That takes microseconds for
  /// a name with one accented letter, and a `[c]` comparison lowers every such name it
  /// meets; here ASCII is lowered byte by byte and only other scalars look their mapping up.
  static func lowercased(_ s: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(s.utf8.count)
    for scalar in s.unicodeScalars {
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        bytes.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
      } else {
        bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
