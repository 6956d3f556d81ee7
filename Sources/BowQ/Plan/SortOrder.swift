import Foundation

/// The order sort descriptors give values: nil first, then by value, strings by the
/// descriptor's selector (`compare:`, `caseInsensitiveCompare:`, `localizedStandardCompare:`
/// …), objects by entity and key.
enum SortOrder {
  static func order(_ a: Value, _ b: Value, _ comparison: SortComparison = .compare)
    -> ComparisonResult
  {
    switch (a, b) {
    case (.null, .null): return .orderedSame
    case (.null, _): return .orderedAscending
    case (_, .null): return .orderedDescending
    case (.string(let x), .string(let y)):
      switch comparison {
      case .compare: return ValueComparison.compareUTF16(x, y)
      case .caseInsensitive: return x.caseInsensitiveCompare(y)
      case .localized: return x.localizedCompare(y)
      case .localizedCaseInsensitive: return x.localizedCaseInsensitiveCompare(y)
      case .localizedStandard: return x.localizedStandardCompare(y)
      }
    case (.object(let x), .object(let y)):
      return x < y ? .orderedAscending : (y < x ? .orderedDescending : .orderedSame)
    default:
      return (try? ValueComparison.order(a, b, options: [], range: .nowhere)) ?? .orderedSame
    }
  }

  /// Whether the item with sort values `a` goes before the one with `b` under `keys` (the
  /// values in key order); equal values are not before each other.
  static func precedes(_ a: [Value], _ b: [Value], keys: [BoundSortKey]) -> Bool {
    for (index, key) in keys.enumerated() {
      let order = order(a[index], b[index], key.comparison)
      if order != .orderedSame { return (order == .orderedAscending) == key.ascending }
    }
    return false
  }

  /// The positions `0..<count` in the order of their sort values (a stable sort).
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops the sort: the first comparison after it
  ///   throws, so even a sort of millions stops at once.
  static func sortedPositions(_ values: [[Value]], keys: [BoundSortKey]) throws(Interrupted)
    -> [Int]
  {
    let interrupt = Interrupt.token
    do {
      return try values.indices.sorted { a, b in
        try interrupt.check()
        if precedes(values[a], values[b], keys: keys) { return true }
        if precedes(values[b], values[a], keys: keys) { return false }
        return a < b
      }
    } catch {
      throw Interrupted()
    }
  }
}
