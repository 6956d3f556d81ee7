import Foundation

extension Binder {
  /// Why `$name` has no value: a script's argument (`$2`) that was not given, or a variable
  /// never set, with the closest name set.
  private func unboundVariableMessage(_ name: String) -> String {
    func isArgument(_ name: String) -> Bool { Int(name) != nil && name.first != "-" }
    if isArgument(name) {
      let given = variables.keys.filter(isArgument).count
      return "the script needs argument \(name), but was given \(given): pass it after the "
        + "script's name (bowq script.bowq ARGUMENT…), or give it with `.param set \(name) VALUE`"
    }
    guard !variables.isEmpty else {
      return "unbound variable $\(name). Give it a value with `.param set \(name) VALUE`."
    }
    return "unbound variable $\(name)."
      + NameSuggestion.hint(for: name, among: Array(variables.keys) + Array(locals.keys))
  }

  func bind(_ e: ExpressionSyntax, on entity: Entity?) throws(LanguageError) -> BoundExpression {
    let range = e.range
    switch e.kind {
    case .constant(let v):
      return BoundExpression(kind: .constant(v), type: ValueType(of: v), range: range)
    case .variable(let name):
      if let local = locals[name] {
        return BoundExpression(kind: .local(local.slot), type: local.type, range: range)
      }
      guard let value = variables[name] else {
        if isDynamic {
          return BoundExpression(kind: .dynamic(.variable(name)), type: .unknown, range: range)
        }
        throw LanguageError(.semantic, unboundVariableMessage(name), at: range)
      }
      return BoundExpression(kind: .constant(value), type: ValueType(of: value), range: range)
    case .keyPath(let components):
      return try bindKeyPath(components, on: entity, range: range)
    case .evaluatedObject:
      guard let entity else {
        if isDynamic { return BoundExpression(kind: .dynamic(.root), type: .unknown, range: range) }
        throw LanguageError(.semantic, "SELF needs an object to evaluate against", at: range)
      }
      return BoundExpression(
        kind: .evaluatedObject(entity: entity.name), type: .object(entity: entity.name),
        range: range)
    case .aggregate(let elements):
      var bound: [BoundExpression] = []
      for element in elements { bound.append(try bind(element, on: entity)) }
      let types = Set(bound.map(\.type))
      return fold(
        BoundExpression(
          kind: .aggregate(bound),
          type: .collection(of: types.count == 1 ? types.first! : .unknown),
          range: range))
    case .negate(let operand):
      let bound = try bind(operand, on: entity)
      try requireNumeric(bound, operand, "-")
      return try foldOrKeep(BoundExpression(kind: .negate(bound), type: bound.type, range: range))
    case .arithmetic(let op, let l, let r):
      let lhs = try bind(l, on: entity)
      let rhs = try bind(r, on: entity)
      try requireNumeric(lhs, l, op.rawValue, binary: true)
      try requireNumeric(rhs, r, op.rawValue, binary: true)
      let type: ValueType =
        op.isBitwise
        ? .integer
        : op == .power
          ? .double
          : (lhs.type == .integer && rhs.type == .integer
            ? .integer
            : ([lhs.type, rhs.type].allSatisfy { $0.isNumeric || $0 == .null }
              ? .double : .unknown))
      return try foldOrKeep(
        BoundExpression(kind: .arithmetic(op, lhs, rhs), type: type, range: range))
    case .function(let name, let arguments):
      return try bindFunction(name, arguments, on: entity, range: range)
    case .invocation(let receiver, let selector, let arguments):
      return try bindInvocation(receiver, selector, arguments, on: entity, range: range)
    case .cast(let value, let typeName):
      guard let target = CastTarget(rawValue: typeName) else {
        throw LanguageError(
          .semantic,
          "CAST to \"\(typeName)\" is not supported; use "
            + CastTarget.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
          at: range)
      }
      let bound = try bind(value, on: entity)
      let type: ValueType =
        switch target {
        case .date: .date
        case .number: .double
        case .string: .string
        case .uuid: .uuid
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
      let type: ValueType =
        if case .size = boundSelector { .integer } else { bound.type.elementType }
      return try foldOrKeep(
        BoundExpression(kind: .index(bound, boundSelector), type: type, range: range))
    case .member(let base, let components):
      let bound = try bind(base, on: entity)
      return try applyComponents(components[...], to: bound, range: range)
    case .subquery(let collection, let variable, let predicate):
      return try bindSubquery(collection, variable, predicate, on: entity, range: range)
    case .ternary(let condition, let whenTrue, let whenFalse):
      return try bindTernary(condition, whenTrue, whenFalse, on: entity, range: range)
    }
  }

  /// `TERNARY(condition, a, b)`, which evaluates only the branch its condition takes: with
  /// a constant condition, that branch alone; otherwise both, each folded only where folding
  /// succeeds, so that an error of the branch not taken (`1/0`) never surfaces.
  ///
  /// A condition that reads no object (`1 == 1`) is decided now, as evaluation would decide
  /// it, and gives its branch alone, which an index can then serve
  /// (`TERNARY(1 == 1, rating, timesWorn) > 3` is `rating > 3`); both branches are still
  /// bound, so that the same types are checked and the same errors left to evaluation.
  private func bindTernary(
    _ condition: PredicateSyntax, _ whenTrue: ExpressionSyntax, _ whenFalse: ExpressionSyntax,
    on entity: Entity?, range: SourceRange
  ) throws(LanguageError) -> BoundExpression {
    let boundCondition = try bind(condition, on: entity)
    if case .constant(let taken) = boundCondition {
      return try bind(taken ? whenTrue : whenFalse, on: entity)
    }
    var branches = self
    branches.defersFoldingErrors = true
    let (a, b) = (try branches.bind(whenTrue, on: entity), try branches.bind(whenFalse, on: entity))
    if let taken = Self.constantTruth(of: boundCondition) { return taken ? a : b }
    return BoundExpression(
      kind: .ternary(boundCondition, a, b), type: a.type == b.type ? a.type : .unknown,
      range: range)
  }

  /// `name(arguments…)` or `selector:form:(arguments…)`.
  private func bindFunction(
    _ name: String, _ arguments: [ExpressionSyntax], on entity: Entity?, range: SourceRange
  ) throws(LanguageError) -> BoundExpression {
    guard let function = BuiltinFunction(named: name) else {
      throw LanguageError(
        .semantic,
        "unknown function \(name)()."
          + NameSuggestion.hint(for: name, among: BuiltinFunction.all.map(\.name)),
        at: range)
    }
    guard function.arity == arguments.count else {
      throw LanguageError(
        .semantic,
        "\(function.name)() takes \(function.arityDescription), not \(arguments.count)",
        at: range)
    }
    return try bindCall(function, arguments, on: entity, range: range)
  }

  /// `FUNCTION(receiver, 'selector:', arguments…)`: the built-in function with that
  /// selector, applied to the receiver and then the arguments, one for each colon of the
  /// selector (`FUNCTION(7, 'modulus:by:', 3)` is `modulus:by:(7, 3)`). A selector without
  /// a colon (`now`, `random`) takes no arguments, and its receiver is bound, so that its
  /// names are checked, but not used: `FUNCTION(SELF, 'now')` is `now()`.
  private func bindInvocation(
    _ receiver: ExpressionSyntax, _ selector: String, _ arguments: [ExpressionSyntax],
    on entity: Entity?, range: SourceRange
  ) throws(LanguageError) -> BoundExpression {
    let quoted = Value.quoted(selector)
    guard let function = BuiltinFunction(selector: selector) else {
      let message =
        "unknown selector \(quoted) in FUNCTION. bowq has no Objective-C methods to call: "
        + "FUNCTION takes only the selectors of the built-in functions, such as \"sqrt:\", "
        + "\"uppercase:\" or \"modulus:by:\"."
        + NameSuggestion.hint(for: selector, among: BuiltinFunction.all.map(\.selector))
      guard isDynamic else { throw LanguageError(.semantic, message, at: range) }
      return failingWhenEvaluated(message, at: range)
    }
    let colons = function.arity
    guard colons > 0 else {
      guard arguments.isEmpty else {
        throw LanguageError(
          .semantic,
          "FUNCTION(…, \(quoted)) takes no arguments after the selector, which has no colon, "
            + "not \(arguments.count)",
          at: range)
      }
      _ = try bind(receiver, on: entity)
      return try bindCall(function, [], on: entity, range: range)
    }
    guard arguments.count == colons - 1 else {
      func operands(_ more: Int) -> String {
        more == 0 ? "the receiver alone" : "the receiver and \(more) more"
      }
      throw LanguageError(
        .semantic,
        "FUNCTION(…, \(quoted)) takes one argument for each colon of the selector: "
          + "\(operands(colons - 1)), not \(operands(arguments.count))",
        at: range)
    }
    return try bindCall(function, [receiver] + arguments, on: entity, range: range)
  }

  /// A built-in function applied to as many arguments as it takes, their types checked.
  private func bindCall(
    _ function: BuiltinFunction, _ arguments: [ExpressionSyntax], on entity: Entity?,
    range: SourceRange
  ) throws(LanguageError) -> BoundExpression {
    var bound: [BoundExpression] = []
    for (position, argument) in arguments.enumerated() {
      let b = try bind(argument, on: entity)
      if let expected = function.expectedArgument(position), !function.accepts(b.type, at: position)
      {
        let message = "\(function.name)() takes \(expected), not \(b.type)"
        guard isDynamic else {
          throw LanguageError(.semantic, message + Self.appleEvaluatesIt, at: argument.range)
        }
        bound.append(failingWhenEvaluated(message, at: argument.range))
        continue
      }
      bound.append(b)
    }
    let result = BoundExpression(
      kind: .function(function, bound), type: function.resultType(bound.map(\.type)), range: range)
    return function.isVolatile ? result : try foldOrKeep(result)
  }

  /// Refuses an operand of arithmetic that cannot be a number, except when binding
  /// dynamically: `NSPredicate(format:)` checks no types, so the Swift API makes such a
  /// predicate and reports the mistake when it is evaluated. A date added to or taken from
  /// (`binary`) is shown how to move it by seconds.
  func requireNumeric(
    _ bound: BoundExpression, _ e: ExpressionSyntax, _ op: String, binary: Bool = false
  ) throws(LanguageError) {
    guard bound.type.isNumeric || bound.type == .unknown || bound.type == .null || isDynamic
    else {
      let dateArithmetic =
        binary && bound.type == .date && (op == "+" || op == "-")
        ? ". A date moves by seconds through its number: CAST(CAST(\(PredicateFormatter.format(e)), "
          + "\"NSNumber\") \(op) 86400, \"NSDate\") is a day \(op == "+" ? "later" : "earlier")"
        : ""
      throw LanguageError(
        .semantic,
        "\"\(op)\" needs numbers, but \(describe(e)) is \(bound.type)" + Self.appleEvaluatesIt
          + dateArithmetic,
        at: e.range)
    }
  }

  /// An expression that fails with `message` when it is evaluated: what the Swift API makes
  /// of what Apple's parser takes and only evaluation refuses (a type mismatch, an unknown
  /// selector or collection operator), as `NSPredicate(format:)` makes such a predicate and
  /// raises on evaluating it.
  func failingWhenEvaluated(_ message: String, at range: SourceRange) -> BoundExpression {
    BoundExpression(kind: .dynamic(.unsupported(message: message)), type: .unknown, range: range)
  }

  // MARK: Constant folding

  /// An aggregate of constants becomes one constant collection.
  private func fold(_ e: BoundExpression) -> BoundExpression {
    guard case .aggregate(let elements) = e.kind else { return e }
    let values = elements.compactMap(\.constantValue)
    guard values.count == elements.count else { return e }
    return BoundExpression(kind: .constant(.collection(values)), type: e.type, range: e.range)
  }

  /// The truth of a predicate that reads no object, decided by the comparison tests
  /// evaluation runs; nil when it reads an object, or when deciding it fails, which is then
  /// left to evaluation.
  static func constantTruth(of p: BoundPredicate) -> Bool? {
    switch p {
    case .constant(let value):
      return value
    case .not(let inner):
      return constantTruth(of: inner).map { !$0 }
    case .and(let operands), .or(let operands):
      var truths: [Bool] = []
      for operand in operands {
        guard let truth = constantTruth(of: operand) else { return nil }
        truths.append(truth)
      }
      guard case .and = p else { return truths.contains(true) }
      return !truths.contains(false)
    case .comparison(let c):
      guard c.modifier == .direct, let lhs = c.lhs.constantValue, let rhs = c.rhs.constantValue
      else { return nil }
      return try? ComparisonTests.prepare(c.op, options: c.options, rhs: rhs, range: c.range)(lhs)
    }
  }

  /// Evaluates an expression whose operands are all constants now, so evaluation does not
  /// repeat it for every object; an evaluation error becomes a binding error, or with
  /// ``defersFoldingErrors`` leaves the expression to fail when it is evaluated.
  func foldOrKeep(_ e: BoundExpression) throws(LanguageError) -> BoundExpression {
    guard e.isConstantFoldable else { return e }
    do {
      guard let value = try constantValue(of: e) else { return e }
      return BoundExpression(kind: .constant(value), type: ValueType(of: value), range: e.range)
    } catch {
      if defersFoldingErrors { return e }
      throw LanguageError(.semantic, error.message, at: error.range)
    }
  }

  /// The value of an expression of constants, computed by the operations evaluation runs;
  /// nil for an expression that reads anything else.
  private func constantValue(of e: BoundExpression) throws(EvaluationError) -> Value? {
    let range = e.range
    func operand(_ x: BoundExpression) throws(EvaluationError) -> Value? {
      try constantValue(of: x)
    }
    switch e.kind {
    case .constant(let value):
      return value
    case .aggregate(let elements):
      var values: [Value] = []
      for element in elements {
        guard let value = try operand(element) else { return nil }
        values.append(value)
      }
      return .collection(values)
    case .negate(let x):
      return try operand(x).map { v throws(EvaluationError) in
        try Arithmetic.negate(v, range: range)
      }
    case .arithmetic(let op, let l, let r):
      guard let lhs = try operand(l), let rhs = try operand(r) else { return nil }
      return try Arithmetic.apply(op, lhs, rhs, range: range)
    case .function(let function, let arguments):
      var values: [Value] = []
      for argument in arguments {
        guard let value = try operand(argument) else { return nil }
        values.append(value)
      }
      return try function.apply(values, now: now, range: range)
    case .cast(let x, let target):
      return try operand(x).map { v throws(EvaluationError) in try target.apply(v, range: range) }
    case .collectionOperator(let op, let x):
      return try operand(x).map { v throws(EvaluationError) in
        try op.applyAsCollectionOperator(to: v, range: range)
      }
    case .index(let base, let selector):
      guard let collection = try operand(base) else { return nil }
      var position: Value?
      if case .at(let index) = selector {
        guard let value = try operand(index) else { return nil }
        position = value
      }
      return try selector.selector(position: position).select(from: collection, range: range)
    case .slot, .evaluatedObject, .local, .property, .subquery, .ternary, .dynamic:
      return nil
    }
  }
}

extension BoundExpression {
  /// Whether every leaf is a constant (no object, no `now()`, no randomness).
  fileprivate var isConstantFoldable: Bool {
    switch kind {
    case .constant: return true
    case .slot, .evaluatedObject, .local, .property, .subquery, .ternary, .dynamic: return false
    case .aggregate(let elements): return elements.allSatisfy(\.isConstantFoldable)
    case .negate(let x), .cast(let x, _), .collectionOperator(_, let x): return x.isConstantFoldable
    case .arithmetic(_, let l, let r): return l.isConstantFoldable && r.isConstantFoldable
    case .function(let f, let arguments):
      return !f.isVolatile && arguments.allSatisfy(\.isConstantFoldable)
    case .index(let base, let selector):
      if case .at(let i) = selector, !i.isConstantFoldable { return false }
      return base.isConstantFoldable
    }
  }
}
