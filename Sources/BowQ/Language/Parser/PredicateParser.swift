/// A parsed piece that may turn out to be a predicate or an expression: `(a + b)` and
/// `(a > b)` look alike until the closing parenthesis.
enum PredicateOrExpression {
  case predicate(PredicateSyntax)
  case expression(ExpressionSyntax)
}

extension Parser {
  mutating func parsePredicate() throws(LanguageError) -> PredicateSyntax {
    // Parse first, then check: `requirePredicate(try parsePredicateOrExpression(), …)` would
    // call it on a copy of the parser taken before the operand was parsed, looking at the
    // wrong token.
    let node = try parsePredicateOrExpression()
    return try requirePredicate(node, "a predicate such as rating > 3")
  }

  /// Predicates joined by AND and OR (``PredicateChain``), or an expression where no
  /// comparison follows it.
  mutating func parsePredicateOrExpression() throws(LanguageError) -> PredicateOrExpression {
    try parseChain(of: PredicateChain.self, above: 0)
  }

  func requirePredicate(_ node: PredicateOrExpression, _ what: String) throws(LanguageError)
    -> PredicateSyntax
  {
    switch node {
    case .predicate(let p):
      return p
    case .expression(let e):
      if current.kind == .endOfInput || current.kind == .newline {
        throw LanguageError(
          .syntax, "expected a comparison after this expression (for example == or >)",
          at: SourceRange(e.range.end, e.range.end))
      }
      try refusePercentOperator(after: e)
      throw LanguageError(
        .syntax, "expected \(what); found an expression with no comparison", at: e.range)
    }
  }

  mutating func parseNot() throws(LanguageError) -> PredicateOrExpression {
    if isKeyword("NOT") || isPunctuation(.not) {
      let start = advance().range
      return try nested { (p: inout Parser) throws(LanguageError) in
        let inner = try p.parseNot()
        let operand = try p.requirePredicate(inner, "a predicate after NOT")
        return .predicate(PredicateSyntax(.not(operand), range: start.union(operand.range)))
      }
    }
    return try parseComparison()
  }

  mutating func parseComparison() throws(LanguageError) -> PredicateOrExpression {
    let start = current.range
    if consumeKeyword("TRUEPREDICATE") {
      return .predicate(PredicateSyntax(.constant(true), range: start))
    }
    if consumeKeyword("FALSEPREDICATE") {
      return .predicate(PredicateSyntax(.constant(false), range: start))
    }
    var modifier = ComparisonModifier.direct
    if consumeKeyword("ANY") || consumeKeyword("SOME") {
      modifier = .any
    } else if consumeKeyword("ALL") {
      modifier = .all
    } else if consumeKeyword("NONE") {
      modifier = .none
    }
    let lhs: ExpressionSyntax
    if modifier == .direct, isPunctuation(.leftParen) {
      switch try parseParenthesized() {
      case .predicate(let p): return .predicate(p)
      case .expression(let e): lhs = try continueExpression(from: e)
      }
    } else {
      lhs = try parseExpression()
    }
    guard let (op, opRange) = try parseComparisonOperator() else {
      if modifier == .direct, case .identifier(let name) = current.kind,
        isPunctuation(.colon, peek())
      {
        advance()
        advance()
        let rhs = try parseExpression()
        return .predicate(
          PredicateSyntax(
            .customSelector(lhs: lhs, selector: name + ":", rhs: rhs),
            range: start.union(rhs.range)))
      }
      if modifier != .direct {
        throw unexpected("a comparison operator after \(modifier.rawValue) and its key path")
      }
      return .expression(lhs)
    }
    if op == .in { try refuseListInBracketsOrParentheses() }
    let options = try parseStringOptions()
    let rhs = try parseExpression()
    let comparison = Comparison(
      modifier: modifier, lhs: lhs, op: op, options: options, rhs: rhs, operatorRange: opRange)
    return .predicate(PredicateSyntax(.comparison(comparison), range: start.union(rhs.range)))
  }

  /// `( … )` holding either a predicate or an expression.
  mutating func parseParenthesized() throws(LanguageError) -> PredicateOrExpression {
    let open = advance().range
    return try nested { (p: inout Parser) throws(LanguageError) in
      let inner = try p.parsePredicateOrExpression()
      guard p.isPunctuation(.rightParen) else {
        throw LanguageError(
          .syntax, "expected \")\" to close the \"(\" at \(open.start), found \(p.current.kind)",
          at: p.current.range)
      }
      let close = p.advance().range
      switch inner {
      case .predicate(var predicate):
        predicate.range = open.union(close)
        return .predicate(predicate)
      case .expression(var expression):
        expression.range = open.union(close)
        return .expression(expression)
      }
    }
  }

  mutating func parseComparisonOperator() throws(LanguageError) -> (
    ComparisonOperator, SourceRange
  )? {
    let range = current.range
    if case .punctuation(let p) = current.kind {
      let op: ComparisonOperator? =
        switch p {
        case .assign, .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessOrEqual: .lessOrEqual
        case .greater: .greater
        case .greaterOrEqual: .greaterOrEqual
        default: nil
        }
      guard let op else { return nil }
      advance()
      return (op, range)
    }
    guard case .identifier(let word) = current.kind else { return nil }
    if word.uppercased() == "UTI", isPunctuation(.minus, peek()) {
      let last = isKeyword("CONFORMS", peek(2)) ? peek(4) : peek(2)
      throw LanguageError(
        .syntax,
        "UTI-CONFORMS-TO and UTI-EQUALS test Uniform Type Identifiers, which exist only on "
          + "Apple platforms; compare the type identifier as a string (==, BEGINSWITH)",
        at: range.union(last.range))
    }
    if word.uppercased() == "NOT", isKeyword("IN", peek()) {
      throw LanguageError(
        .syntax, "\"NOT IN\" is not predicate syntax; write NOT (x IN {…})",
        at: range.union(peek().range))
    }
    guard let op = ComparisonOperator(rawValue: word.uppercased()), op.rawValue.first!.isLetter
    else { return nil }
    advance()
    return (op, range)
  }

  /// `[c]`, `[d]`, `[cd]`, … right after an operator.
  mutating func parseStringOptions() throws(LanguageError) -> StringOptions {
    guard isPunctuation(.leftBracket) else { return [] }
    let open = advance().range
    guard case .identifier(let letters) = current.kind else {
      throw unexpected("options such as c, d or cd inside [ ]")
    }
    var options: StringOptions = []
    for letter in letters.lowercased() {
      switch letter {
      case "c": options.insert(.caseInsensitive)
      case "d": options.insert(.diacriticInsensitive)
      case "n": options.insert(.normalized)
      case "l": options.insert(.localeSensitive)
      default:
        throw LanguageError(
          .syntax,
          "unknown comparison option \"\(letter)\": use c (case-insensitive), d (diacritic-insensitive), n or l",
          at: current.range)
      }
    }
    advance()
    guard isPunctuation(.rightBracket) else {
      throw LanguageError(
        .syntax, "expected \"]\" to close the options opened at \(open.start)", at: current.range)
    }
    advance()
    return options
  }
}
