/// Evaluates a predicate for one object and records, node by node, what each part gave:
/// the tree `why` prints.
///
/// Nothing here decides a predicate by rules of its own. Every node's outcome is the
/// engine's: the node's bound predicate compiled by ``PredicateCompiler`` and run in the
/// object's scope, exactly as a fetch runs it. The facts under a comparison come from the
/// same compiled expressions and the same comparison tests (``ComparisonTests``), and the
/// strings folded by `[c]` and `[d]` from ``ValueComparison/fold(_:_:)``.
struct WhyTracer {
  var compiler: PredicateCompiler
  /// The object evaluated.
  var scope: EvaluationScope

  /// The tree of `syntax`, whose bound form is `bound` (the binder keeps a predicate's
  /// shape, so the two are walked together).
  func trace(_ syntax: PredicateSyntax, _ bound: BoundPredicate) -> WhyNode {
    let text = PredicateFormatter.format(syntax)
    let outcome = evaluate(bound)
    switch (syntax.kind, bound) {
    case (.and(let operands), .and(let boundOperands)) where operands.count == boundOperands.count:
      return WhyNode(
        kind: .and, text: text, outcome: outcome,
        children: trace(operands, boundOperands, decidedBy: false))
    case (.or(let operands), .or(let boundOperands)) where operands.count == boundOperands.count:
      return WhyNode(
        kind: .or, text: text, outcome: outcome,
        children: trace(operands, boundOperands, decidedBy: true))
    case (.not(let inner), .not(let boundInner)):
      return WhyNode(kind: .not, text: text, outcome: outcome, children: [trace(inner, boundInner)])
    case (.comparison(let comparison), .comparison(let boundComparison)):
      return WhyNode(
        kind: .comparison, text: text, outcome: outcome,
        facts: outcome == .skipped ? [] : facts(comparison, boundComparison))
    default:
      return WhyNode(kind: Self.kind(of: syntax), text: text, outcome: outcome)
    }
  }

  /// The operands of an AND (`deciding` false) or OR (`deciding` true), tried from left to
  /// right as the compiled chain tries them: after one gives `deciding`, or fails, the rest
  /// are skipped.
  private func trace(
    _ operands: [PredicateSyntax], _ bound: [BoundPredicate], decidedBy deciding: Bool
  ) -> [WhyNode] {
    var nodes: [WhyNode] = []
    var decided = false
    for (syntax, boundOperand) in zip(operands, bound) {
      if decided {
        nodes.append(Self.skipped(syntax))
        continue
      }
      let node = trace(syntax, boundOperand)
      switch node.outcome {
      case .value(deciding), .failed: decided = true
      default: break
      }
      nodes.append(node)
    }
    return nodes
  }

  /// A part of the predicate that was not evaluated, with its parts.
  private static func skipped(_ syntax: PredicateSyntax) -> WhyNode {
    let children: [WhyNode]
    switch syntax.kind {
    case .and(let operands), .or(let operands): children = operands.map(skipped)
    case .not(let inner): children = [skipped(inner)]
    case .constant, .comparison, .customSelector: children = []
    }
    return WhyNode(
      kind: kind(of: syntax), text: PredicateFormatter.format(syntax), outcome: .skipped,
      children: children)
  }

  private static func kind(of syntax: PredicateSyntax) -> WhyNode.Kind {
    switch syntax.kind {
    case .constant: return .constant
    case .comparison, .customSelector: return .comparison
    case .not: return .not
    case .and: return .and
    case .or: return .or
    }
  }

  /// The predicate's result for the object, as the compiled predicate gives it.
  private func evaluate(_ bound: BoundPredicate) -> WhyOutcome {
    do {
      return .value(try compiler.compile(bound)(scope))
    } catch {
      return .failed(error.message)
    }
  }

  /// An expression's value for the object.
  private func value(_ expression: BoundExpression) throws(EvaluationError) -> Value {
    try compiler.expressions.compile(expression)(scope)
  }

  // MARK: Comparisons

  /// What a comparison compared and what the engine's rules made of it.
  private func facts(_ syntax: Comparison, _ bound: BoundComparison) -> [WhyFact] {
    guard let left = try? value(bound.lhs), let right = try? value(bound.rhs) else { return [] }
    var facts: [WhyFact] = []
    for (side, boundSide, sideValue) in [
      (syntax.lhs, bound.lhs, left), (syntax.rhs, bound.rhs, right),
    ]
    where boundSide.constantValue == nil {
      facts.append(.operand(PredicateFormatter.format(side), sideValue))
    }
    facts += innerFacts(bound.lhs) + innerFacts(bound.rhs)
    guard bound.modifier == .direct else {
      return facts + elementFacts(bound, left, right)
    }
    if Self.nilIsNeverOrdered.contains(bound.op) {
      let sides = [(syntax.lhs, left, syntax.rhs), (syntax.rhs, right, syntax.lhs)]
      for (side, sideValue, other) in sides where sideValue.isNull {
        facts.append(
          .nilIsNeverOrdered(
            operand: PredicateFormatter.format(side), op: bound.op,
            other: PredicateFormatter.format(other)))
      }
    }
    facts += foldings([left, right], bound.options)
    if bound.op == .equal || bound.op == .notEqual, Self.differInType(left, right) {
      facts.append(.differentTypes(left, right))
    }
    return facts
  }

  /// The operators for which nil on either side makes the comparison false.
  private static let nilIsNeverOrdered: Set<ComparisonOperator> = [
    .less, .lessOrEqual, .greater, .greaterOrEqual, .between, .beginsWith, .endsWith, .contains,
    .like, .matches,
  ]

  /// Whether two values are of types `==` never finds equal: neither is nil, and they are
  /// not both numbers (or Booleans, which compare as numbers).
  static func differInType(_ a: Value, _ b: Value) -> Bool {
    guard !a.isNull, !b.isNull, ValueType(of: a) != ValueType(of: b) else { return false }
    return a.numericValue == nil || b.numericValue == nil
  }

  /// The strings among `values` as `[c]` and `[d]` fold them, when the options fold.
  private func foldings(_ values: [Value], _ options: StringOptions) -> [WhyFact] {
    let folding = options.intersection([.caseInsensitive, .diacriticInsensitive])
    guard !folding.isEmpty else { return [] }
    return values.compactMap { value in
      guard case .string(let text) = value else { return nil }
      return .folded(text, to: ValueComparison.fold(text, folding), options: folding)
    }
  }

  /// Which element of the left side decided ANY, ALL or NONE: the first the comparison
  /// holds for (ANY, NONE) or fails for (ALL).
  private func elementFacts(_ bound: BoundComparison, _ left: Value, _ right: Value)
    -> [WhyFact]
  {
    let elements: [Value]
    switch left {
    case .collection(let values): elements = values
    case .null: elements = []
    default: return []
    }
    let test = ComparisonTests.prepare(
      bound.op, options: bound.options, rhs: right, range: bound.range)
    let decidingResult = bound.modifier != .all
    for (index, element) in elements.enumerated() {
      guard let result = try? test(element) else { return [] }
      if result == decidingResult {
        return [.decidingElement(bound.modifier, index: index, element)]
          + foldings([element, right], bound.options)
      }
    }
    return [.noDecidingElement(bound.modifier, count: elements.count)]
  }

  /// The collection operators and SUBQUERYs inside an operand, innermost first, with what
  /// they took and gave. SUBQUERY's own predicate and TERNARY's branches are not entered:
  /// what they read depends on a variable or a condition.
  private func innerFacts(_ expression: BoundExpression) -> [WhyFact] {
    switch expression.kind {
    case .collectionOperator(let op, let operand):
      var facts = innerFacts(operand)
      if let inputs = try? value(operand), let result = try? value(expression) {
        facts.append(
          .collectionOperator(op.collectionOperator ?? op.name, inputs: inputs, result: result))
      }
      return facts
    case .subquery(let collection, _, _):
      var facts = innerFacts(collection)
      if case .collection(let all)? = try? value(collection),
        case .collection(let kept)? = try? value(expression)
      {
        facts.append(.subquery(kept: kept, of: all.count))
      }
      return facts
    case .property(let base, _, _), .negate(let base), .cast(let base, _), .index(let base, _):
      return innerFacts(base)
    case .arithmetic(_, let lhs, let rhs):
      return innerFacts(lhs) + innerFacts(rhs)
    case .aggregate(let elements), .function(_, let elements):
      return elements.flatMap(innerFacts)
    case .constant, .slot, .evaluatedObject, .local, .ternary, .dynamic:
      return []
    }
  }
}
