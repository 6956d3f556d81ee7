import Foundation

/// A search of one index for the objects a conjunct of a predicate accepts: equal to one of
/// some values (`==`, `IN`), in a range (`<`, `<=`, `>`, `>=`, `BETWEEN`), or beginning with
/// an ASCII prefix (`BEGINSWITH`, whose conjunct is still checked on each object found).
///
/// A lookup is made only where the index answers exactly what the engine's comparison
/// would (``make(_:of:)``); the plan holds the index it searches, so it runs on the
/// entries of the graph it was made from.
struct IndexLookup: Sendable {
  enum Search: Sendable {
    /// Objects holding one of the values (nil included, for `== nil`).
    case equal([Value])
    /// Objects whose first value lies between the bounds.
    case range(lower: Bound?, upper: Bound?)
    /// Objects whose string begins with the prefix, found as the range of strings from the
    /// prefix up to the prefix followed by U+0080 (every string held is ASCII).
    case prefix(String)
  }

  struct Bound: Sendable {
    var value: Value
    var inclusive: Bool
  }

  var index: BuiltIndex
  var search: Search

  /// How good a lookup is, best first: equality, then `IN`, then a range, then a prefix.
  var rank: Int {
    switch search {
    case .equal(let values): return values.count == 1 ? 0 : 1
    case .range: return 2
    case .prefix: return 3
    }
  }

  /// Whether the lookup finds exactly the objects its conjunct accepts, so the conjunct
  /// need not be checked again: not for a prefix, nor in a hash index of Decimals, whose
  /// groups may hold Decimals that differ beyond a Double's digits.
  var isExact: Bool {
    if case .prefix = search { return false }
    return !index.groupsDecimals
  }

  /// Whether the number of objects found is known before the search: equality and `IN`,
  /// where the lookup is exact.
  var countIsExact: Bool {
    if case .equal = search { return isExact }
    return false
  }

  // MARK: Choosing

  /// The lookup of one of `indexes` that answers `comparison`, best kind first (a hash
  /// index before an ordered one for equality); nil when none answers it exactly.
  static func make(_ comparison: BoundComparison, of indexes: [BuiltIndex]) -> IndexLookup? {
    guard comparison.modifier == .direct, comparison.options.isEmpty else { return nil }
    var op = comparison.op
    var slot: Int
    var constant: Value
    switch (comparison.lhs.kind, comparison.rhs.kind) {
    case (.slot(let s), .constant(let v)):
      (slot, constant) = (s, v)
    case (.constant(let v), .slot(let s)):
      guard let mirrored = mirror(op) else { return nil }
      (slot, constant, op) = (s, v, mirrored)
    default:
      return nil
    }
    let candidates = indexes.filter { $0.slots.first == slot && !$0.isCompoundHash }
      .sorted { ($0.hash == nil ? 1 : 0) < ($1.hash == nil ? 1 : 0) }
    for index in candidates {
      if let search = search(op, constant, in: index) {
        return IndexLookup(index: index, search: search)
      }
    }
    return nil
  }

  /// The lookup of a compound hash index of `indexes` all of whose attributes some of
  /// `comparisons` (the conjuncts of a predicate) test for equality with a constant, and the
  /// positions of those conjuncts in `comparisons`; the index with the most attributes
  /// first.
  static func makeCompound(_ comparisons: [BoundComparison?], of indexes: [BuiltIndex])
    -> (lookup: IndexLookup, conjuncts: [Int])?
  {
    let equalities = comparisons.enumerated().compactMap { position, comparison in
      comparison.flatMap(equality).map { (position: position, slot: $0.slot, value: $0.value) }
    }
    let compound = indexes.filter(\.isCompoundHash).sorted { $0.slots.count > $1.slots.count }
    search: for index in compound {
      var key: [Value] = []
      var used: [Int] = []
      var findsNothing = false
      for (slot, type) in zip(index.slots, index.types) {
        guard let match = equalities.first(where: { $0.slot == slot }) else { continue search }
        switch match.value.isNull ? .value(.null) : HashProbe(match.value, for: type) {
        case .value(let probe): key.append(probe)
        case .nothing: findsNothing = true
        case .unusable: continue search
        }
        used.append(match.position)
      }
      let search = Search.equal(findsNothing ? [] : [BuiltIndex.hashKey(key)])
      return (IndexLookup(index: index, search: search), used)
    }
    return nil
  }

  /// `attribute == constant`, written either way round, with no options: the slot and
  /// the constant.
  private static func equality(_ comparison: BoundComparison) -> (slot: Int, value: Value)? {
    guard comparison.modifier == .direct, comparison.options.isEmpty, comparison.op == .equal
    else { return nil }
    switch (comparison.lhs.kind, comparison.rhs.kind) {
    case (.slot(let slot), .constant(let value)), (.constant(let value), .slot(let slot)):
      return (slot, value)
    default:
      return nil
    }
  }

  /// Whether two probes find the same objects: `2` and `2.0` do, in an ordered index.
  private static func same(_ a: Value, _ b: Value) -> Bool {
    a == b
      || (IndexOrder.isOrdered(a) && IndexOrder.isOrdered(b)
        && IndexOrder.compare(a, b) == .orderedSame)
  }

  /// `a < b` is `b > a`: the operator with its sides swapped, for ordering and equality.
  private static func mirror(_ op: ComparisonOperator) -> ComparisonOperator? {
    switch op {
    case .equal: return .equal
    case .less: return .greater
    case .lessOrEqual: return .greaterOrEqual
    case .greater: return .less
    case .greaterOrEqual: return .lessOrEqual
    default: return nil
    }
  }

  /// The search `index` makes for `attribute op constant`, when it answers it exactly.
  private static func search(_ op: ComparisonOperator, _ constant: Value, in index: BuiltIndex)
    -> Search?
  {
    switch op {
    case .equal, .in:
      let elements: [Value]
      if op == .equal {
        elements = [constant]
      } else {
        guard case .collection(let list) = constant else { return nil }
        elements = list
      }
      var probes: [Value] = []
      for element in elements {
        switch probe(element, for: index) {
        case .value(let probe):
          if !probes.contains(where: { Self.same($0, probe) }) { probes.append(probe) }
        case .nothing: continue
        case .unusable: return nil
        }
      }
      return .equal(probes)
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard let ordered = index.ordered, ordered.unordered.isEmpty,
        let bound = orderedProbe(constant, for: index)
      else { return nil }
      let inclusive = op == .lessOrEqual || op == .greaterOrEqual
      let limit = Bound(value: bound, inclusive: inclusive)
      return op == .less || op == .lessOrEqual
        ? .range(lower: nil, upper: limit) : .range(lower: limit, upper: nil)
    case .between:
      guard let ordered = index.ordered, ordered.unordered.isEmpty,
        case .collection(let bounds) = constant, bounds.count == 2,
        let low = orderedProbe(bounds[0], for: index),
        let high = orderedProbe(bounds[1], for: index)
      else { return nil }
      return .range(
        lower: Bound(value: low, inclusive: true), upper: Bound(value: high, inclusive: true))
    case .beginsWith:
      guard index.ordered != nil, case .string(let prefix) = constant, !prefix.isEmpty,
        orderedProbe(constant, for: index) != nil
      else { return nil }
      return .prefix(prefix)
    default:
      return nil
    }
  }

  /// The value to look up for equality: for a hash index the attribute's own kind of value
  /// (``HashProbe``), for an ordered one any value ``orderedProbe(_:for:)`` accepts.
  private static func probe(_ value: Value, for index: BuiltIndex) -> HashProbe {
    if value.isNull { return .value(.null) }
    guard index.hash != nil else {
      return orderedProbe(value, for: index).map(HashProbe.value) ?? .unusable
    }
    return HashProbe(value, for: index.type)
  }

  /// A value an ordered index compares exactly as the engine does: a number (not NaN) for
  /// a number or Boolean attribute, a date for a date, and an ASCII string for a string
  /// attribute whose index holds only ASCII strings.
  private static func orderedProbe(_ value: Value, for index: BuiltIndex) -> Value? {
    guard let ordered = index.ordered, IndexOrder.isOrdered(value) else { return nil }
    switch (index.type, value) {
    case (.string, .string(let s)):
      return ordered.nonASCIIStrings == 0 && IndexOrder.isASCII(s) ? value : nil
    case (.date, .date): return value
    case (.string, _), (.date, _), (_, .string), (_, .date): return nil
    default: return value
    }
  }

  // MARK: Searching

  /// The keys of the objects found, in no particular order.
  func keys() -> [Int64] {
    if let hash = index.hash, case .equal(let values) = search {
      return values.flatMap { hash.keys(of: $0) }
    }
    guard let ordered = index.ordered else { return [] }
    return ranges(of: ordered).flatMap { ordered.keys(from: $0.from, to: $0.to) }
      + (includesNil ? Array(ordered.nils) : [])
  }

  /// How many objects the lookup finds, without listing them.
  func count() -> Int {
    if let hash = index.hash, case .equal(let values) = search {
      return values.reduce(0) { $0 + hash.keys(of: $1).count }
    }
    guard let ordered = index.ordered else { return 0 }
    return ranges(of: ordered).reduce(0) { $0 + ordered.count(from: $1.from, to: $1.to) }
      + (includesNil ? ordered.nils.count : 0)
  }

  private var includesNil: Bool {
    if case .equal(let values) = search { return values.contains(.null) }
    return false
  }

  /// The stretches of the ordered index the search covers.
  private func ranges(of ordered: OrderedIndex) -> [(
    from: OrderedIndex.Position, to: OrderedIndex.Position
  )] {
    switch search {
    case .equal(let values):
      return values.filter { !$0.isNull }.map {
        (
          ordered.position(after: $0, inclusive: true),
          ordered.position(after: $0, inclusive: false)
        )
      }
    case .range(let lower, let upper):
      return [
        (
          lower.map { ordered.position(after: $0.value, inclusive: $0.inclusive) } ?? ordered.start,
          upper.map { ordered.position(after: $0.value, inclusive: !$0.inclusive) } ?? ordered.end
        )
      ]
    case .prefix(let prefix):
      return [
        (
          ordered.position(after: .string(prefix), inclusive: true),
          ordered.position(after: .string(prefix + "\u{80}"), inclusive: true)
        )
      ]
    }
  }
}

/// What a hash index looks up for a probe of any kind: the value of the attribute's own kind
/// equal to it (to the engine) — a hash index finds only values equal as `Value`s, so `2.0`
/// for an integer attribute is `2` and `1` for a Boolean `true` — or nothing, when no value
/// of that kind equals it (`2.5` for an integer, a string for a UUID); unusable when the
/// index cannot tell. For a Decimal attribute it is the Double its group is kept under
/// (``BuiltIndex/hashed(_:as:)``).
enum HashProbe {
  case value(Value)
  case nothing
  case unusable

  init(_ value: Value, for type: AttributeType) {
    switch (type, value) {
    case (.string, .string), (.date, .date):
      self = .value(value)
    case (.int16, .int), (.int32, .int), (.int64, .int):
      self = .value(value)
    case (.int16, .bool(let b)), (.int32, .bool(let b)), (.int64, .bool(let b)):
      self = .value(.int(b ? 1 : 0))
    case (.int16, .double(let d)), (.int32, .double(let d)), (.int64, .double(let d)):
      self = d.isNaN ? .unusable : (Int64(exactly: d).map { .value(.int($0)) } ?? .nothing)
    case (.double, .double(let d)), (.float, .double(let d)):
      self = d.isNaN ? .unusable : .value(value)
    case (.double, .bool(let b)), (.float, .bool(let b)):
      self = .value(.double(b ? 1 : 0))
    case (.double, .int(let i)), (.float, .int(let i)):
      let d = Double(i)
      self = NumericOrder.compare(i, d) == .orderedSame ? .value(.double(d)) : .nothing
    case (.uuid, .uuid), (.uri, .uri), (.binary, .data):
      self = .value(value)
    case (.uuid, _), (.uri, _), (.binary, _):
      self = .nothing
    case (.decimal, .decimal):
      self = .value(BuiltIndex.hashed(value, as: .decimal))
    case (.decimal, .int(let i)):
      self = .value(BuiltIndex.hashed(.decimal(Decimal(i)), as: .decimal))
    case (.decimal, .bool(let b)):
      self = .value(.double(b ? 1 : 0))
    case (.decimal, .double(let d)):
      self = d.isNaN ? .unusable : .value(value)
    case (.bool, .bool), (.bool, .int), (.bool, .double):
      if NumericOrder.compare(value, .int(0)) == .orderedSame {
        self = .value(.bool(false))
      } else if NumericOrder.compare(value, .int(1)) == .orderedSame {
        self = .value(.bool(true))
      } else {
        self = NumericOrder.compare(value, .int(1)) == nil ? .unusable : .nothing
      }
    default:
      self = .unusable
    }
  }
}
