import Foundation

/// A search of one index for the objects a conjunct of a predicate accepts: equal to one of
/// some values (`==`, `IN`), in a range (`<`, `<=`, `>`, `>=`, `BETWEEN`), or beginning with
/// a prefix (`BEGINSWITH`, whose conjunct is still checked on each object found).
/// In an ordered index of several attributes the search may follow equalities on the
/// attributes before the one it tests, each a conjunct of its own (`rating == 4 AND name >
/// "M"`), as SQLite searches a multi-column index: the stretch of entries with those
/// values, then the search within it.
///
/// A lookup is made only where the index answers exactly what the engine's comparison
/// would (``make(_:of:)``): strings only while the index's and the probe's are in NFC
/// (``IndexOrder``), and never for `[c]` or `[d]`, whose folding reorders strings (`"B" <
/// "a"`, but `"b" > "a"`) and equates strings the order keeps apart. The plan holds the
/// index it searches, so it runs on the entries of the graph it was made from.
struct IndexLookup: Sendable {
  enum Search: Sendable {
    /// Objects holding one of the values (nil included, for `== nil`).
    case equal([Value])
    /// Objects whose searched value lies between the bounds.
    case range(lower: Bound?, upper: Bound?)
    /// Objects whose string begins with the prefix, found as the range of strings from the
    /// prefix up to the last that begins with it code unit for code unit — among strings in
    /// NFC, every string the engine finds beginning with it.
    case prefix(String)
  }

  struct Bound: Sendable {
    var value: Value
    var inclusive: Bool
  }

  var index: BuiltIndex
  /// The values the first attributes of an ordered index are searched for, one list of
  /// choices for each (one value for `==`, several for `IN`), in index order; `search`
  /// tests the attribute after them. Empty when it tests the first attribute.
  var leading: [[Value]] = []
  var search: Search

  /// The most combinations of leading values a search tries, one stretch of the index each.
  static let maximumPrefixes = 64

  /// How good a lookup is, best first: equality, then `IN`, then a range, then a prefix.
  var rank: Int { Self.rank(search) }

  private static func rank(_ search: Search) -> Int {
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
    guard let (slot, op, constant) = test(comparison) else { return nil }
    let candidates = indexes.filter { $0.slots.first == slot && !$0.isCompoundHash }
      .sorted { ($0.hash == nil ? 1 : 0) < ($1.hash == nil ? 1 : 0) }
    for index in candidates {
      if let search = search(op, constant, in: index, at: 0) {
        return IndexLookup(index: index, search: search)
      }
    }
    return nil
  }

  /// `attribute op constant`, written either way round, with no modifier or options: the
  /// slot, the operator as seen from the attribute, and the constant.
  static func test(_ comparison: BoundComparison) -> (
    slot: Int, op: ComparisonOperator, constant: Value
  )? {
    guard comparison.modifier == .direct, comparison.options.isEmpty else { return nil }
    switch (comparison.lhs.kind, comparison.rhs.kind) {
    case (.slot(let slot), .constant(let constant)):
      return (slot, comparison.op, constant)
    case (.constant(let constant), .slot(let slot)):
      return mirror(comparison.op).map { (slot, $0, constant) }
    default:
      return nil
    }
  }

  /// The search of the ordered `index` that answers the most of `comparisons` (the
  /// conjuncts of a predicate): equality or `IN` on its first attributes, then equality,
  /// `IN`, a range or a prefix on the next one, and the positions of the conjuncts it
  /// answers, in index order (the one it searches last). Several ranges on that attribute
  /// (`rating > 1 AND rating < 4`) are searched as the one range they allow together. Nil
  /// when it answers none.
  ///
  /// An attribute after the first takes part only where the index orders it exactly as the
  /// engine does (``OrderedIndex/isExact(at:)``); objects whose first value is nil, kept
  /// apart from the order, are never in a stretch, so the first attribute's equality does
  /// not take part when it includes nil.
  static func makeOrdered(_ comparisons: [BoundComparison?], in index: BuiltIndex)
    -> (lookup: IndexLookup, conjuncts: [Int])?
  {
    guard let ordered = index.ordered else { return nil }
    let tests = comparisons.enumerated().compactMap { position, comparison in
      comparison.flatMap(test).map { (position: position, test: $0) }
    }
    var leading: [[Value]] = []
    var used: [Int] = []
    var last: Search?
    for (place, slot) in index.slots.enumerated() {
      guard place == 0 || (index.isOrderable(at: place) && ordered.isExact(at: place)) else {
        break
      }
      let searches = tests.filter { $0.test.slot == slot }.compactMap { candidate in
        search(candidate.test.op, candidate.test.constant, in: index, at: place).map {
          (position: candidate.position, search: $0)
        }
      }
      let equalities = searches.compactMap { candidate -> (position: Int, values: [Value])? in
        guard case .equal(let values) = candidate.search, place > 0 || !values.contains(.null)
        else { return nil }
        return (candidate.position, values)
      }
      if let equality = equalities.first(where: { $0.values.count == 1 }) ?? equalities.first,
        (leading + [equality.values]).reduce(1, { $0 * $1.count }) <= maximumPrefixes
      {
        leading.append(equality.values)
        used.append(equality.position)
        continue
      }
      let ranges = searches.compactMap {
        candidate -> (position: Int, lower: Bound?, upper: Bound?)? in
        guard case .range(let lower, let upper) = candidate.search else { return nil }
        return (candidate.position, lower, upper)
      }
      if !ranges.isEmpty {
        last = .range(
          lower: tightest(ranges.compactMap(\.lower), lower: true),
          upper: tightest(ranges.compactMap(\.upper), lower: false))
        used += ranges.map(\.position)
      } else if let prefix = searches.first(where: { rank($0.search) == 3 }) {
        last = prefix.search
        used.append(prefix.position)
      }
      break
    }
    guard !used.isEmpty else { return nil }
    if let last { return (IndexLookup(index: index, leading: leading, search: last), used) }
    let values = leading.removeLast()
    return (IndexLookup(index: index, leading: leading, search: .equal(values)), used)
  }

  /// The tightest of the lower bounds (`lower`) or of the upper bounds of ranges on one
  /// attribute, which together search the stretch all of them allow: the highest lower
  /// bound, the lowest upper one, and of two on one value the one that leaves it out.
  private static func tightest(_ bounds: [Bound], lower: Bool) -> Bound? {
    bounds.min { a, b in
      switch IndexOrder.compare(a.value, b.value) {
      case .orderedSame: return !a.inclusive && b.inclusive
      case .orderedAscending: return !lower
      case .orderedDescending: return lower
      }
    }
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

  /// The search `index` makes for `attribute op constant`, the attribute at `place` in the
  /// index, when it answers it exactly. The values an ordered index is searched for are in
  /// its order, so that the stretches it finds follow each other.
  private static func search(
    _ op: ComparisonOperator, _ constant: Value, in index: BuiltIndex, at place: Int
  ) -> Search? {
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
        switch probe(element, for: index, at: place) {
        case .value(let probe):
          if !probes.contains(where: { Self.same($0, probe) }) { probes.append(probe) }
        case .nothing: continue
        case .unusable: return nil
        }
      }
      if index.ordered != nil {
        probes.sort {
          $1.isNull ? false : $0.isNull || IndexOrder.compare($0, $1) == .orderedAscending
        }
      }
      return .equal(probes)
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard let ordered = index.ordered, place > 0 || ordered.unordered.isEmpty,
        let bound = orderedProbe(constant, for: index, at: place)
      else { return nil }
      let inclusive = op == .lessOrEqual || op == .greaterOrEqual
      let limit = Bound(value: bound, inclusive: inclusive)
      return op == .less || op == .lessOrEqual
        ? .range(lower: nil, upper: limit) : .range(lower: limit, upper: nil)
    case .between:
      guard let ordered = index.ordered, place > 0 || ordered.unordered.isEmpty,
        case .collection(let bounds) = constant, bounds.count == 2,
        let low = orderedProbe(bounds[0], for: index, at: place),
        let high = orderedProbe(bounds[1], for: index, at: place)
      else { return nil }
      return .range(
        lower: Bound(value: low, inclusive: true), upper: Bound(value: high, inclusive: true))
    case .beginsWith:
      guard index.ordered != nil, case .string(let prefix) = constant, !prefix.isEmpty,
        orderedProbe(constant, for: index, at: place) != nil
      else { return nil }
      return .prefix(prefix)
    default:
      return nil
    }
  }

  /// The value to look up for equality on the attribute at `place`: for a hash index the
  /// attribute's own kind of value (``HashProbe``), for an ordered one any value
  /// ``orderedProbe(_:for:at:)`` accepts.
  private static func probe(_ value: Value, for index: BuiltIndex, at place: Int) -> HashProbe {
    if value.isNull { return .value(.null) }
    guard index.hash != nil else {
      return orderedProbe(value, for: index, at: place).map(HashProbe.value) ?? .unusable
    }
    return HashProbe(value, for: index.type)
  }

  /// A value an ordered index compares exactly as the engine does with the attribute at
  /// `place`: a number (not NaN) for a number or Boolean attribute, a date for a date, and
  /// a string in NFC for a string attribute whose index holds only strings in NFC there.
  private static func orderedProbe(_ value: Value, for index: BuiltIndex, at place: Int)
    -> Value?
  {
    guard let ordered = index.ordered, IndexOrder.isOrdered(value), index.isOrderable(at: place)
    else { return nil }
    switch (index.types[place], value) {
    case (.string, .string(let s)):
      let exact = place == 0 ? ordered.inexactStrings == 0 : ordered.isExact(at: place)
      return exact && IndexOrder.isNFC(s) ? value : nil
    case (.date, .date): return value
    case (.string, _), (.date, _), (_, .string), (_, .date): return nil
    default: return value
    }
  }

  /// The order the lookup finds objects in when its stretches are walked in index order,
  /// or in reverse, if it is that of `keys`: how many of the index's first attributes the
  /// order runs over, and its direction. Each key must be an attribute of the index held
  /// in an exact order (``OrderedIndex/isExact(at:)``), compared as `compare:` does, and
  /// all in one direction; a key on an attribute the lookup holds to one value is passed
  /// over, and the others must follow the index's attributes that it does not so hold, from
  /// the first of them. Nil for any other order, and when the lookup finds objects whose
  /// first value is nil, which the index keeps out of its order.
  func order(of keys: [BoundSortKey]) -> (depth: Int, ascending: Bool)? {
    guard let ordered = index.ordered, !includesNil else { return nil }
    var held = Set(leading.indices.filter { leading[$0].count == 1 })
    if case .equal(let values) = search, values.count == 1 { held.insert(leading.count) }
    let free = index.slots.indices.filter { !held.contains($0) }
    var places: [Int] = []
    var ascending: Bool?
    for key in keys {
      guard key.comparison == .compare, case .slot(let slot) = key.value.kind,
        let place = index.slots.firstIndex(of: slot)
      else { return nil }
      if held.contains(place) { continue }
      guard places.count < free.count, free[places.count] == place,
        ascending == nil || ascending == key.ascending,
        index.isOrderable(at: place), ordered.isExact(at: place)
      else { return nil }
      places.append(place)
      ascending = key.ascending
    }
    guard let last = places.last, let ascending else { return nil }
    return (last + 1, ascending)
  }

  // MARK: Searching

  /// How many objects the lookup is expected to find among `objects`: exactly when
  /// ``countIsExact``; otherwise a guess of a quarter of those its leading values find, or
  /// of all the objects, as SQLite guesses without statistics.
  func estimatedCount(of objects: Int) -> Int {
    countIsExact ? count() : mostFound(of: objects) / 4
  }

  /// ``estimatedCount(of:)`` as `explain` says it, with how sure it is: exact when
  /// ``countIsExact``, and when the lookup can find nothing (its leading values find no
  /// object, or there is none); where a quarter is less than one object, the most it
  /// finds instead — a guess of none would say the search finds nothing when it may well
  /// find some; otherwise the guess.
  func estimate(of objects: Int) -> (count: Int, certainty: PlanEstimate.Certainty) {
    if countIsExact { return (count(), .exact) }
    let most = mostFound(of: objects)
    if most == 0 { return (0, .exact) }
    let guess = estimatedCount(of: objects)
    return guess == 0 ? (most, .atMost) : (guess, .about)
  }

  /// The most objects a lookup that ``countIsExact`` does not hold for finds among
  /// `objects`: those its leading values find, or all of them.
  private func mostFound(of objects: Int) -> Int {
    guard !leading.isEmpty, let ordered = index.ordered else { return objects }
    return prefixes.reduce(0) {
      $0
        + ordered.count(
          from: ordered.position(after: $1, inclusive: true),
          to: ordered.position(after: $1, inclusive: false))
    }
  }

  /// The keys of the objects found, in no particular order.
  func keys() -> [Int64] {
    if let hash = index.hash, case .equal(let values) = search {
      return values.flatMap { hash.keys(of: $0) }
    }
    guard let ordered = index.ordered else { return [] }
    return stretches(of: ordered).flatMap { ordered.keys(from: $0.from, to: $0.to) }
      + (includesNil ? Array(ordered.nils) : [])
  }

  /// How many objects the lookup finds, without listing them.
  func count() -> Int {
    if let hash = index.hash, case .equal(let values) = search {
      return values.reduce(0) { $0 + hash.count(of: $1) }
    }
    guard let ordered = index.ordered else { return 0 }
    return stretches(of: ordered).reduce(0) { $0 + ordered.count(from: $1.from, to: $1.to) }
      + (includesNil ? ordered.nils.count : 0)
  }

  /// Whether the objects whose first value is nil, kept apart by an ordered index, are
  /// found: for `== nil` on the first attribute.
  var includesNil: Bool {
    if leading.isEmpty, case .equal(let values) = search { return values.contains(.null) }
    return false
  }

  /// Every combination of the leading values, one choice for each attribute.
  private var prefixes: [[Value]] {
    leading.reduce([[]]) { prefixes, choices in
      prefixes.flatMap { prefix in choices.map { prefix + [$0] } }
    }
  }

  /// The stretches of the ordered index the search covers, in index order: for each
  /// combination of leading values, those of the search within it. A range without a lower
  /// bound after leading values starts past their nils, which no comparison accepts.
  func stretches(of ordered: OrderedIndex) -> [(
    from: OrderedIndex.Position, to: OrderedIndex.Position
  )] {
    prefixes.flatMap { prefix -> [(from: OrderedIndex.Position, to: OrderedIndex.Position)] in
      switch search {
      case .equal(let values):
        return values.filter { !(prefix.isEmpty && $0.isNull) }.map {
          (
            ordered.position(after: prefix + [$0], inclusive: true),
            ordered.position(after: prefix + [$0], inclusive: false)
          )
        }
      case .range(let lower, let upper):
        let first =
          prefix.isEmpty
          ? ordered.start : ordered.position(after: prefix + [.null], inclusive: false)
        let last = prefix.isEmpty ? ordered.end : ordered.position(after: prefix, inclusive: false)
        return [
          (
            lower.map { ordered.position(after: prefix + [$0.value], inclusive: $0.inclusive) }
              ?? first,
            upper.map { ordered.position(after: prefix + [$0.value], inclusive: !$0.inclusive) }
              ?? last
          )
        ]
      case .prefix(let start):
        return [
          (
            ordered.position(after: prefix + [.string(start)], inclusive: true),
            ordered.position(after: prefix, beginningWith: start)
          )
        ]
      }
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
