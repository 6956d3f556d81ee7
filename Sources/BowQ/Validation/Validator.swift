import Foundation

/// Checks changed objects against their entity's rules, as `validateForInsert` and
/// `validateForUpdate` do at save, and uniqueness across each entity.
public enum Validator {
  /// Every rule broken by the given objects of the graph, in object and attribute order.
  public static func validate(_ ids: [ObjectID], in graph: ObjectGraph) -> [ValidationError] {
    var errors: [ValidationError] = []
    for id in ids {
      guard let entity = graph.model.entity(named: id.entity),
        let row = graph.table(id.entity).row(for: id.key)
      else { continue }
      let label = label(of: row, in: entity)
      for (attribute, value) in zip(entity.attributes, row) {
        if let (code, rule) = check(value, against: attribute) {
          errors.append(
            ValidationError(
              code: code, object: id, objectLabel: label, key: attribute.name, value: value,
              rule: rule))
        }
      }
    }
    errors += uniquenessErrors(ids, in: graph)
    return errors
  }

  /// The first rule `value` breaks, with the rule in words.
  static func check(_ value: Value, against attribute: Attribute) -> (ValidationError.Code, String)? {
    if value.isNull {
      return attribute.isOptional ? nil : (.missingMandatoryProperty, "the attribute is required")
    }
    let order = { (bound: Value) -> ComparisonResult? in
      try? ValueComparison.order(value, bound, options: [], range: SourceRange(.start, .start))
    }
    let isDate = attribute.type == .date
    if let max = attribute.maximum, order(max) == .orderedDescending {
      return (isDate ? .dateTooLate : .numberTooLarge, "maximum \(max.literalText)")
    }
    if let min = attribute.minimum, order(min) == .orderedAscending {
      return (isDate ? .dateTooSoon : .numberTooSmall, "minimum \(min.literalText)")
    }
    if case .string(let s) = value {
      if let max = attribute.maxLength, s.count > max {
        return (.stringTooLong, "maximum length \(max), length \(s.count)")
      }
      if let min = attribute.minLength, s.count < min {
        return (.stringTooShort, "minimum length \(min), length \(s.count)")
      }
      if let pattern = attribute.pattern,
        let regex = try? NSRegularExpression(pattern: "\\A(?:\(pattern))\\z"),
        regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil
      {
        return (.stringPatternMatching, "must match \(Value.quoted(pattern))")
      }
    }
    return nil
  }

  /// Objects among `ids` that share a unique attribute's value with another object.
  static func uniquenessErrors(_ ids: [ObjectID], in graph: ObjectGraph) -> [ValidationError] {
    var errors: [ValidationError] = []
    let changedByEntity = Dictionary(grouping: ids, by: \.entity)
    for (entityName, changed) in changedByEntity.sorted(by: { $0.key < $1.key }) {
      guard let entity = graph.model.entity(named: entityName) else { continue }
      let table = graph.table(entityName)
      for (index, attribute) in entity.attributes.enumerated() where attribute.isUnique {
        var holders: [Value: [Int64]] = [:]
        for (key, row) in zip(table.keys, table.rows) where !row[index].isNull {
          holders[row[index], default: []].append(key)
        }
        for id in changed {
          guard let row = table.row(for: id.key), !row[index].isNull,
            let sharing = holders[row[index]], sharing.count > 1
          else { continue }
          let others = sharing.filter { $0 != id.key }.map { ObjectID(entity: entityName, key: $0).description }
          errors.append(
            ValidationError(
              code: .constraintMerge, object: id, objectLabel: label(of: row, in: entity),
              key: attribute.name, value: row[index],
              rule: "also held by \(others.joined(separator: ", "))"))
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
