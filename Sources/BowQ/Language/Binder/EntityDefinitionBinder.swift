import Foundation

extension Binder {
  /// An `entity` definition checked and turned into the model's ``Entity``, with the
  /// renames it asks for (new name → earlier name).
  func bind(_ definition: EntityDefinition) throws(LanguageError) -> (Entity, [String: String]) {
    let parent = try bindParent(of: definition)
    var attributes: [Attribute] = parent?.attributes ?? []
    var relationships: [Relationship] = parent?.relationships ?? []
    var renames: [String: String] = [:]
    var names: Set<String> = []
    for property in definition.properties {
      if let parent, parent.propertyNames.contains(property.name.text) {
        throw LanguageError(
          .semantic,
          "\(definition.name.text) inherits \(property.name.text) from \(parent.name); a "
            + "sub-entity adds properties but cannot redefine an inherited one (redefine it in "
            + "\(parent.name), or give this one another name)",
          at: property.name.range)
      }
      guard names.insert(property.name.text).inserted else {
        throw LanguageError(
          .semantic, "\(definition.name.text) defines \(property.name.text) twice",
          at: property.name.range)
      }
      if let old = property.modifiers.lazy.compactMap({ m -> Name? in
        if case .renamedFrom(let old) = m { return old } else { return nil }
      }).first {
        renames[property.name.text] = old.text
      }
      if property.isToMany || isRelationship(property) {
        relationships.append(try bindRelationship(property, in: definition))
      } else {
        attributes.append(try bindAttribute(property))
      }
    }
    var uniqueness: [[String]] = parent?.uniquenessConstraints ?? []
    for group in definition.uniqueness {
      for name in group where !attributes.contains(where: { $0.name == name.text }) {
        throw LanguageError(
          .semantic,
          "unique (…) names attributes of \(definition.name.text); \"\(name.text)\" is not one."
            + NameSuggestion.hint(for: name.text, among: attributes.map(\.name)),
          at: name.range)
      }
      uniqueness.append(group.map(\.text))
    }
    let draft = Entity(
      name: definition.name.text, attributes: attributes, relationships: relationships,
      uniquenessConstraints: uniqueness,
      indexes: try bindIndexes(definition, attributes: attributes, relationships: relationships),
      parent: parent?.name, isAbstract: definition.isAbstract)
    try requireNoSubentities(changedBy: draft, at: definition.name.range)
    var inner = self
    inner.model.define(draft)
    if let mismatch = inner.model.inverseMismatch(involving: draft.name) {
      let property = definition.properties.first {
        mismatch.entity == draft.name && $0.name.text == mismatch.relationship
      }
      throw LanguageError(
        .semantic, mismatch.message, at: property?.name.range ?? definition.name.range)
    }
    var rules: [EntityRule] = parent?.rules ?? []
    for rule in definition.rules {
      _ = try inner.bind(rule.predicate, on: draft)
      rules.append(
        EntityRule(predicate: PredicateFormatter.format(rule.predicate), message: rule.message))
    }
    var entity = draft
    entity.rules = rules
    return (entity, renames)
  }

  /// The parent entity `entity Name : Parent` names: defined, and not the entity itself or
  /// one of its sub-entities.
  private func bindParent(of definition: EntityDefinition) throws(LanguageError) -> Entity? {
    guard let name = definition.parent else { return nil }
    guard let parent = model.entity(named: name.text) else {
      throw LanguageError(
        .semantic,
        "the parent entity \(name.text) is not defined; define it before \(definition.name.text)."
          + NameSuggestion.hint(for: name.text, among: model.entities.map(\.name)),
        at: name.range)
    }
    guard !model.entity(parent.name, isKindOf: definition.name.text) else {
      throw LanguageError(
        .semantic,
        "\(definition.name.text) cannot inherit from \(parent.name), which "
          + (parent.name == definition.name.text ? "is itself" : "inherits from it"),
        at: name.range)
    }
    return parent
  }

  /// Refuses to change the properties or parent of an entity that has sub-entities: they
  /// hold its properties as they were.
  private func requireNoSubentities(changedBy draft: Entity, at range: SourceRange)
    throws(LanguageError)
  {
    let children = model.subentities(of: draft.name).map(\.name)
    guard !children.isEmpty, let old = model.entity(named: draft.name),
      old.attributes != draft.attributes || old.relationships != draft.relationships
        || old.parent != draft.parent
    else { return }
    throw LanguageError(
      .semantic,
      "\(draft.name) has sub-entities (\(children.joined(separator: ", "))) that inherit its "
        + "properties; bowq does not change the properties of a parent entity: define a new "
        + "entity instead",
      at: range)
  }

  /// The `index` declarations of a definition: names unique among its indexes, each naming
  /// attributes of the entity (an index keeps attribute values, not relationships) once.
  private func bindIndexes(
    _ definition: EntityDefinition, attributes: [Attribute], relationships: [Relationship]
  ) throws(LanguageError) -> [IndexDefinition] {
    var indexes: [IndexDefinition] = []
    for declaration in definition.indexes {
      guard !indexes.contains(where: { $0.name == declaration.name.text }) else {
        throw LanguageError(
          .semantic,
          "\(definition.name.text) declares the index \(declaration.name.text) twice; "
            + "give each index its own name (index byRating (rating))",
          at: declaration.name.range)
      }
      let elements =
        declaration.elements.isEmpty
        ? [IndexDeclaration.Element(attribute: declaration.name)] : declaration.elements
      var bound: [IndexDefinition.Element] = []
      for element in elements {
        let name = element.attribute
        if relationships.contains(where: { $0.name == name.text }) {
          throw LanguageError(
            .semantic,
            "\(name.text) is a relationship; an index holds attribute values, so index an "
              + "attribute of \(definition.name.text)",
            at: name.range)
        }
        guard attributes.contains(where: { $0.name == name.text }) else {
          throw LanguageError(
            .semantic,
            "the index \(declaration.name.text) names \"\(name.text)\", which is not an "
              + "attribute of \(definition.name.text)."
              + NameSuggestion.hint(for: name.text, among: attributes.map(\.name)),
            at: name.range)
        }
        guard !bound.contains(where: { $0.attribute == name.text }) else {
          throw LanguageError(
            .semantic, "the index \(declaration.name.text) names \(name.text) twice",
            at: name.range)
        }
        bound.append(IndexDefinition.Element(attribute: name.text, ascending: element.ascending))
      }
      var kind = IndexDefinition.Kind.ordered
      if let word = declaration.kind {
        let kinds = IndexDefinition.Kind.allCases.map(\.rawValue)
        guard let named = IndexDefinition.Kind(rawValue: word.text.lowercased()) else {
          throw LanguageError(
            .semantic,
            "unknown index kind \"\(word.text)\"; use hash or ordered."
              + NameSuggestion.hint(for: word.text, among: kinds),
            at: word.range)
        }
        kind = named
      }
      indexes.append(IndexDefinition(name: declaration.name.text, elements: bound, kind: kind))
    }
    return indexes
  }

  /// A property whose type is not an attribute type names an entity: a to-one relationship.
  private func isRelationship(_ property: PropertyDefinition) -> Bool {
    property.transformer == nil && AttributeType.simpleTypes[property.typeName.text] == nil
      && property.typeName.text != "Transformable"
      && (model.entity(named: property.typeName.text) != nil
        || property.modifiers.contains {
          if case .inverse = $0 { true } else if case .deleteRule = $0 { true } else { false }
        }
        || NameSuggestion.closest(to: property.typeName.text, among: AttributeType.simpleTypes.keys)
          == nil)
  }

  private func bindRelationship(_ p: PropertyDefinition, in definition: EntityDefinition)
    throws(LanguageError) -> Relationship
  {
    if AttributeType.simpleTypes[p.typeName.text] != nil || p.typeName.text == "Transformable" {
      throw LanguageError(
        .semantic,
        "a to-many relationship holds objects of an entity, and \(p.typeName.text) is an attribute type",
        at: p.typeName.range)
    }
    // `[T]` may be empty, as a Swift array may; `min 1` requires objects.
    var relationship = Relationship(
      name: p.name.text, destination: p.typeName.text, isToMany: p.isToMany,
      isOptional: p.isToMany || p.isOptional)
    for modifier in p.modifiers {
      switch modifier {
      case .inverse(let name): relationship.inverse = name.text
      case .deleteRule(let name):
        guard
          let rule = DeleteRule.allCases.first(where: {
            $0.rawValue.lowercased() == name.text.lowercased()
          })
        else {
          throw LanguageError(
            .semantic,
            "unknown delete rule \"\(name.text)\"; use nullify, cascade, deny or noAction."
              + NameSuggestion.hint(for: name.text, among: DeleteRule.allCases.map(\.rawValue)),
            at: name.range)
        }
        relationship.deleteRule = rule
      case .ordered:
        guard p.isToMany else {
          throw LanguageError(
            .semantic,
            "ordered keeps the order of a to-many relationship's objects; \(p.name.text) is "
              + "to-one (write \(p.name.text): [\(p.typeName.text)] ordered for a to-many)",
            at: p.name.range)
        }
        relationship.isOrdered = true
      case .min(let e), .max(let e):
        guard p.isToMany else {
          throw LanguageError(
            .semantic,
            "min and max count the objects of a to-many relationship; \(p.name.text) is to-one",
            at: e.range)
        }
        guard case .int(let n)? = try bind(e, on: nil).constantValue, n >= 0,
          let count = Int(exactly: n)
        else {
          throw LanguageError(.semantic, "a count must be a whole number, 0 or more", at: e.range)
        }
        if case .min = modifier {
          relationship.minCount = count
        } else {
          relationship.maxCount = count
        }
      case .renamedFrom:
        break
      default:
        throw LanguageError(
          .semantic,
          "\(p.name.text) is a relationship to \(p.typeName.text); it takes inverse, delete, and ordered, min and max (for to-many), not attribute rules",
          at: p.name.range)
      }
    }
    if let inverse = relationship.inverse,
      let destination = model.entity(named: relationship.destination),
      destination.name != definition.name.text
    {
      let fault = relationship.inverseFault(
        destination.relationship(named: inverse),
        pointsBack: { entity in
          entity == definition.name.text
            || definition.parent.map { model.entity($0.text, isKindOf: entity) } == true
        })
      switch fault {
      case nil:
        break
      case .missing:
        throw LanguageError(
          .semantic,
          "\(destination.name) has no relationship \"\(inverse)\" to be the inverse of \(p.name.text)."
            + NameSuggestion.hint(for: inverse, among: destination.relationships.map(\.name)),
          at: p.name.range)
      case .oneSided:
        throw LanguageError(
          .semantic,
          "\(destination.name).\(inverse) names no inverse, so it cannot be the inverse of "
            + "\(definition.name.text).\(p.name.text): give it `inverse \(p.name.text)` too, so "
            + "that the two are each other's inverse",
          at: p.name.range)
      case .pointsElsewhere(let back), .namesAnother(let back):
        throw LanguageError(
          .semantic,
          "\(destination.name).\(inverse) points to \(back.destination)"
            + (back.inverse.map { " with inverse \($0)" } ?? "")
            + ", so it cannot be the inverse of \(definition.name.text).\(p.name.text)",
          at: p.name.range)
      }
    }
    return relationship
  }

  private func bindAttribute(_ a: PropertyDefinition) throws(LanguageError) -> Attribute {
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
      type = .transformable(ValueTransformerName(rawValue: transformer.text)!)
    } else if let simple = AttributeType.simpleTypes[a.typeName.text] {
      type = simple
    } else {
      let names = AttributeType.simpleTypes.keys.sorted() + ["Transformable"]
      let candidates = a.typeName.text == "Transformable" ? [] : names
      throw LanguageError(
        .semantic,
        "unknown type \"\(a.typeName.text)\"."
          + NameSuggestion.hint(for: a.typeName.text, among: candidates)
          + (a.typeName.text == "Transformable"
            ? " Name its transformer: Transformable(Color)." : ""),
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
            .semantic,
            "min and max bound numbers and dates; \(a.name.text) is \(type.name)"
              + (type == .string ? " (use minLength and maxLength for strings)" : ""),
            at: e.range)
        }
        let value = try constant(e, for: attribute, rule: "the bound")
        if case .min = modifier { attribute.minimum = value } else { attribute.maximum = value }
      case .minLength(let e), .maxLength(let e):
        guard type == .string else {
          throw LanguageError(
            .semantic, "minLength and maxLength apply to String attributes", at: e.range)
        }
        guard case .int(let n)? = try bind(e, on: nil).constantValue, n >= 0,
          let length = Int(exactly: n)
        else {
          throw LanguageError(.semantic, "a length must be a whole number, 0 or more", at: e.range)
        }
        if case .minLength = modifier {
          attribute.minLength = length
        } else {
          attribute.maxLength = length
        }
      case .matches(let e):
        guard type == .string, case .string(let pattern)? = try bind(e, on: nil).constantValue
        else {
          throw LanguageError(
            .semantic, "matches takes a regular expression in quotes, on a String attribute",
            at: e.range)
        }
        do {
          _ = try RegularExpression(pattern, options: [])
        } catch {
          throw LanguageError(.semantic, error.message, at: e.range)
        }
        attribute.pattern = pattern
      case .unique:
        attribute.isUnique = true
      case .external:
        guard type == .binary else {
          throw LanguageError(
            .semantic, "external applies to Binary attributes; \(a.name.text) is \(type.name)",
            at: a.name.range)
        }
        attribute.allowsExternalStorage = true
      case .renamedFrom:
        break
      case .inverse(let name), .deleteRule(let name):
        throw LanguageError(
          .semantic,
          "\(a.name.text) is a \(type.name) attribute; inverse and delete belong to relationships",
          at: name.range)
      case .ordered:
        throw LanguageError(
          .semantic,
          "\(a.name.text) is a \(type.name) attribute; ordered belongs to to-many relationships",
          at: a.name.range)
      }
    }
    return attribute
  }

  /// A constant for a default or bound, converted to the attribute's type.
  private func constant(_ e: ExpressionSyntax, for attribute: Attribute, rule: String)
    throws(LanguageError) -> Value
  {
    guard let value = try bind(e, on: nil).constantValue else {
      throw LanguageError(.semantic, "\(rule) of \(attribute.name) must be a constant", at: e.range)
    }
    switch AttributeCoercion.coerce(value, to: attribute) {
    case .success(let converted): return converted
    case .failure(let failure): throw LanguageError(.semantic, failure.message, at: e.range)
    }
  }
}
