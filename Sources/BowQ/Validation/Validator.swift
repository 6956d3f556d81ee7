import Foundation

/// Checks changed objects against their entity's rules, as `validateForInsert`,
/// `validateForUpdate` and `validateForDelete` do at save, and uniqueness across each
/// entity.
public enum Validator {
  /// The most other objects a uniqueness conflict or a denied delete names; the rest are
  /// counted ("and 9,990 more"), so one error stays one short line however many objects
  /// share the value.
  static let namedObjectLimit = 10

  /// Every rule broken by the given objects of the graph, in object and property order,
  /// then uniqueness conflicts and denied deletes.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops the check.
  public static func validate(
    _ ids: [ObjectID], in graph: ObjectGraph, denied: [DeniedDeletion] = []
  ) throws(Interrupted) -> [ValidationError] {
    var errors: [ValidationError] = []
    var rulesByEntity: [String: [CompiledRule]] = [:]
    let now = Date()
    for (step, id) in ids.enumerated() {
      try Interrupt.check(every: step)
      guard let entity = graph.model.entity(named: id.entity),
        let row = graph.table(id.entity).row(for: id.key)
      else { continue }
      func report(
        _ code: ValidationError.Code, _ key: String, _ value: Value, _ rule: String,
        message: String? = nil
      ) {
        errors.append(
          ValidationError(
            code: code, object: id, objectLabel: label(of: row, in: entity), key: key,
            value: value, rule: rule, customMessage: message))
      }
      for (attribute, value) in zip(entity.attributes, row) {
        if let failure = check(value, against: attribute) {
          report(failure.code, attribute.name, value, failure.rule, message: failure.message)
        }
      }
      for relationship in entity.relationships {
        let value = row[entity.slot(ofRelationship: relationship.name)!]
        let live = ObjectGraph.targets(in: value).filter(graph.contains)
        if let (code, rule) = check(count: live.count, against: relationship) {
          report(code, relationship.name, value, rule)
        }
      }
      let rules =
        rulesByEntity[entity.name]
        ?? entity.rules.map { CompiledRule($0, of: entity, in: graph, now: now) }
      rulesByEntity[entity.name] = rules
      for rule in rules {
        switch rule.outcome(for: id.key, row) {
        case .holds:
          break
        case .fails:
          report(
            .generic, entity.name, .null, "rule \(rule.rule.predicate)", message: rule.rule.message)
        case .undecided(let reason):
          report(
            .generic, entity.name, .null, "rule \(rule.rule.predicate)",
            message: "The rule could not be checked: \(reason)")
        }
      }
    }
    errors += try uniquenessErrors(ids, in: graph)
    for denial in denied {
      let live = denial.destinations.filter(graph.contains)
      guard !live.isEmpty else { continue }
      errors.append(
        ValidationError(
          code: .deniedDelete, object: denial.object, objectLabel: nil, key: denial.relationship,
          value: .collection(live.map(Value.object)),
          rule:
            "delete rule deny, still related to \(namingSome(live.lazy.map(\.description), of: live.count))"
        ))
    }
    return errors
  }

  /// The first `namedObjectLimit` of the `total` names in `names`, then how many more there
  /// are. `names` is read no further than it needs to be.
  static func namingSome(_ names: some Sequence<String>, of total: Int) -> String {
    let named = names.prefix(namedObjectLimit).joined(separator: ", ")
    let more = total - namedObjectLimit
    return more > 0 ? "\(named) and \(DigitGrouping.format(more)) more" : named
  }

  /// What is wrong with a value: Core Data's code, the rule in words, and a message said in
  /// place of Core Data's when the rule could not be checked.
  typealias Failure = (code: ValidationError.Code, rule: String, message: String?)

  /// The first rule `value` breaks, with the rule in words.
  static func check(_ value: Value, against attribute: Attribute) -> Failure? {
    if value.isNull {
      return attribute.isOptional
        ? nil : (.missingMandatoryProperty, "the attribute is required", nil)
    }
    if case .double(let d) = value, d.isNaN {
      return (.generic, "NaN is not a number, so no rule can hold for it", nil)
    }
    let order = { (bound: Value) -> ComparisonResult? in
      try? ValueComparison.order(value, bound, options: [], range: .nowhere)
    }
    let isDate = attribute.type == .date
    if let max = attribute.maximum, order(max) == .orderedDescending {
      return (isDate ? .dateTooLate : .numberTooLarge, "maximum \(max.literalText)", nil)
    }
    if let min = attribute.minimum, order(min) == .orderedAscending {
      return (isDate ? .dateTooSoon : .numberTooSmall, "minimum \(min.literalText)", nil)
    }
    if case .string(let s) = value {
      if let max = attribute.maxLength, s.count > max {
        return (.stringTooLong, "maximum length \(max), length \(s.count)", nil)
      }
      if let min = attribute.minLength, s.count < min {
        return (.stringTooShort, "minimum length \(min), length \(s.count)", nil)
      }
      if let pattern = attribute.pattern {
        do {
          guard try RegularExpression(pattern, options: []).matches(s) else {
            return (.stringPatternMatching, "must match \(Value.quoted(pattern))", nil)
          }
        } catch {
          return (
            .stringPatternMatching, error.message,
            "\(attribute.name) could not be checked against its pattern."
          )
        }
      }
    }
    return nil
  }

  /// A relationship's count against its optionality and bounds. Bounds apply only to a
  /// non-empty to-many, unless it is required.
  static func check(count: Int, against relationship: Relationship) -> (
    ValidationError.Code, String
  )? {
    if count == 0 {
      guard !relationship.isOptional else { return nil }
      return relationship.isToMany
        ? (
          .relationshipLacksMinimumCount,
          "required, minimum count \(max(1, relationship.minCount ?? 1))"
        )
        : (.missingMandatoryProperty, "the relationship is required")
    }
    if let min = relationship.minCount, count < min {
      return (.relationshipLacksMinimumCount, "minimum count \(min), count \(count)")
    }
    if let max = relationship.maxCount, max > 0, count > max {
      return (.relationshipExceedsMaximumCount, "maximum count \(max), count \(count)")
    }
    return nil
  }

  /// Objects among `ids` that share the values of a uniqueness constraint with another
  /// object: single `unique` attributes and compound constraints alike.
  static func uniquenessErrors(_ ids: [ObjectID], in graph: ObjectGraph) throws(Interrupted)
    -> [ValidationError]
  {
    var errors: [ValidationError] = []
    let changedByEntity = Dictionary(grouping: ids, by: \.entity)
    for (entityName, changed) in changedByEntity.sorted(by: { $0.key < $1.key }) {
      guard let entity = graph.model.entity(named: entityName) else { continue }
      let table = graph.table(entityName)
      let constraints =
        entity.attributes.filter(\.isUnique).map { [$0.name] } + entity.uniquenessConstraints
      for constraint in constraints {
        let slots = constraint.compactMap(entity.index(ofAttribute:))
        guard slots.count == constraint.count else { continue }
        var holders: [[Value]: [Int64]] = [:]
        for (position, key) in table.keys.enumerated() {
          try Interrupt.check(every: position)
          let values = slots.map { table.value(at: position, slot: $0) }
          if !values.allSatisfy(\.isNull) { holders[values, default: []].append(key) }
        }
        for id in changed {
          guard let row = table.row(for: id.key), let sharing = holders[slots.map { row[$0] }],
            sharing.count > 1
          else { continue }
          let others = sharing.lazy.filter { $0 != id.key }.map {
            ObjectID(entity: entityName, key: $0).description
          }
          let values = slots.map { row[$0] }
          errors.append(
            ValidationError(
              code: .constraintMerge, object: id, objectLabel: label(of: row, in: entity),
              key: constraint.joined(separator: ", "),
              value: values.count == 1 ? values[0] : .collection(values),
              rule: "also held by \(namingSome(others, of: sharing.count - 1))"))
        }
      }
    }
    return errors
  }

  /// The object's `name`, or its first non-empty string attribute, to name it in messages.
  static func label(of row: [Value], in entity: Entity) -> String? {
    if let i = entity.index(ofAttribute: "name"), case .string(let s) = row[i] { return s }
    for (attribute, value) in zip(entity.attributes, row) where attribute.type == .string {
      if case .string(let s) = value, !s.isEmpty { return s }
    }
    return nil
  }
}
