import Foundation

/// A filter evaluated a column at a time, as DuckDB evaluates its: each comparison of an
/// attribute with a constant runs over that attribute's column in one loop, into the set
/// of positions it selects, and AND, OR and NOT combine those sets. An AND tries its next
/// operand only on the positions the ones before it kept, an OR only on those they left,
/// so every comparison meets the objects the compiled closures would have shown it.
///
/// The answers are the closures' by construction: each comparison is decided by the same
/// prepared ``ComparisonTest``, called once for nil and, for a dictionary of strings, once
/// per distinct string; only where the answer cannot differ does a loop decide without
/// it — integers against an integer, reals against a real, and strings by their UTF-8
/// bytes where ASCII rules decide (``FoldedSearch/matchesASCII(_:)``). Any other value goes
/// through the test.
struct ColumnScan {
  /// A predicate as the scan runs it.
  private indirect enum Node {
    case constant(Bool)
    case comparison(Leaf)
    case not(Node)
    case and([Node])
    case or([Node])
  }

  /// `attribute op constant`.
  private struct Leaf {
    var slot: Int
    var op: ComparisonOperator
    var options: StringOptions
    var rhs: Value
    var test: ComparisonTest
  }

  private let root: Node
  private let table: EntityTable

  /// The scan of `predicate` over `table`; nil when some part of it is not a comparison of
  /// an attribute with a constant (or AND, OR, NOT of such), which the closures decide.
  init?(_ predicate: BoundPredicate, over table: EntityTable) {
    guard let root = Self.node(predicate, slots: table.slotCount) else { return nil }
    self.root = root
    self.table = table
  }

  private static func node(_ predicate: BoundPredicate, slots: Int) -> Node? {
    switch predicate {
    case .constant(let value): return .constant(value)
    case .not(let inner): return node(inner, slots: slots).map(Node.not)
    case .and(let operands): return nodes(operands, slots: slots).map(Node.and)
    case .or(let operands): return nodes(operands, slots: slots).map(Node.or)
    case .comparison(let c):
      guard c.modifier == .direct, case .slot(let slot) = c.lhs.kind, slot < slots,
        let rhs = c.rhs.constantValue
      else { return nil }
      let test = ComparisonTests.prepare(c.op, options: c.options, rhs: rhs, range: c.range)
      return .comparison(Leaf(slot: slot, op: c.op, options: c.options, rhs: rhs, test: test))
    }
  }

  private static func nodes(_ predicates: [BoundPredicate], slots: Int) -> [Node]? {
    var nodes: [Node] = []
    for predicate in predicates {
      guard let node = node(predicate, slots: slots) else { return nil }
      nodes.append(node)
    }
    return nodes
  }

  /// The positions of the objects the predicate holds for; nil when a comparison failed
  /// (ordering values of different kinds, a bad pattern), so that the closures, object by
  /// object, report the error they meet first.
  func selection() throws(Interrupted) -> BitSet? {
    var steps = 0
    do {
      return try evaluate(root, within: BitSet(capacity: table.count, full: true), &steps)
    } catch let interrupted as Interrupted {
      throw interrupted
    } catch {
      return nil
    }
  }

  private func evaluate(_ node: Node, within: BitSet, _ steps: inout Int) throws -> BitSet {
    switch node {
    case .constant(let value):
      return value ? within : BitSet(capacity: within.capacity)
    case .not(let inner):
      var rejected = try evaluate(inner, within: within, &steps)
      rejected.invert()
      rejected.formIntersection(within)
      return rejected
    case .and(let operands):
      var kept = within
      for operand in operands where !kept.isEmpty {
        kept = try evaluate(operand, within: kept, &steps)
      }
      return kept
    case .or(let operands):
      var found = BitSet(capacity: within.capacity)
      var left = within
      for operand in operands where !left.isEmpty {
        var matched = try evaluate(operand, within: left, &steps)
        found.formUnion(matched)
        matched.invert()
        left.formIntersection(matched)
      }
      return found
    case .comparison(let leaf):
      return try compare(leaf, within: within, &steps)
    }
  }

  /// The positions of `within` whose value in the leaf's column passes its test.
  private func compare(_ leaf: Leaf, within: BitSet, _ steps: inout Int) throws -> BitSet {
    let column = table.column(leaf.slot)
    let test = leaf.test
    let whenNull = try test(.null)
    let nulls: BitSet? = column.nullCount > 0 ? column.nulls : nil
    var count = steps
    defer { steps = count }
    /// `decide` applied to the positions of `within`, nil rows answered by `whenNull`.
    func select(_ decide: (Int) throws -> Bool) throws -> BitSet {
      try within.filter { position in
        count += 1
        try Interrupt.check(every: count)
        if let nulls, nulls.contains(position) { return whenNull }
        return try decide(position)
      }
    }
    switch column.kind {
    case .nulls:
      return whenNull ? within : BitSet(capacity: within.capacity)
    case .values:
      let values = column.values
      return try select { try test(values[$0]) }
    case .data, .uris, .colors:
      return try select { try test(column.value(at: $0)) }
    case .booleans:
      let values = column.booleans
      return try select { try test(.bool(values[$0])) }
    case .dates:
      let values = column.reals
      return try select { try test(.date(Date(timeIntervalSinceReferenceDate: values[$0]))) }
    case .integers:
      let values = column.integers
      if case .int(let r) = leaf.rhs, let found = try Self.ordered(values, leaf.op, r, select) {
        return found
      }
      return try select { try test(.int(values[$0])) }
    case .reals:
      let values = column.reals
      if let r = Self.exactReal(leaf), let found = try Self.ordered(values, leaf.op, r, select) {
        return found
      }
      return try select { try test(.double(values[$0])) }
    case .strings:
      let strings = column.strings
      guard strings.encoding == .dictionary else {
        return try compareStrings(leaf, strings, select)
      }
      // Each distinct string is tested once, and every row through its code.
      var found = BitSet(
        codes: strings.codes, included: try strings.entries.map { try test(.string($0)) })
      if var nulls {
        if whenNull {
          found.formUnion(nulls)
        } else {
          nulls.invert()
          found.formIntersection(nulls)
        }
      }
      found.formIntersection(within)
      return found
    }
  }

  /// The positions `select` keeps of a column of strings held as spans: equality (with or
  /// without `[c]` and `[d]`) and `CONTAINS`-like tests on the bytes in place, anything else
  /// through the leaf's test.
  private func compareStrings(
    _ leaf: Leaf, _ strings: StringColumn, _ select: ((Int) throws -> Bool) throws -> BitSet
  ) throws -> BitSet {
    let test = leaf.test
    let slow: (Int) throws -> Bool = { try test(.string(strings.string(at: $0))) }
    switch (leaf.op, leaf.rhs) {
    case (.equal, .string(let r)) where leaf.options.isEmpty:
      let needle = Array(r.utf8)
      let asciiNeedle = needle.allSatisfy { $0 < 0x80 }
      return try select { position in
        let known = strings.withUTF8(at: position) { bytes -> Bool? in
          if bytes.elementsEqual(needle) { return true }
          return asciiNeedle && FoldedSearch.isASCII(bytes) ? false : nil
        }
        return try known ?? slow(position)
      }
    case (.equal, .string(let r)), (.notEqual, .string(let r)):
      guard leaf.options.isSubset(of: [.caseInsensitive, .diacriticInsensitive]) else { break }
      let needle = Array(ValueComparison.fold(r, leaf.options).utf8)
      guard needle.allSatisfy({ $0 < 0x80 }) else { break }
      let (equal, foldingCase) = (leaf.op == .equal, leaf.options.contains(.caseInsensitive))
      return try select { position in
        let known = strings.withUTF8(at: position) { bytes -> Bool? in
          guard FoldedSearch.isASCII(bytes) else { return nil }
          return FoldedSearch.equalsASCII(bytes, needle, foldingCase: foldingCase) == equal
        }
        return try known ?? slow(position)
      }
    case (.contains, .string(let r)), (.beginsWith, .string(let r)), (.endsWith, .string(let r)):
      guard !r.isEmpty, leaf.options.isSubset(of: [.caseInsensitive, .diacriticInsensitive])
      else { break }
      let anchor: FoldedSearch.Anchor =
        leaf.op == .beginsWith ? .prefix : leaf.op == .endsWith ? .suffix : .anywhere
      let search = FoldedSearch(r, options: leaf.options, anchor: anchor)
      // Without options the closures compare Characters, and "\r\n" is one Character.
      let literal = leaf.options.isEmpty
      return try select { position in
        let known = strings.withUTF8(at: position) { bytes -> Bool? in
          literal && bytes.contains(0x0D) ? nil : search.matchesASCII(bytes)
        }
        return try known ?? slow(position)
      }
    default: break
    }
    return try select(slow)
  }

  /// The real a leaf compares with when the closures compare reals with it as a Double: a
  /// Double, or for an ordering an integer a Double holds exactly.
  private static func exactReal(_ leaf: Leaf) -> Double? {
    switch leaf.rhs {
    case .double(let r): return r
    case .int(let r)
    where leaf.op != .equal && leaf.op != .notEqual
      && r.magnitude <= NumericOrder.exactDoubleIntegers.magnitude:
      return Double(r)
    default: return nil
    }
  }

  /// The positions `select` keeps whose number in `values` stands in `op` to `r`; nil when
  /// `op` is not one of the six comparisons. Each comparison is written out in its own
  /// closure, so the loop compares numbers instead of calling a comparison passed to it.
  private static func ordered<T: Comparable>(
    _ values: [T], _ op: ComparisonOperator, _ r: T,
    _ select: ((Int) throws -> Bool) throws -> BitSet
  ) throws -> BitSet? {
    switch op {
    case .equal: return try select { values[$0] == r }
    case .notEqual: return try select { values[$0] != r }
    case .less: return try select { values[$0] < r }
    case .lessOrEqual: return try select { values[$0] <= r }
    case .greater: return try select { values[$0] > r }
    case .greaterOrEqual: return try select { values[$0] >= r }
    default: return nil
    }
  }
}
