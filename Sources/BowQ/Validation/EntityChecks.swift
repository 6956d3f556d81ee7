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

  /// Every rule the object at `position` breaks, in property order, then its entity rules
  /// in order, each with the property's name (the entity's for an entity rule) and value.
  func failures(at position: Int, in graph: ObjectGraph) -> [(
    failure: Validator.Failure, key: String, value: Value
  )] {
    var found: [(failure: Validator.Failure, key: String, value: Value)] = []
    // Read the columns and attributes in place: a copy of a column per value would retain
    // and release each of its buffers.
    columns.withUnsafeBufferPointer { columns in
      entity.attributes.withUnsafeBufferPointer { attributes in
        for slot in columns.indices {
          let value: Value
          if readsValue[slot] {
            value = columns[slot].value(at: position)
          } else if columns[slot].isNull(at: position) {
            value = .null
          } else {
            continue
          }
          if let failure = Validator.check(value, against: attributes[slot]) {
            found.append((failure, attributes[slot].name, value))
          }
        }
      }
    }
    for (index, relationship) in entity.relationships.enumerated() {
      let value = table.value(at: position, slot: entity.attributes.count + index)
      let live = value.isNull ? 0 : ObjectGraph.targets(in: value).filter(graph.contains).count
      if let (code, rule) = Validator.check(count: live, against: relationship) {
        found.append(((code, rule, nil), relationship.name, value))
      }
    }
    guard !rules.isEmpty else { return found }
    let scope = EvaluationScope(table, position: position)
    for rule in rules {
      let message: String?
      switch rule.outcome(in: scope) {
      case .holds: continue
      case .fails: message = rule.rule.message
      case .undecided(let reason): message = "The rule could not be checked: \(reason)"
      }
      found.append(((.generic, "rule \(rule.rule.predicate)", message), entity.name, .null))
    }
    return found
  }
}
