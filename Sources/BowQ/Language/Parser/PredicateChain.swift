/// The predicate language's ``OperatorChain``: AND and OR, a run of one of them one flat node
/// of all its operands (``Junction``), so that a chain of any length is one level deep.
///
/// Its first operand may be an expression, as `(a + b)` is until a comparison follows it; an
/// expression joined by AND or OR is an error, on either side.
struct PredicateChain: OperatorChain {
  /// The first operand, while no operator has followed it.
  private var first: PredicateOrExpression
  /// The junction of the run being built, nil before the first operator.
  private var junction: Junction?
  /// The operands of the run being built.
  private var operands: [PredicateSyntax] = []

  static func `operator`(_ meaning: BinaryOperator.Meaning) -> Junction? {
    guard case .junction(let junction) = meaning else { return nil }
    return junction
  }

  /// A comparison, a parenthesized predicate or expression, or one after NOT.
  static func parseOperand(_ parser: inout Parser) throws(LanguageError) -> PredicateOrExpression {
    try parser.parseNot()
  }

  init(_ first: PredicateOrExpression) {
    self.first = first
  }

  /// Continues the run when `junction` is its junction; otherwise starts a run of
  /// `junction` whose first operand is the chain so far, which must be a predicate.
  mutating func extend(_ junction: Junction, at parser: Parser) throws(LanguageError) {
    guard junction != self.junction else { return }
    operands = [try parser.requirePredicate(tree, "a predicate before \(junction.rawValue)")]
    self.junction = junction
  }

  mutating func join(_ junction: Junction, _ rhs: PredicateOrExpression, at parser: Parser)
    throws(LanguageError)
  {
    operands.append(try parser.requirePredicate(rhs, "a predicate after \(junction.rawValue)"))
  }

  var tree: PredicateOrExpression {
    guard let junction, let head = operands.first, let last = operands.last else { return first }
    return .predicate(PredicateSyntax(junction.node(operands), range: head.range.union(last.range)))
  }
}
