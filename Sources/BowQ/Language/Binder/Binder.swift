import Foundation

/// Resolves the names in predicates and expressions against the model, checks their types
/// and folds constants, producing the bound forms the compiler turns into closures.
///
/// Errors are reported here, before any object is evaluated, with the source range of the
/// offending name or operator. The binder is lenient where Foundation is (an `==` between a
/// string and a number is simply false) and strict where Foundation would throw at run time
/// (ordering a string against a number).
struct Binder {
  var model: Model
  /// Values for `$name` substitution variables.
  var variables: [String: Value]
  /// The reading of the clock used to fold constants; `now()` itself stays live.
  var now: Date

  // MARK: Entities

  func entity(_ name: Name) throws(LanguageError) -> Entity {
    if let entity = model.entity(named: name.text) { return entity }
    let names = model.entities.map(\.name)
    let known =
      names.isEmpty
      ? " The store has no entities yet: define one with `entity Name { … }`."
      : NameSuggestion.hint(for: name.text, among: names)
    throw LanguageError(.semantic, "unknown entity \"\(name.text)\".\(known)", at: name.range)
  }

  func attribute(_ name: Name, of entity: Entity) throws(LanguageError) -> (Int, Attribute) {
    if let index = entity.index(ofAttribute: name.text) {
      return (index, entity.attributes[index])
    }
    throw unknownAttribute(name.text, of: entity, at: name.range)
  }

  func unknownAttribute(_ name: String, of entity: Entity, at range: SourceRange) -> LanguageError {
    LanguageError(
      .semantic,
      "unknown attribute \"\(name)\" on \(entity.name)."
        + NameSuggestion.hint(for: name, among: entity.attributes.map(\.name)),
      at: range)
  }

  // MARK: Predicates

  func bind(_ predicate: PredicateSyntax, on entity: Entity?) throws(LanguageError) -> BoundPredicate {
    switch predicate.kind {
    case .constant(let value):
      return .constant(value)
    case .not(let inner):
      return .not(try bind(inner, on: entity))
    case .and(let operands):
      var bound: [BoundPredicate] = []
      for operand in operands { bound.append(try bind(operand, on: entity)) }
      return .and(bound)
    case .or(let operands):
      var bound: [BoundPredicate] = []
      for operand in operands { bound.append(try bind(operand, on: entity)) }
      return .or(bound)
    case .comparison(let comparison):
      return .comparison(try bind(comparison, on: entity, range: predicate.range))
    }
  }

  func bind(_ c: Comparison, on entity: Entity?, range: SourceRange) throws(LanguageError)
    -> BoundComparison
  {
    let lhs = try bind(c.lhs, on: entity)
    let rhs = try bind(c.rhs, on: entity)
    let opText = c.op.rawValue
    func fail(_ message: String, _ at: SourceRange = c.operatorRange) -> LanguageError {
      LanguageError(.semantic, message, at: at)
    }
    if c.modifier != .direct, lhs.type != .collection, lhs.type != .unknown {
      throw fail(
        "\(c.modifier.rawValue) needs a collection on its left (a to-many key path or {…}), but \(describe(c.lhs)) is \(lhs.type)",
        c.lhs.range)
    }
    let elementType = c.modifier == .direct ? lhs.type : .unknown
    switch c.op {
    case .equal, .notEqual:
      break
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      try checkOrderable(elementType, rhs.type, c, fail)
    case .between:
      let boundTypes: [ValueType]
      switch rhs.kind {
      case .aggregate(let bounds): boundTypes = bounds.map(\.type)
      case .constant(.collection(let bounds)): boundTypes = bounds.map(ValueType.init(of:))
      default: boundTypes = []
      }
      guard boundTypes.count == 2 else {
        if rhs.type == .unknown { break }
        throw fail("BETWEEN needs two bounds on its right, as in BETWEEN {1, 5}", c.rhs.range)
      }
      for type in boundTypes { try checkOrderable(elementType, type, c, fail) }
    case .in:
      guard [.collection, .string, .unknown, .null].contains(rhs.type) else {
        throw fail(
          "IN needs a collection such as {1, 2} or a string on its right, not \(rhs.type)",
          c.rhs.range)
      }
      if rhs.type == .string, ![.string, .unknown, .null].contains(elementType) {
        throw fail("IN with a string on its right needs a string on its left, not \(elementType)", c.lhs.range)
      }
    case .contains where elementType == .collection:
      break
    case .beginsWith, .endsWith, .contains, .like, .matches:
      for (side, expression) in [(lhs, c.lhs), (rhs, c.rhs)]
      where ![.string, .unknown, .null].contains(side.type)
        && !(side.type == .collection && c.modifier != .direct && expression == c.lhs)
      {
        throw fail("\(opText) compares strings, but \(describe(expression)) is \(side.type)", expression.range)
      }
      if c.op == .matches, case .string(let pattern)? = rhs.constantValue {
        do {
          _ = try NSRegularExpression(pattern: pattern)
        } catch {
          throw fail("invalid regular expression \(Value.quoted(pattern))", c.rhs.range)
        }
      }
    }
    return BoundComparison(
      modifier: c.modifier, lhs: lhs, op: c.op, options: c.options, rhs: rhs, range: range)
  }

  private func checkOrderable(
    _ lhs: ValueType, _ rhs: ValueType, _ c: Comparison,
    _ fail: (String, SourceRange) -> LanguageError
  ) throws(LanguageError) {
    guard !lhs.isComparable(with: rhs) else { return }
    var message = "cannot compare \(describe(c.lhs)) (\(lhs)) with \(rhs) using \(c.op.rawValue)"
    if lhs == .date, rhs == .string {
      message += "; write a date as CAST(\"2024-01-31T12:00:00Z\", \"NSDate\")"
    }
    throw fail(message, c.operatorRange)
  }

  /// How an expression is named in a message: its key path, or "the expression".
  private func describe(_ e: ExpressionSyntax) -> String {
    if case .keyPath = e.kind { return PredicateFormatter.format(e) }
    if case .constant(let v) = e.kind { return v.literalText }
    return "the expression \(PredicateFormatter.format(e))"
  }

  // MARK: Expressions

  func bind(_ e: ExpressionSyntax, on entity: Entity?) throws(LanguageError) -> BoundExpression {
    let range = e.range
    switch e.kind {
    case .constant(let v):
      return BoundExpression(kind: .constant(v), type: ValueType(of: v), range: range)
    case .variable(let name):
      guard let value = variables[name] else {
        throw LanguageError(
          .semantic,
          "unbound variable $\(name)."
            + (variables.isEmpty
              ? " Give it a value with `.param set \(name) VALUE`."
              : NameSuggestion.hint(for: name, among: variables.keys)),
          at: range)
      }
      return BoundExpression(kind: .constant(value), type: ValueType(of: value), range: range)
    case .keyPath(let components):
      return try bindKeyPath(components, on: entity, range: range)
    case .evaluatedObject:
      throw LanguageError(
        .semantic, "SELF is not supported here yet; name an attribute instead", at: range)
    case .aggregate(let elements):
      var bound: [BoundExpression] = []
      for element in elements { bound.append(try bind(element, on: entity)) }
      return fold(BoundExpression(kind: .aggregate(bound), type: .collection, range: range))
    case .negate(let operand):
      let bound = try bind(operand, on: entity)
      try requireNumeric(bound, operand, "-")
      return try foldOrKeep(BoundExpression(kind: .negate(bound), type: bound.type, range: range))
    case .arithmetic(let op, let l, let r):
      let lhs = try bind(l, on: entity)
      let rhs = try bind(r, on: entity)
      try requireNumeric(lhs, l, op.rawValue)
      try requireNumeric(rhs, r, op.rawValue)
      let type: ValueType =
        op == .power
        ? .double
        : (lhs.type == .integer && rhs.type == .integer
          ? .integer : (lhs.type == .unknown || rhs.type == .unknown ? .unknown : .double))
      return try foldOrKeep(
        BoundExpression(kind: .arithmetic(op, lhs, rhs), type: type, range: range))
    case .function(let name, let arguments):
      guard let function = BuiltinFunction(rawValue: name) else {
        throw LanguageError(
          .semantic,
          "unknown function \(name)()."
            + NameSuggestion.hint(for: name, among: BuiltinFunction.allCases.map(\.rawValue)),
          at: range)
      }
      guard arguments.count == function.arity else {
        throw LanguageError(
          .semantic,
          "\(name)() takes \(function.arity) argument\(function.arity == 1 ? "" : "s"), not \(arguments.count)",
          at: range)
      }
      var bound: [BoundExpression] = []
      for argument in arguments {
        let b = try bind(argument, on: entity)
        if let expected = function.expectedArgument, b.type != .unknown, b.type != .null,
          !(expected == .double && b.type.isNumeric), b.type != expected
        {
          throw LanguageError(
            .semantic, "\(name)() takes \(expected), not \(b.type)", at: argument.range)
        }
        bound.append(b)
      }
      let result = BoundExpression(
        kind: .function(function, bound), type: function.resultType(bound.map(\.type)),
        range: range)
      return function == .now ? result : try foldOrKeep(result)
    case .cast(let value, let typeName):
      guard let target = CastTarget(rawValue: typeName) else {
        throw LanguageError(
          .semantic,
          "CAST to \"\(typeName)\" is not supported; use \(CastTarget.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))",
          at: range)
      }
      let bound = try bind(value, on: entity)
      let type: ValueType =
        switch target {
        case .date: .date
        case .number: .double
        case .string: .string
        }
      return try foldOrKeep(BoundExpression(kind: .cast(bound, target), type: type, range: range))
    case .index(let base, let selector):
      let bound = try bind(base, on: entity)
      let boundSelector: BoundIndex
      switch selector {
      case .first: boundSelector = .first
      case .last: boundSelector = .last
      case .size: boundSelector = .size
      case .at(let index): boundSelector = .at(try bind(index, on: entity))
      }
      let type: ValueType = if case .size = boundSelector { .integer } else { .unknown }
      return try foldOrKeep(
        BoundExpression(kind: .index(bound, boundSelector), type: type, range: range))
    case .member(let base, let components):
      let bound = try bind(base, on: entity)
      return try applyComponents(components, to: bound, range: range)
    case .subquery:
      throw LanguageError(
        .semantic, "SUBQUERY needs a to-many relationship, and this model has none", at: range)
    }
  }

  private func bindKeyPath(
    _ components: [KeyPathComponent], on entity: Entity?, range: SourceRange
  ) throws(LanguageError) -> BoundExpression {
    guard let entity else {
      throw LanguageError(
        .semantic, "a key path needs an object to evaluate against; none is in scope here",
        at: range)
    }
    guard case .key(let first) = components[0] else {
      throw LanguageError(
        .semantic, "a collection operator needs a collection before it, as in ties.@count",
        at: range)
    }
    guard let index = entity.index(ofAttribute: first) else {
      throw unknownAttribute(first, of: entity, at: range)
    }
    let attribute = entity.attributes[index]
    let bound = BoundExpression(
      kind: .attribute(index: index, attribute), type: ValueType(attribute.type), range: range)
    return try applyComponents(Array(components.dropFirst()), to: bound, range: range)
  }

  /// The rest of a key path after a value: collection operators on collections.
  private func applyComponents(
    _ components: [KeyPathComponent], to base: BoundExpression, range: SourceRange
  ) throws(LanguageError) -> BoundExpression {
    var result = base
    for component in components {
      switch component {
      case .collectionOperator(let name):
        guard let op = CollectionOperator(rawValue: name) else {
          throw LanguageError(
            .semantic,
            "unknown collection operator @\(name)."
              + NameSuggestion.hint(for: name, among: CollectionOperator.allCases.map(\.rawValue)),
            at: range)
        }
        guard result.type == .collection || result.type == .unknown else {
          throw LanguageError(
            .semantic, "@\(name) needs a collection, but this is \(result.type)", at: range)
        }
        result = try foldOrKeep(
          BoundExpression(
            kind: .collectionOperator(op, result), type: op == .count ? .integer : .unknown,
            range: range))
      case .key(let key):
        if case .attribute(_, let attribute) = result.kind {
          throw LanguageError(
            .semantic,
            "\(attribute.name) is a \(attribute.type.name) attribute, not a relationship: the key path cannot go on to \"\(key)\"",
            at: range)
        }
        throw LanguageError(
          .semantic, "cannot take the key \"\(key)\" of \(result.type)", at: range)
      }
    }
    return result
  }

  private func requireNumeric(_ bound: BoundExpression, _ e: ExpressionSyntax, _ op: String)
    throws(LanguageError)
  {
    guard bound.type.isNumeric || bound.type == .unknown || bound.type == .null else {
      throw LanguageError(
        .semantic, "\"\(op)\" needs numbers, but \(describe(e)) is \(bound.type)", at: e.range)
    }
  }

  // MARK: Constant folding

  /// An aggregate of constants becomes one constant collection.
  private func fold(_ e: BoundExpression) -> BoundExpression {
    guard case .aggregate(let elements) = e.kind else { return e }
    let values = elements.compactMap(\.constantValue)
    guard values.count == elements.count else { return e }
    return BoundExpression(kind: .constant(.collection(values)), type: .collection, range: e.range)
  }

  /// Evaluates an expression whose operands are all constants now, so evaluation does not
  /// repeat it for every object; an evaluation error becomes a binding error.
  private func foldOrKeep(_ e: BoundExpression) throws(LanguageError) -> BoundExpression {
    guard e.isConstantFoldable else { return e }
    do {
      let value = try ExpressionCompiler(now: now).compile(e)([])
      return BoundExpression(kind: .constant(value), type: ValueType(of: value), range: e.range)
    } catch {
      throw LanguageError(.semantic, error.message, at: error.range)
    }
  }
}

extension BoundExpression {
  /// Whether every leaf is a constant (no attribute, no `now()`).
  fileprivate var isConstantFoldable: Bool {
    switch kind {
    case .constant: return true
    case .attribute: return false
    case .aggregate(let elements): return elements.allSatisfy(\.isConstantFoldable)
    case .negate(let x), .cast(let x, _), .collectionOperator(_, let x): return x.isConstantFoldable
    case .arithmetic(_, let l, let r): return l.isConstantFoldable && r.isConstantFoldable
    case .function(let f, let arguments):
      return f != .now && arguments.allSatisfy(\.isConstantFoldable)
    case .index(let base, let selector):
      if case .at(let i) = selector, !i.isConstantFoldable { return false }
      return base.isConstantFoldable
    }
  }
}
