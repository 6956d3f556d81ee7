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
    var checksByEntity: [String: EntityChecks] = [:]
    let now = Date()
    // The objects a run of one entity at a time: `ids` are usually sorted, one run each.
    var start = ids.startIndex
    while start < ids.endIndex {
      let entity = ids[start].entity
      let end = ids[start...].firstIndex { $0.entity != entity } ?? ids.endIndex
      defer { start = end }
      guard
        let checks = checksByEntity[entity]
          ?? graph.model.entity(named: entity).map({ EntityChecks($0, in: graph, now: now) })
      else { continue }
      checksByEntity[entity] = checks
      let located = ids[start..<end].compactMap { id in
        checks.table.position(of: id.key).map { (id: id, position: $0) }
      }
      var labelled: (object: Int, label: String?)?
      for (object, failure, key, value) in try checks.failures(
        at: located.map(\.position), in: graph)
      {
        let (id, position) = located[object]
        if labelled?.object != object {
          labelled = (object, label(of: checks.table.row(at: position), in: checks.entity))
        }
        errors.append(
          ValidationError(
            code: failure.code, object: id, objectLabel: labelled?.label ?? nil, key: key,
            value: value, rule: failure.rule, customMessage: failure.message))
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
      let found = changed.compactMap { id in table.position(of: id.key).map { (id, $0) } }
      let positions = found.map(\.1)
      for constraint in constraints {
        let slots = constraint.compactMap(entity.index(ofAttribute:))
        guard slots.count == constraint.count else { continue }
        let columns = slots.map(table.column)
        let first = columns[0]
        // Most objects changed: when every object's value differs, none is shared.
        if columns.count == 1, positions.count >= table.count / 2,
          try holdsDistinctUUIDs(first, count: table.count)
        {
          continue
        }
        let sharing =
          columns.count == 1
          ? try holders(sharingValuesAt: positions, in: table) { position -> Value? in
            let value = first.value(at: position)
            return value.isNull ? nil : value
          }
          : try holders(sharingValuesAt: positions, in: table) { position -> [Value]? in
            let values = columns.map { $0.value(at: position) }
            return values.allSatisfy(\.isNull) ? nil : values
          }
        for ((id, position), holders) in zip(found, sharing) {
          guard let holders else { continue }
          let others = holders.lazy.filter { $0 != id.key }.map {
            ObjectID(entity: entityName, key: $0).description
          }
          let values = columns.map { $0.value(at: position) }
          errors.append(
            ValidationError(
              code: .constraintMerge, object: id,
              objectLabel: label(of: table.row(at: position), in: entity),
              key: constraint.joined(separator: ", "),
              value: values.count == 1 ? values[0] : .collection(values),
              rule: "also held by \(namingSome(others, of: holders.count - 1))"))
        }
      }
    }
    return errors
  }

  /// Whether every row of `column` (of `count` rows) is nil or a UUID, no two the same:
  /// decided by an open-addressing set of the UUIDs' first 64 bits, with no `Value` hashed,
  /// and answered false (so that ``holders(sharingValuesAt:in:_:)`` decides) when some row
  /// holds another kind of value or two rows share those bits.
  static func holdsDistinctUUIDs(_ column: Column, count: Int) throws(Interrupted) -> Bool {
    guard column.kind == .values else { return false }
    var size = 16
    while size < 2 * count { size <<= 1 }
    // 0 marks an empty slot, so UUIDs whose leading bits are all zero are counted apart.
    var slots = [UInt64](repeating: 0, count: size)
    var sawZero = false
    for position in 0..<count {
      try Interrupt.check(every: position)
      let bits: UInt64
      switch column.value(at: position) {
      case .null: continue
      case .uuid(let uuid):
        bits = withUnsafeBytes(of: uuid.uuid) { $0.loadUnaligned(as: UInt64.self) }
      default: return false
      }
      if bits == 0 {
        if sawZero { return false }
        sawZero = true
        continue
      }
      var slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 32) & (size - 1)
      while slots[slot] != 0 {
        if slots[slot] == bits { return false }
        slot = (slot + 1) & (size - 1)
      }
      slots[slot] = bits
    }
    return true
  }

  /// For each of `positions`, the keys of every object of `table` whose value (as `value`
  /// reads it; nil: nothing to compare) equals the one at that position, in table order,
  /// when another object holds it too; nil when none does.
  ///
  /// Only the values at `positions` are kept: the rest of the table is read once to count
  /// the objects holding each, and once more, only when some value is held twice, to list
  /// them. When `positions` are every object of the table, the first reading counts them.
  private static func holders<Key: Hashable>(
    sharingValuesAt positions: [Int], in table: EntityTable, _ value: (Int) -> Key?
  ) throws(Interrupted) -> [[Int64]?] {
    var groupByValue: [Key: Int] = [:]
    groupByValue.reserveCapacity(positions.count)
    var groups: [Int?] = []
    groups.reserveCapacity(positions.count)
    var counts: [Int] = []
    var distinct = BitSet(capacity: table.count)
    var coversTable = positions.count == table.count
    for (step, position) in positions.enumerated() {
      try Interrupt.check(every: step)
      if coversTable, !distinct.insert(position) { coversTable = false }
      guard let key = value(position) else {
        groups.append(nil)
        continue
      }
      if let group = groupByValue[key] {
        groups.append(group)
        counts[group] += 1
      } else {
        groupByValue[key] = counts.count
        groups.append(counts.count)
        counts.append(1)
      }
    }
    if !coversTable {
      counts = Array(repeating: 0, count: counts.count)
      for position in 0..<table.count {
        try Interrupt.check(every: position)
        if let key = value(position), let group = groupByValue[key] { counts[group] += 1 }
      }
    }
    guard counts.contains(where: { $0 > 1 }) else { return groups.map { _ in nil } }
    var members: [Int: [Int64]] = [:]
    for position in 0..<table.count {
      try Interrupt.check(every: position)
      if let key = value(position), let group = groupByValue[key], counts[group] > 1 {
        members[group, default: []].append(table.keys[position])
      }
    }
    return groups.map { group in group.flatMap { members[$0] } }
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
