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
  /// Whether an attribute's value must be read to be checked: every one but a string
  /// attribute with no rule beyond being required, whose column says at once whether the
  /// object holds nil.
  private let readsValue: [Bool]

  /// The checks of `entity`'s objects in `graph`, its rules compiled with `now` as the
  /// clock reading.
  init(_ entity: Entity, in graph: ObjectGraph, now: Date) {
    self.entity = entity
    table = graph.table(entity.name)
    rules = entity.rules.map { CompiledRule($0, of: entity, in: graph, now: now) }
    let table = table
    columns = (0..<min(entity.attributes.count, table.slotCount)).map(table.column)
    readsValue = zip(entity.attributes, columns).map { attribute, column in
      column.kind != .strings || attribute.minimum != nil || attribute.maximum != nil
        || attribute.minLength != nil || attribute.maxLength != nil || attribute.pattern != nil
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
      for (object, position) in positions.enumerated() {
        try Interrupt.check(every: object)
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
