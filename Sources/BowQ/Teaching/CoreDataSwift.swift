import Foundation

/// The Swift a Core Data app writes for a statement: an `NSFetchRequest` with its
/// `NSPredicate(format:argumentArray:)`, sort descriptors, limit and offset, dictionary
/// results for `select`; `count(for:)`; an update or delete as the loop over the fetched
/// objects that matches bowq (the changes validated at `save`), with the batch request
/// that skips validation shown after it, as a comment, with its caveats; an inserted
/// object's values. Constants of comparisons become `%@` arguments, as an app passes its
/// values: a string compared with a date attribute as the `Date` it spells, and `$variables`
/// are given by `withSubstitutionVariables(_:)`.
enum CoreDataSwift {
  static func code(for statement: Statement, model: Model = Model()) -> String? {
    let lines: [String]
    switch statement.kind {
    case .fetch(let request):
      lines = fetch(request, model)
    case .count(let entity, let predicate):
      lines =
        [
          "let request = NSFetchRequest<\(objectClass(entity, model))>(entityName: \(quoted(entity)))"
        ]
        + predicateLines("request", predicate, model.entity(named: entity.text), model)
        + ["let count = try context.count(for: request)"]
    case .delete(let entity, let predicate):
      lines =
        [
          "let request = NSFetchRequest<\(objectClass(entity, model))>(entityName: \(quoted(entity)))"
        ]
        + predicateLines("request", predicate, model.entity(named: entity.text), model)
        + [
          "for object in try context.fetch(request) {", "  context.delete(object)", "}",
          "try context.save()",
          "// NSBatchDeleteRequest deletes in the store alone: no validation, and objects",
          "// already in the context are not told (merge the deleted IDs into it):",
          "// try context.execute(NSBatchDeleteRequest(fetchRequest: "
            + "request as! NSFetchRequest<NSFetchRequestResult>))",
        ]
    case .update(let entity, let predicate, let assignments):
      let entityType = model.entity(named: entity.text)
      lines =
        [
          "let request = NSFetchRequest<\(objectClass(entity, model))>(entityName: \(quoted(entity)))"
        ]
        + predicateLines("request", predicate, entityType, model)
        + ["for object in try context.fetch(request) {"]
        + assignments.map { "  " + setValue($0, of: "object") } + ["}", "try context.save()"]
        + batchUpdate(entity, assignments).map { "// " + $0 }
    case .insert(let entity, let assignments):
      lines =
        [
          "let object = NSEntityDescription.insertNewObject(forEntityName: \(quoted(entity)), "
            + "into: context)"
        ] + assignments.map { setValue($0, of: "object") }
    default:
      return nil
    }
    return lines.joined(separator: "\n")
  }

  private static func quoted(_ name: Name) -> String { Value.quoted(name.text) }

  /// The class of the entity's objects in the app: the one its Core Data model names
  /// (`BowTies.BowTie` is the Swift class `BowTie`), else `NSManagedObject`.
  private static func objectClass(_ entity: Name, _ model: Model) -> String {
    guard let name = model.entity(named: entity.text)?.className,
      let last = name.split(separator: ".").last, !last.isEmpty
    else { return "NSManagedObject" }
    return String(last)
  }

  // MARK: Fetch requests

  private static func fetch(_ request: FetchRequest, _ model: Model) -> [String] {
    let resultType = request.select == nil ? objectClass(request.entity, model) : "NSDictionary"
    var lines = [
      "let request = NSFetchRequest<\(resultType)>(entityName: \(quoted(request.entity)))"
    ]
    lines += predicateLines(
      "request", request.predicate, model.entity(named: request.entity.text), model)
    if let select = request.select {
      lines += dictionaryResults(select, request)
    }
    if !request.sort.isEmpty {
      lines.append(
        "request.sortDescriptors = [" + request.sort.map(sortDescriptor).joined(separator: ", ")
          + "]")
    }
    if let limit = request.limit { lines.append("request.fetchLimit = \(limit)") }
    if let offset = request.offset { lines.append("request.fetchOffset = \(offset)") }
    lines.append("let results = try context.fetch(request)")
    return lines
  }

  private static func sortDescriptor(_ key: SortKey) -> String {
    let selector: String? =
      switch key.comparison {
      case .compare: nil
      case .caseInsensitive: "caseInsensitiveCompare"
      case .localized: "localizedCompare"
      case .localizedCaseInsensitive: "localizedCaseInsensitiveCompare"
      case .localizedStandard: "localizedStandardCompare"
      }
    return "NSSortDescriptor(key: \(Value.quoted(PredicateFormatter.format(key.key))), "
      + "ascending: \(key.ascending)"
      + (selector.map { ", selector: #selector(NSString.\($0)(_:))" } ?? "") + ")"
  }

  /// `select …`: dictionary results of key paths and expression descriptions, distinct,
  /// grouped, filtered by `having`.
  private static func dictionaryResults(_ select: [SelectItem], _ request: FetchRequest)
    -> [String]
  {
    var lines = ["request.resultType = .dictionaryResultType"]
    var properties: [String] = []
    for (position, item) in select.enumerated() {
      if case .keyPath = item.expression.kind, item.alias == nil {
        properties.append(Value.quoted(PredicateFormatter.format(item.expression)))
        continue
      }
      let variable = "column\(position + 1)"
      let name = item.alias?.text ?? PredicateFormatter.format(item.expression)
      let (expression, resultType) = expressionDescription(item.expression)
      lines += [
        "let \(variable) = NSExpressionDescription()",
        "\(variable).name = \(Value.quoted(name))",
        "\(variable).expression = \(expression)",
        "\(variable).expressionResultType = .\(resultType)",
      ]
      properties.append(variable)
    }
    lines.append("request.propertiesToFetch = [" + properties.joined(separator: ", ") + "]")
    if request.distinct { lines.append("request.returnsDistinctResults = true") }
    if !request.groupBy.isEmpty {
      lines.append(
        "request.propertiesToGroupBy = ["
          + request.groupBy.map { Value.quoted(PredicateFormatter.format($0)) }
          .joined(separator: ", ") + "]")
    }
    if let having = request.having {
      lines.append(
        "request.havingPredicate = NSPredicate(format: "
          + "\(Value.quoted(PredicateFormatter.format(having))))")
    }
    return lines
  }

  /// An aggregate (`avg(rating)`, `count()`) as Core Data's function expression, anything
  /// else as an expression format; with the attribute type of its results.
  private static func expressionDescription(_ e: ExpressionSyntax) -> (String, String) {
    if case .function(let name, let arguments) = e.kind,
      let aggregate = AggregateOperation(groupName: name), let function = aggregate.function,
      arguments.count <= 1
    {
      let argument =
        arguments.first.map {
          "NSExpression(forKeyPath: \(Value.quoted(PredicateFormatter.format($0))))"
        } ?? "NSExpression.expressionForEvaluatedObject()"
      let type = aggregate.name == "count" ? "integer64AttributeType" : "doubleAttributeType"
      return (
        "NSExpression(forFunction: \(Value.quoted(function + ":")), arguments: [\(argument)])",
        type
      )
    }
    return (
      "NSExpression(format: \(Value.quoted(PredicateFormatter.format(e))))",
      "undefinedAttributeType"
    )
  }

  // MARK: Predicates and values

  /// `target.predicate = NSPredicate(format: …, argumentArray: […])`, when there is a
  /// predicate; its `$variables` given by `withSubstitutionVariables(_:)`, from Swift
  /// constants of the same names.
  private static func predicateLines(
    _ target: String, _ predicate: PredicateSyntax?, _ entity: Entity?, _ model: Model
  ) -> [String] {
    guard let predicate else { return [] }
    let (format, values) = parameterizedFormat(predicate, on: entity, model)
    let arguments = values.map { swiftLiteral($0) ?? "nil" }
    var call =
      arguments.isEmpty
      ? "NSPredicate(format: \(Value.quoted(format)))"
      : "NSPredicate(format: \(Value.quoted(format)), argumentArray: ["
        + arguments.joined(separator: ", ") + "])"
    let variables = predicate.variableNames
    if !variables.isEmpty {
      call +=
        ".withSubstitutionVariables(["
        + variables.map { "\(Value.quoted($0)): \($0)" }.joined(separator: ", ") + "])"
    }
    return ["\(target).predicate = \(call)"]
  }

  /// The format an app passes for `predicate`, constants made `%@`, and its arguments, in
  /// order (a `{…}` of constants is one array).
  static func parameterizedFormat(_ predicate: PredicateSyntax, on entity: Entity?, _ model: Model)
    -> (format: String, arguments: [Value])
  {
    var arguments: [Value] = []
    let parameterized = Parameters(entity: entity, model: model).predicate(predicate, &arguments)
    return (PredicateFormatter.format(parameterized), arguments)
  }

  /// Makes the constant operands of comparisons `%@`.
  private struct Parameters {
    let entity: Entity?
    let model: Model

    func predicate(_ p: PredicateSyntax, _ arguments: inout [Value]) -> PredicateSyntax {
      var result = p
      switch p.kind {
      case .constant, .customSelector:
        break
      case .comparison(var c):
        let (lhsIsDate, rhsIsDate) = (isDate(c.lhs), isDate(c.rhs))
        c.lhs = parameter(c.lhs, readingDate: rhsIsDate, &arguments)
        c.rhs = parameter(c.rhs, readingDate: lhsIsDate, &arguments)
        result.kind = .comparison(c)
      case .not(let inner):
        result.kind = .not(predicate(inner, &arguments))
      case .and(let operands):
        result.kind = .and(operands.map { predicate($0, &arguments) })
      case .or(let operands):
        result.kind = .or(operands.map { predicate($0, &arguments) })
      }
      return result
    }

    /// Whether `e` is a key path to a date attribute, through to-one or to-many
    /// relationships.
    private func isDate(_ e: ExpressionSyntax) -> Bool {
      guard case .keyPath(let path) = e.kind, var current = entity else { return false }
      for (position, component) in path.enumerated() {
        guard case .key(let key) = component else { return false }
        if position == path.count - 1 {
          return current.index(ofAttribute: key).map { current.attributes[$0].type == .date }
            ?? false
        }
        guard let relationship = current.relationship(named: key),
          let next = model.entity(named: relationship.destination)
        else { return false }
        current = next
      }
      return false
    }

    /// A constant (or `{…}` of constants) as `%@`, its literal appended to `arguments`;
    /// with `readingDate`, a string that spells an ISO 8601 date is passed as that `Date`, as
    /// bowq reads it.
    private func parameter(
      _ e: ExpressionSyntax, readingDate: Bool, _ arguments: inout [Value]
    ) -> ExpressionSyntax {
      func value(_ e: ExpressionSyntax) -> Value? {
        guard let value = constant(e) else { return nil }
        if readingDate, case .string(let text) = value, let date = try? ISO8601Dates.parse(text) {
          return .date(date)
        }
        return value
      }
      let argument: Value?
      switch e.kind {
      case .aggregate(let elements):
        let values = elements.map(value)
        argument = values.contains(nil) ? nil : .collection(values.compactMap { $0 })
      default: argument = value(e)
      }
      guard let argument, swiftLiteral(argument) != nil else { return e }
      arguments.append(argument)
      return ExpressionSyntax(.keyPath([.key("%@")]), range: e.range)
    }
  }

  /// The value an expression writes out: a literal, a UUID written as `CAST("…", "NSUUID")`,
  /// which an app passes as a `UUID`, or a date written as `CAST("2024-02-01T00:00:00Z",
  /// "NSDate")` (bowq's own ISO 8601 form) or `CAST(728524800, "NSDate")` (seconds since
  /// 2001, Apple's), which an app passes as a `Date`.
  static func constant(_ e: ExpressionSyntax) -> Value? {
    switch e.kind {
    case .constant(let value): return value
    case .cast(let operand, CastTarget.uuid.rawValue):
      guard case .constant(.string(let text)) = operand.kind else { return nil }
      return UUID(uuidString: text).map(Value.uuid)
    case .cast(let operand, CastTarget.date.rawValue):
      switch operand.kind {
      case .constant(.string(let text)): return (try? ISO8601Dates.parse(text)).map(Value.date)
      case .constant(.int(let seconds)):
        return .date(Date(timeIntervalSinceReferenceDate: TimeInterval(seconds)))
      case .constant(.double(let seconds)):
        return .date(Date(timeIntervalSinceReferenceDate: seconds))
      default: return nil
      }
    default: return nil
    }
  }

  /// A value as Swift source; nil for nil and values that stay in the format.
  static func swiftLiteral(_ value: Value) -> String? {
    switch value {
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .double(let d): return Value.format(d)
    case .string(let s): return Value.quoted(s)
    case .date(let d):
      return
        "Date(timeIntervalSinceReferenceDate: \(Value.format(d.timeIntervalSinceReferenceDate)))"
    case .uuid(let u): return "UUID(uuidString: \(Value.quoted(u.uuidString)))!"
    case .uri(let u): return "URL(string: \(Value.quoted(u.absoluteString)))!"
    case .collection(let elements):
      let literals = elements.map(swiftLiteral)
      return literals.contains(nil)
        ? nil : "[" + literals.compactMap { $0 }.joined(separator: ", ") + "]"
    case .null, .decimal, .data, .color, .object: return nil
    }
  }

  // MARK: Edits

  /// The batch update of the same objects, with its caveats: constants as values, other
  /// expressions as `NSExpression`s; a relationship, which a batch update cannot set, is
  /// left out.
  private static func batchUpdate(_ entity: Name, _ assignments: [Assignment]) -> [String] {
    var entries: [String] = []
    for assignment in assignments {
      guard case .expression(let e) = assignment.value, assignment.op == .set else { continue }
      entries.append("\(Value.quoted(assignment.key.text)): \(value(e))")
    }
    guard !entries.isEmpty else { return [] }
    return [
      "NSBatchUpdateRequest sets the values in the store alone: no validation, no undo, and",
      "objects already in the context keep their old values (merge the updated IDs into it):",
      "let update = NSBatchUpdateRequest(entityName: \(quoted(entity)))",
      "update.predicate = request.predicate",
      "update.propertiesToUpdate = [" + entries.joined(separator: ", ") + "]",
      "try context.execute(update)",
    ]
  }

  /// `object.setValue(…)` for one assignment; an expression of the object's values is
  /// evaluated against it.
  private static func setValue(_ assignment: Assignment, of object: String) -> String {
    guard case .expression(let e) = assignment.value, assignment.op == .set else {
      return "// \(assignment.key.text): fetch the related objects, then set them"
    }
    let key = Value.quoted(assignment.key.text)
    if case .constant(let constant) = e.kind, let literal = swiftLiteral(constant) {
      return "\(object).setValue(\(literal), forKey: \(key))"
    }
    return "\(object).setValue(NSExpression(format: \(Value.quoted(PredicateFormatter.format(e))))"
      + ".expressionValue(with: \(object), context: nil), forKey: \(key))"
  }

  /// An assigned value: a constant's literal, or an `NSExpression` of the expression.
  private static func value(_ e: ExpressionSyntax) -> String {
    if case .constant(let constant) = e.kind, let literal = swiftLiteral(constant) {
      return literal
    }
    return "NSExpression(format: \(Value.quoted(PredicateFormatter.format(e))))"
  }
}
