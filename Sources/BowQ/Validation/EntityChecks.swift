import Foundation

/// What validation checks of one entity's objects, made ready once per validation: its
/// table's columns, read in place object by object (no object's row is put together
/// unless it breaks a rule and must be named), and its rules compiled.
struct EntityChecks {
  let entity: Entity
  let table: EntityTable
  let rules: [CompiledRule]
  /// The column of each attribute the table holds, in slot order.
  private let columns: [Column]
  /// Whether an attribute's value must be read to be checked: only when it has a rule beyond
  /// being required, or its column may hold a `Double` (NaN breaks every rule). Otherwise the
  /// column says at once whether the object holds nil, and no value is made: a photo's
  /// bytes, a URL or a UUID are not copied out for nothing.
  private let readsValue: [Bool]
  /// For an attribute whose column holds reals, the values that break none of its rules
  /// (between its bounds, when each is exactly a `Double`): such a value is passed over
  /// without being boxed and compared as a ``Value``. Nil for other attributes.
  private let plainReals: [ClosedRange<Double>?]

  /// The checks of `entity`'s objects in `graph`, its rules compiled with `now` as the
  /// clock reading.
  init(_ entity: Entity, in graph: ObjectGraph, now: Date) {
    self.entity = entity
    table = graph.table(entity.name)
    rules = entity.rules.map { CompiledRule($0, of: entity, in: graph, now: now) }
    let table = table
    columns = (0..<min(entity.attributes.count, table.slotCount)).map(table.column)
    readsValue = zip(entity.attributes, columns).map { attribute, column in
      column.kind == .reals || column.kind == .values || attribute.minimum != nil
        || attribute.maximum != nil || attribute.minLength != nil || attribute.maxLength != nil
        || attribute.pattern != nil
    }
    plainReals = zip(entity.attributes, columns).map { attribute, column in
      guard column.kind == .reals, let low = Self.exactBound(attribute.minimum, or: -.infinity),
        let high = Self.exactBound(attribute.maximum, or: .infinity), low <= high
      else { return nil }
      return low...high
    }
  }

  /// A bound as the `Double` it is exactly (`absent` when there is none); nil when it is
  /// not one, such as an integer past 2^53 or a decimal, so that values are compared with
  /// it as ``Value``s.
  private static func exactBound(_ bound: Value?, or absent: Double) -> Double? {
    switch bound {
    case nil: return absent
    case .double(let d)?: return d.isNaN ? nil : d
    case .int(let i)?: return Double(exactly: i)
    default: return nil
    }
  }

  /// One broken rule: the object (its index among the positions checked), what is wrong,
  /// the property's name (the entity's for an entity rule) and its value.
  typealias Found = (object: Int, failure: Validator.Failure, key: String, value: Value)

  /// Every rule the objects at `positions` break, in object order; an object's in property
  /// order, then its entity rules in order.
  ///
  /// The objects are checked a property at a time, each column read in a loop of its own.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops the check.
  func failures(at positions: [Int], in graph: ObjectGraph) throws(Interrupted) -> [Found] {
    var found: [Found] = []
    for (slot, column) in columns.enumerated() {
      let attribute = entity.attributes[slot]
      let readsValue = readsValue[slot]
      let plainReals = plainReals[slot]
      for (object, position) in positions.enumerated() {
        try Interrupt.check(every: object)
        // NaN and nil are never within the range, and go through the general check.
        if let plainReals, !column.isNull(at: position), plainReals.contains(column.reals[position])
        {
          continue
        }
        let value: Value
        if readsValue {
          value = column.value(at: position)
        } else if column.isNull(at: position) {
          value = .null
        } else {
          continue
        }
        if let failure = Validator.check(value, against: attribute) {
          found.append((object, failure, attribute.name, value))
        }
      }
    }
    for (index, relationship) in entity.relationships.enumerated() {
      let slot = entity.attributes.count + index
      for (object, position) in positions.enumerated() {
        try Interrupt.check(every: object)
        let value = table.value(at: position, slot: slot)
        let live = value.isNull ? 0 : ObjectGraph.targets(in: value).filter(graph.contains).count
        if let (code, rule) = Validator.check(count: live, against: relationship) {
          found.append((object, (code, rule, nil), relationship.name, value))
        }
      }
    }
    if let first = positions.first {
      var scope = EvaluationScope(table, position: first)
      for rule in rules {
        for (object, position) in positions.enumerated() {
          try Interrupt.check(every: object)
          scope.move(to: position)
          let message: String?
          switch rule.outcome(in: scope) {
          case .holds: continue
          case .fails: message = rule.rule.message
          case .undecided(let reason): message = "The rule could not be checked: \(reason)"
          }
          found.append(
            (object, (.generic, "rule \(rule.rule.predicate)", message), entity.name, .null))
        }
      }
    }
    // Found a property at a time: put each object's together, keeping their order.
    return found.indices.sorted { (found[$0].object, $0) < (found[$1].object, $1) }.map {
      found[$0]
    }
  }
}
