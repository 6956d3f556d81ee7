extension Binder {
  /// A key path from the evaluated object: attributes, relationships, and through them,
  /// as far as the path goes.
  func bindKeyPath(
    _ components: [KeyPathComponent], on entity: Entity?, range: SourceRange
  ) throws(LanguageError) -> BoundExpression {
    guard let entity else {
      guard isDynamic else {
        throw LanguageError(
          .semantic, "a key path needs an object to evaluate against; none is in scope here",
          at: range)
      }
      let root = BoundExpression(kind: .dynamic(.root), type: .unknown, range: range)
      return try applyComponents(components[...], to: root, range: range)
    }
    let start = BoundExpression(
      kind: .evaluatedObject(entity: entity.name), type: .object(entity: entity.name), range: range)
    return try applyComponents(components[...], to: start, range: range)
  }

  /// The rest of a key path after a value: properties of objects (mapped over collections
  /// of objects) and collection operators (`ties.@count`, `ties.@avg.rating`).
  func applyComponents(
    _ components: ArraySlice<KeyPathComponent>, to base: BoundExpression, range: SourceRange
  ) throws(LanguageError) -> BoundExpression {
    var result = base
    var rest = components
    while let component = rest.popFirst() {
      switch component {
      case .collectionOperator(let name):
        guard let op = AggregateOperation(collectionOperator: name) else {
          let message =
            "unknown collection operator @\(name)."
            + NameSuggestion.hint(for: name, among: AggregateOperation.collectionOperatorNames)
          guard isDynamic else { throw LanguageError(.semantic, message, at: range) }
          return failingWhenEvaluated(message, at: range)
        }
        guard result.type.isCollection || result.type == .unknown else {
          throw LanguageError(
            .semantic, "@\(name) needs a collection, but this is \(result.type)", at: range)
        }
        let operand = try applyComponents(rest, to: result, range: range)
        rest = []
        result = try foldOrKeep(
          BoundExpression(
            kind: .collectionOperator(op, operand), type: op.resultType(operand.type),
            range: range))
      case .key(let key):
        result = try property(key, of: result, range: range)
      case .variable(let name):
        let named = try bind(ExpressionSyntax(.variable(name), range: range), on: nil)
        guard case .string(let key)? = named.constantValue else {
          guard isDynamic else {
            throw LanguageError(
              .semantic,
              "$\(name) names a key of the key path, so its value must be a string, not "
                + "\(named.type)",
              at: range)
          }
          result = BoundExpression(
            kind: .dynamic(.keyNamed(by: named, of: result)), type: .unknown, range: range)
          continue
        }
        result = try property(key, of: result, range: range)
      }
    }
    return result
  }

  /// One key applied to an object (or to each object of a collection).
  private func property(_ key: String, of base: BoundExpression, range: SourceRange)
    throws(LanguageError) -> BoundExpression
  {
    if isDynamic, base.type == .unknown || base.type == .collection(of: .unknown) {
      return BoundExpression(kind: .dynamic(.key(key, of: base)), type: .unknown, range: range)
    }
    if let function = ValueKey.function(for: key, on: base.type) {
      // A key KVC answers on values: NSString's `length`, NSNumber's `stringValue`, ….
      return BoundExpression(
        kind: .function(function, [base]), type: function.resultType([base.type]), range: range)
    }
    let entityName: String
    let isMany: Bool
    switch base.type {
    case .object(let name):
      (entityName, isMany) = (name, false)
    case .collection(.object(let name)):
      (entityName, isMany) = (name, true)
    case .unknown:
      throw LanguageError(
        .semantic, "cannot follow the key \"\(key)\" of a value whose type is not known", at: range)
    default:
      let valueKeys = ValueKey.keys(of: base.type)
      let answers =
        valueKeys.isEmpty
        ? ""
        : NameSuggestion.hint(for: key, among: valueKeys) + " Its values answer the keys "
          + valueKeys.joined(separator: ", ") + "."
      if case .property(_, let owner, let slot) = base.kind,
        let entity = model.entity(named: owner),
        slot < entity.attributes.count
      {
        let attribute = entity.attributes[slot]
        throw LanguageError(
          .semantic,
          "\(attribute.name) is a \(attribute.type.name) attribute, not a relationship: the key path cannot go on to \"\(key)\"."
            + answers,
          at: range)
      }
      throw LanguageError(
        .semantic, "cannot take the key \"\(key)\" of \(base.type)." + answers, at: range)
    }
    guard let entity = model.entity(named: entityName) else {
      throw LanguageError(
        .semantic, "the entity \(entityName) is not defined (yet)", at: range)
    }
    let type: ValueType
    let slot: Int
    if let index = entity.index(ofAttribute: key) {
      slot = index
      type = ValueType(entity.attributes[index].type)
    } else if let relationshipSlot = entity.slot(ofRelationship: key),
      let relationship = entity.relationship(named: key)
    {
      slot = relationshipSlot
      let destination = ValueType.object(entity: relationship.destination)
      type = relationship.isToMany ? .collection(of: destination) : destination
    } else {
      throw unknownProperty(key, of: entity, at: range)
    }
    let kind: BoundExpression.Kind =
      if case .evaluatedObject = base.kind { .slot(slot) } else {
        .property(of: base, entity: entityName, slot: slot)
      }
    let flattened: ValueType =
      isMany ? (type.isCollection ? type : .collection(of: type)) : type
    return BoundExpression(kind: kind, type: flattened, range: range)
  }

  /// `SUBQUERY(collection, $x, predicate)`: the predicate sees `$x` as each element and bare
  /// key paths as the outer object.
  func bindSubquery(
    _ collection: ExpressionSyntax, _ variable: String, _ predicate: PredicateSyntax,
    on entity: Entity?, range: SourceRange
  ) throws(LanguageError) -> BoundExpression {
    let source = try bind(collection, on: entity)
    guard source.type.isCollection || source.type == .unknown else {
      throw LanguageError(
        .semantic, "SUBQUERY needs a collection (a to-many key path), but this is \(source.type)",
        at: collection.range)
    }
    let bound = try scope(of: variable, over: source.type).bind(predicate, on: entity)
    return BoundExpression(
      kind: .subquery(source, variable: locals.count, bound), type: source.type, range: range)
  }

  /// The binder of a SUBQUERY's predicate: `variable` in scope as each element of a
  /// collection of type `collection`, at the next slot among the locals.
  func scope(of variable: String, over collection: ValueType) -> Binder {
    var inner = self
    inner.locals[variable] = (locals.count, collection.elementType)
    return inner
  }
}
