/// The expression language's ``OperatorChain``: arithmetic, each operator a binary node over
/// the chain so far and its right operand, the height of the tree bounded as it grows
/// (``Parser/chainLink(_:_:)``).
struct ExpressionChain: OperatorChain {
  private(set) var tree: ExpressionSyntax
  /// The height of ``tree`` once an operator has joined it, kept so that each link does not
  /// walk the whole chain again.
  private var height: Int?

  static func `operator`(_ meaning: BinaryOperator.Meaning) -> ArithmeticOperator? {
    guard case .arithmetic(let op) = meaning else { return nil }
    return op
  }

  /// A unary minus or a primary expression with its postfix keys and indexes.
  static func parseOperand(_ parser: inout Parser) throws(LanguageError) -> ExpressionSyntax {
    try parser.parseUnary()
  }

  init(_ first: ExpressionSyntax) {
    tree = first
  }

  /// Any expression can be the left operand of arithmetic.
  func extend(_ op: ArithmeticOperator, at parser: Parser) {}

  mutating func join(_ op: ArithmeticOperator, _ rhs: ExpressionSyntax, at parser: Parser)
    throws(LanguageError)
  {
    height = try parser.chainLink(height ?? tree.height, rhs)
    tree = ExpressionSyntax(.arithmetic(op, tree, rhs), range: tree.range.union(rhs.range))
  }
}
