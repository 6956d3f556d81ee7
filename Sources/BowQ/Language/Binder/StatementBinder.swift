import Foundation

extension Binder {
  /// Binds a statement. `selection` is the entity of the current selection, which `set`
  /// assigns to.
  func bind(_ statement: Statement, selection: Entity?) throws(LanguageError) -> BoundStatement {
    switch statement.kind {
    case .entity(let definition):
      let (entity, renames) = try bind(definition)
      return .defineEntity(entity, renames: renames)
    case .importPlist(let path, let name):
      return .importPlist(path: path, entity: try entity(name))
    case .importModel(let path):
      return .importModel(path: path)
    case .export(let request):
      return .export(try bind(request, range: statement.range))
    case .fetch(let request):
      return .fetch(try bind(request))
    case .count(let name, let predicate):
      let entity = try entity(name)
      return .count(entity, try bindFilter(predicate, on: entity))
    case .set(let assignments):
      guard let selection else {
        throw LanguageError(
          .semantic,
          "there is no current selection: `set` changes the objects of the last fetch; run `fetch Entity where …` first",
          at: statement.range)
      }
      return .set(try bind(assignments, on: selection))
    case .insert(let name, let assignments):
      let entity = try entity(name)
      return .insert(entity, try bind(assignments, on: entity))
    case .update(let name, let predicate, let assignments):
      let entity = try entity(name)
      return .update(
        entity, try bindFilter(predicate, on: entity), try bind(assignments, on: entity))
    case .delete(let name, let predicate):
      let entity = try entity(name)
      return .delete(entity, try bindFilter(predicate, on: entity))
    case .save: return .save
    case .rollback: return .rollback
    case .changes(let all): return .changes(all: all)
    case .undo: return .undo
    case .redo: return .redo
    case .validate: return .validate
    case .why(let request): return .why(request)
    case .show(.selection): return .show(.selection)
    case .show(.object(let reference)):
      return .show(.object(reference, try entity(reference.entity)))
    case .show(.matching(let name, let predicate)):
      let entity = try entity(name)
      return .show(.matching(entity, try bindFilter(predicate, on: entity)))
    case .explain(let inner), .explainAnalyze(let inner):
      return try bind(inner, selection: selection)
    }
  }

  /// A `where` clause, when there is one.
  func bindFilter(_ predicate: PredicateSyntax?, on entity: Entity) throws(LanguageError)
    -> BoundPredicate?
  {
    guard let predicate else { return nil }
    return try bind(predicate, on: entity)
  }

  /// `range`: the statement's, where an export format that cannot be told is reported.
  private func bind(_ request: ExportRequest, range: SourceRange) throws(LanguageError)
    -> BoundExport
  {
    let entity = try entity(request.entity)
    let format: ExportFormat
    if let name = request.format {
      guard let named = ExportFormat(rawValue: name.text.lowercased()) else {
        throw LanguageError(
          .semantic, "unknown export format \"\(name.text)\"; use \(ExportFormat.names)",
          at: name.range)
      }
      format = named
    } else {
      let fileExtension = URL(fileURLWithPath: request.path).pathExtension
      guard let told = ExportFormat(extension: fileExtension) else {
        throw LanguageError(
          .semantic,
          "cannot tell the export format from \".\(fileExtension)\": name the file .json, "
            + ".jsonl, .csv, .xml or .plist, or add `as json` (\(ExportFormat.names))",
          at: range)
      }
      format = told
    }
    return BoundExport(
      entity: entity, predicate: try bindFilter(request.predicate, on: entity), path: request.path,
      format: format)
  }

  func bind(_ assignments: [Assignment], on entity: Entity) throws(LanguageError)
    -> [BoundAssignment]
  {
    var bound: [BoundAssignment] = []
    var seen: Set<String> = []
    for assignment in assignments {
      let key = assignment.key
      guard seen.insert(key.text).inserted else {
        throw LanguageError(
          .semantic, "\(key.text) is assigned twice in one statement", at: key.range)
      }
      if let index = entity.index(ofAttribute: key.text) {
        bound.append(
          try bindAttributeAssignment(assignment, index, entity.attributes[index], on: entity))
      } else if let slot = entity.slot(ofRelationship: key.text),
        let relationship = entity.relationship(named: key.text)
      {
        bound.append(try bindRelationshipAssignment(assignment, slot, relationship, on: entity))
      } else {
        throw unknownProperty(key.text, of: entity, at: key.range)
      }
    }
    return bound
  }

  private func bindAttributeAssignment(
    _ assignment: Assignment, _ index: Int, _ attribute: Attribute, on entity: Entity
  ) throws(LanguageError) -> BoundAssignment {
    guard assignment.op == .set else {
      throw LanguageError(
        .semantic,
        "\(assignment.op.rawValue) adds to or removes from a to-many relationship; \(attribute.name) is an attribute: write \(attribute.name) = …",
        at: assignment.key.range)
    }
    guard case .expression(let expression) = assignment.value else {
      throw LanguageError(
        .semantic,
        "\(attribute.name) is a \(attribute.type.name) attribute, not a relationship: it takes a value, not objects",
        at: assignment.value.range)
    }
    let value = try bind(expression, on: entity)
    guard AttributeCoercion.accepts(value.type, for: attribute.type) else {
      throw LanguageError(
        .semantic,
        "cannot store \(value.type) in \(attribute.name), which is \(attribute.type.name)",
        at: expression.range)
    }
    if let constant = value.constantValue,
      case .failure(let failure) = AttributeCoercion.coerce(constant, to: attribute)
    {
      throw LanguageError(.semantic, failure.message, at: expression.range)
    }
    return BoundAssignment(
      target: .attribute(index: index, attribute), op: .set, value: .expression(value),
      range: assignment.value.range)
  }

  private func bindRelationshipAssignment(
    _ assignment: Assignment, _ slot: Int, _ relationship: Relationship, on entity: Entity
  ) throws(LanguageError) -> BoundAssignment {
    if assignment.op != .set, !relationship.isToMany {
      throw LanguageError(
        .semantic,
        "\(relationship.name) is a to-one relationship: set it with \(relationship.name) = …; \(assignment.op.rawValue) is for to-many relationships",
        at: assignment.key.range)
    }
    let destination = ValueType.object(entity: relationship.destination)
    let value: BoundAssignedValue
    switch assignment.value {
    case .objects(let name, let predicate):
      let target = try self.entity(name)
      try requireDestination(target, of: relationship, at: name.range)
      value = .objects(target, try bind(predicate, on: target))
    case .expression(let expression):
      if case .keyPath(let path) = expression.kind, path.count == 1, case .key(let name) = path[0],
        entity.index(ofAttribute: name) == nil, entity.slot(ofRelationship: name) == nil,
        let target = model.entity(named: name)
      {
        try requireDestination(target, of: relationship, at: expression.range)
        value = .objects(target, nil)
      } else {
        let bound = try bind(expression, on: entity)
        let fits =
          [.null, .unknown, destination, .collection(of: destination), .collection(of: .unknown)]
          .contains(bound.type)
        guard fits else {
          throw LanguageError(
            .semantic,
            "\(relationship.name) holds \(relationship.destination) objects, not \(bound.type); choose them with `\(relationship.name) = \(relationship.destination) where …`",
            at: expression.range)
        }
        value = .expression(bound)
      }
    }
    return BoundAssignment(
      target: .relationship(slot: slot, relationship), op: assignment.op, value: value,
      range: assignment.value.range)
  }

  private func requireDestination(
    _ target: Entity, of relationship: Relationship, at range: SourceRange
  )
    throws(LanguageError)
  {
    guard model.entity(target.name, isKindOf: relationship.destination) else {
      throw LanguageError(
        .semantic,
        "\(relationship.name) holds \(relationship.destination) objects, not \(target.name) objects",
        at: range)
    }
  }
}
