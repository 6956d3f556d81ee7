import Foundation

extension Binder {
  /// Binds a statement. `selection` is the entity of the current selection, which `set`
  /// assigns to.
  func bind(_ statement: Statement, selection: Entity?) throws(LanguageError) -> BoundStatement {
    switch statement.kind {
    case .entity(let definition):
      return .defineEntity(try bind(definition))
    case .importPlist(let path, let name):
      return .importPlist(path: path, entity: try entity(name))
    case .fetch(let request):
      let entity = try entity(request.entity)
      var sort: [(Int, Bool)] = []
      for key in request.sort {
        sort.append((try attribute(key.key, of: entity).0, key.ascending))
      }
      return .fetch(
        BoundFetch(
          entity: entity, predicate: try request.predicate.map { p throws(LanguageError) in try bind(p, on: entity) },
          sort: sort, limit: request.limit, offset: request.offset))
    case .count(let name, let predicate):
      let entity = try entity(name)
      return .count(entity, try predicate.map { p throws(LanguageError) in try bind(p, on: entity) })
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
        entity, try predicate.map { p throws(LanguageError) in try bind(p, on: entity) },
        try bind(assignments, on: entity))
    case .delete(let name, let predicate):
      let entity = try entity(name)
      return .delete(entity, try predicate.map { p throws(LanguageError) in try bind(p, on: entity) })
    case .save: return .save
    case .rollback: return .rollback
    case .changes: return .changes
    case .undo: return .undo
    case .redo: return .redo
    case .validate: return .validate
    case .explain(let inner):
      return try bind(inner, selection: selection)
    }
  }

  func bind(_ assignments: [Assignment], on entity: Entity) throws(LanguageError)
    -> [BoundAssignment]
  {
    var bound: [BoundAssignment] = []
    var seen: Set<String> = []
    for assignment in assignments {
      let (index, attribute) = try attribute(assignment.key, of: entity)
      guard seen.insert(attribute.name).inserted else {
        throw LanguageError(
          .semantic, "\(attribute.name) is assigned twice in one statement", at: assignment.key.range)
      }
      let value = try bind(assignment.value, on: entity)
      guard AttributeCoercion.accepts(value.type, for: attribute.type) else {
        throw LanguageError(
          .semantic,
          "cannot store \(value.type) in \(attribute.name), which is \(attribute.type.name)",
          at: assignment.value.range)
      }
      if let constant = value.constantValue,
        case .failure(let failure) = AttributeCoercion.coerce(constant, to: attribute)
      {
        throw LanguageError(.semantic, failure.message, at: assignment.value.range)
      }
      bound.append(BoundAssignment(index: index, attribute: attribute, value: value))
    }
    return bound
  }

  /// An `entity` definition checked and turned into the model's ``Entity``.
  func bind(_ definition: EntityDefinition) throws(LanguageError) -> Entity {
    var attributes: [Attribute] = []
    for a in definition.attributes {
      guard !attributes.contains(where: { $0.name == a.name.text }) else {
        throw LanguageError(
          .semantic, "\(definition.name.text) defines \(a.name.text) twice", at: a.name.range)
      }
      attributes.append(try bind(a))
    }
    return Entity(name: definition.name.text, attributes: attributes)
  }

  private func bind(_ a: AttributeDefinition) throws(LanguageError) -> Attribute {
    let type: AttributeType
    if let transformer = a.transformer {
      guard a.typeName.text == "Transformable" else {
        throw LanguageError(
          .semantic, "only Transformable takes a value transformer in parentheses",
          at: transformer.range)
      }
      let builtIns = ValueTransformerName.allCases.map(\.rawValue)
      if !builtIns.contains(transformer.text),
        let near = NameSuggestion.closest(to: transformer.text, among: builtIns)
      {
        throw LanguageError(
          .semantic,
          "unknown value transformer \"\(transformer.text)\". Did you mean \"\(near)\"? "
            + "(A transformer bowq does not know stores its values as binary data.)",
          at: transformer.range)
      }
      let name = ValueTransformerName(rawValue: transformer.text)!
      type = .transformable(name)
    } else if let simple = AttributeType.simpleTypes[a.typeName.text] {
      type = simple
    } else {
      // Bare Transformable is not suggested to itself: it needs its transformer instead.
      let names = (AttributeType.simpleTypes.keys.sorted() + ["Transformable"])
        .filter { $0 != a.typeName.text }
      throw LanguageError(
        .semantic,
        "unknown type \"\(a.typeName.text)\"."
          + NameSuggestion.hint(for: a.typeName.text, among: names)
          + (a.typeName.text == "Transformable" ? " Name its transformer: Transformable(Color)." : ""),
        at: a.typeName.range)
    }
    var attribute = Attribute(name: a.name.text, type: type, isOptional: a.isOptional)
    for modifier in a.modifiers {
      switch modifier {
      case .defaultValue(let e):
        attribute.defaultValue = try constant(e, for: attribute, rule: "default")
      case .min(let e), .max(let e):
        guard type.isNumeric || type == .date else {
          throw LanguageError(
            .semantic, "min and max bound numbers and dates; \(a.name.text) is \(type.name)"
              + (type == .string ? " (use minLength and maxLength for strings)" : ""),
            at: e.range)
        }
        let value = try constant(e, for: attribute, rule: "the bound")
        if case .min = modifier { attribute.minimum = value } else { attribute.maximum = value }
      case .minLength(let e), .maxLength(let e):
        guard type == .string else {
          throw LanguageError(.semantic, "minLength and maxLength apply to String attributes", at: e.range)
        }
        guard case .int(let n)? = try bind(e, on: nil).constantValue, n >= 0, let length = Int(exactly: n) else {
          throw LanguageError(.semantic, "a length must be a whole number, 0 or more", at: e.range)
        }
        if case .minLength = modifier { attribute.minLength = length } else { attribute.maxLength = length }
      case .matches(let e):
        guard type == .string, case .string(let pattern)? = try bind(e, on: nil).constantValue else {
          throw LanguageError(.semantic, "matches takes a regular expression in quotes, on a String attribute", at: e.range)
        }
        do {
          _ = try NSRegularExpression(pattern: pattern)
        } catch {
          throw LanguageError(.semantic, "invalid regular expression \(Value.quoted(pattern))", at: e.range)
        }
        attribute.pattern = pattern
      case .unique:
        attribute.isUnique = true
      case .external:
        guard type == .binary else {
          throw LanguageError(.semantic, "external applies to Binary attributes; \(a.name.text) is \(type.name)", at: a.name.range)
        }
        attribute.allowsExternalStorage = true
      }
    }
    return attribute
  }

  /// A constant for a default or bound, converted to the attribute's type.
  private func constant(_ e: ExpressionSyntax, for attribute: Attribute, rule: String) throws(LanguageError) -> Value {
    guard let value = try bind(e, on: nil).constantValue else {
      throw LanguageError(.semantic, "\(rule) of \(attribute.name) must be a constant", at: e.range)
    }
    switch AttributeCoercion.coerce(value, to: attribute) {
    case .success(let converted): return converted
    case .failure(let failure): throw LanguageError(.semantic, failure.message, at: e.range)
    }
  }
}
