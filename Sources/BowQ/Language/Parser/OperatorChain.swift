/// The tree one language builds from operands joined by its binary operators, grown by the
/// precedence loop (``Parser/continueChain(_:above:)``) one operator and operand at a time.
///
/// Two languages have binary operators: predicates, joined by AND and OR
/// (``PredicateChain``), and expressions, joined by arithmetic (``ExpressionChain``). They
/// build different trees, so each says how it joins; the loop and the table of operators
/// and priorities (``BinaryOperator/table``) are shared.
protocol OperatorChain {
  /// What the operands and the finished tree are.
  associatedtype Operand
  /// What an operator of this language builds.
  associatedtype Operator

  /// This language's operator for a row of the table, or nil when the row is another
  /// language's (the loop stops there, as at any other token).
  static func `operator`(_ meaning: BinaryOperator.Meaning) -> Operator?

  /// Parses an operand that no binary operator splits.
  static func parseOperand(_ parser: inout Parser) throws(LanguageError) -> Operand

  /// A chain of one operand.
  init(_ first: Operand)

  /// Makes the chain so far the left operand of `op`, which `parser` stands on; fails when
  /// it cannot be one.
  mutating func extend(_ op: Operator, at parser: Parser) throws(LanguageError)

  /// Joins `rhs` to the chain with `op`; `parser` stands right after `rhs`.
  mutating func join(_ op: Operator, _ rhs: Operand, at parser: Parser) throws(LanguageError)

  /// The tree built so far.
  var tree: Operand { get }
}

extension Parser {
  /// An operand and the binary operators after it that bind tighter than `limit`, with
  /// their operands, as one tree of `Chain`'s language.
  mutating func parseChain<Chain: OperatorChain>(of _: Chain.Type, above limit: Int)
    throws(LanguageError) -> Chain.Operand
  {
    let first = try Chain.parseOperand(&self)
    return try continueChain(Chain(first), above: limit)
  }

  /// The precedence loop, Lua's `subexpr`: grows `chain` by each operator of its language
  /// that binds tighter than `limit`, with the operand on the operator's right, itself a
  /// chain of the operators that bind tighter than the operator binds to its right.
  ///
  /// Operators of one priority are joined by this loop, not by recursion, so a chain of any
  /// length takes a fixed depth of calls.
  mutating func continueChain<Chain: OperatorChain>(_ chain: Chain, above limit: Int)
    throws(LanguageError) -> Chain.Operand
  {
    var chain = chain
    while let row = BinaryOperator.spelled(by: current), row.left > limit,
      let op = Chain.operator(row.meaning)
    {
      try chain.extend(op, at: self)
      advance()
      let rhs = try parseChain(of: Chain.self, above: row.right)
      try chain.join(op, rhs, at: self)
    }
    return chain.tree
  }
}
