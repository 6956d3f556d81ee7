/// The compiled form of a predicate: decides it for one object.
typealias CompiledPredicate = (EvaluationScope) throws(EvaluationError) -> Bool

/// Turns bound predicates into closures. A comparison against a constant prepares its right
/// side once (folded strings, LIKE patterns, regular expressions) instead of once per object.
struct PredicateCompiler {
  var expressions: ExpressionCompiler

  func compile(_ p: BoundPredicate) -> CompiledPredicate {
    switch p {
    case .constant(let value):
      return { _ in value }
    case .not(let inner):
      let test = compile(inner)
      return { scope throws(EvaluationError) in !(try test(scope)) }
    case .and(let operands):
      return chain(operands[...], decidedBy: false)
    case .or(let operands):
      return chain(operands[...], decidedBy: true)
    case .comparison(let c):
      return compile(c)
    }
  }

  /// `a AND b AND …` (`deciding` false) or `a OR b OR …` (`deciding` true): the operands
  /// are tried from left to right until one gives `deciding`, which is then the answer; with
  /// none, the answer is the other value.
  ///
  /// The operands become nested closures (an array of closures would be called through
  /// reabstraction thunks, slowing every object), nested as a balanced tree: a chain of
  /// 100,000 operands is 17 closures deep when compiled and evaluated, not 100,000, which
  /// would overflow the stack.
  private func chain(_ operands: ArraySlice<BoundPredicate>, decidedBy deciding: Bool)
    -> CompiledPredicate
  {
    guard operands.count > 1 else {
      guard let only = operands.first else { return { _ in !deciding } }
      return compile(only)
    }
    let middle = operands.startIndex + operands.count / 2
    let head = chain(operands[..<middle], decidedBy: deciding)
    let tail = chain(operands[middle...], decidedBy: deciding)
    return { scope throws(EvaluationError) in
      if try head(scope) == deciding { return deciding }
      return try tail(scope)
    }
  }

  private func compile(_ c: BoundComparison) -> CompiledPredicate {
    let lhs = expressions.compile(c.lhs)
    let range = c.range
    let (op, options, modifier) = (c.op, c.options, c.modifier)
    let applyTo: (ComparisonTest, Value) throws(EvaluationError) -> Bool = {
      test, left throws(EvaluationError) in
      guard modifier != .direct else { return try test(left) }
      let elements: [Value]
      switch left {
      case .collection(let values): elements = values
      case .null: elements = []
      default:
        throw EvaluationError(
          "\(modifier.rawValue) needs a collection on its left, not \(ValueType(of: left))",
          at: range)
      }
      switch modifier {
      case .any, .direct:
        for element in elements where try test(element) { return true }
        return false
      case .all:
        for element in elements where !(try test(element)) { return false }
        return true
      case .none:
        for element in elements where try test(element) { return false }
        return true
      }
    }
    if let constant = c.rhs.constantValue {
      let prepared = ComparisonTests.prepare(op, options: options, rhs: constant, range: range)
      if modifier == .direct, case .slot(let index) = c.lhs.kind {
        return { scope throws(EvaluationError) in try prepared(scope.slot(index)) }
      }
      return { scope throws(EvaluationError) in try applyTo(prepared, try lhs(scope)) }
    }
    let rhs = expressions.compile(c.rhs)
    return { scope throws(EvaluationError) in
      let test = ComparisonTests.prepare(op, options: options, rhs: try rhs(scope), range: range)
      return try applyTo(test, try lhs(scope))
    }
  }
}
