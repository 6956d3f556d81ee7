extension Parser {
  /// An expression: operands joined by arithmetic (``ExpressionChain``).
  mutating func parseExpression() throws(LanguageError) -> ExpressionSyntax {
    let expression = try parseChain(of: ExpressionChain.self, above: 0)
    try rejectSetOperation()
    return expression
  }

  /// Continues an expression whose first operand was already parsed (a parenthesized one).
  mutating func continueExpression(from operand: ExpressionSyntax) throws(LanguageError)
    -> ExpressionSyntax
  {
    let first = try parsePostfix(operand)
    let expression = try continueChain(ExpressionChain(first), above: 0)
    try rejectSetOperation()
    return expression
  }

  /// NSExpression's set operations (`a UNION b`) after an expression: not supported.
  func rejectSetOperation() throws(LanguageError) {
    for word in ["UNION", "INTERSECT", "MINUS"] where isKeyword(word) {
      throw LanguageError(
        .syntax,
        "\(word) (NSExpression's set operations) is not supported; combine the comparisons "
          + "instead, as in x IN {1, 2} OR x IN {3}",
        at: current.range)
    }
  }

  mutating func parseUnary() throws(LanguageError) -> ExpressionSyntax {
    if isPunctuation(.tilde) { return try parseOnesComplement() }
    guard isPunctuation(.minus) else { return try parsePostfix(try parsePrimary()) }
    let start = advance().range
    if case .bigInteger(_, let magnitude) = current.kind, magnitude == Int64.min.magnitude {
      // Int64.min: its magnitude alone is too large for Int64, the negation is not.
      return ExpressionSyntax(.constant(.int(Int64.min)), range: start.union(advance().range))
    }
    return try nested { (p: inout Parser) throws(LanguageError) in
      let operand = try p.parseUnary()
      let range = start.union(operand.range)
      switch operand.kind {
      case .constant(.int(let v)) where v != Int64.min:
        return ExpressionSyntax(.constant(.int(-v)), range: range)
      case .constant(.double(let v)):
        return ExpressionSyntax(.constant(.double(-v)), range: range)
      default:
        return ExpressionSyntax(.negate(operand), range: range)
      }
    }
  }

  /// `~x`: NSExpression's `onesComplement:` of the operand, the same tree as
  /// `onesComplement(x)`, which is how it prints.
  private mutating func parseOnesComplement() throws(LanguageError) -> ExpressionSyntax {
    let start = advance().range
    return try nested { (p: inout Parser) throws(LanguageError) in
      let operand = try p.parseUnary()
      return ExpressionSyntax(
        .function("onesComplement", [operand]),
        range: start.union(operand.range))
    }
  }

  /// `.key`, `.@op` and `[index]` after a primary expression.
  mutating func parsePostfix(_ base: ExpressionSyntax) throws(LanguageError) -> ExpressionSyntax {
    var expression = base
    var height: Int?
    while true {
      if isPunctuation(.dot) {
        advance()
        let component = try parseKeyPathComponent()
        let range = expression.range.union(SourceRange(previousEnd, previousEnd))
        if case .evaluatedObject = expression.kind {
          expression = ExpressionSyntax(.keyPath([component]), range: range)
          continue
        }
        // Each key is a level: the binder follows the path one node per key.
        height = try chainLink(height ?? expression.height, nil)
        switch expression.kind {
        case .keyPath(let components):
          expression = ExpressionSyntax(.keyPath(components + [component]), range: range)
        case .member(let inner, let components):
          expression = ExpressionSyntax(.member(inner, components + [component]), range: range)
        default:
          expression = ExpressionSyntax(.member(expression, [component]), range: range)
        }
      } else if isPunctuation(.leftBracket) {
        advance()
        let selector = try nested { (p: inout Parser) throws(LanguageError) -> IndexSelector in
          if p.consumeKeyword("FIRST") { return .first }
          if p.consumeKeyword("LAST") { return .last }
          if p.consumeKeyword("SIZE") { return .size }
          return .at(try p.parseExpression())
        }
        try expect(.rightBracket, "to close the index")
        if case .at(let index) = selector {
          height = try chainLink(height ?? expression.height, index)
        } else {
          height = try chainLink(height ?? expression.height, nil)
        }
        expression = ExpressionSyntax(
          .index(expression, selector),
          range: expression.range.union(SourceRange(previousEnd, previousEnd)))
      } else {
        return expression
      }
    }
  }

  mutating func parseKeyPathComponent() throws(LanguageError) -> KeyPathComponent {
    if case .collectionOperator(let op) = current.kind {
      advance()
      return .collectionOperator(op)
    }
    if case .variable(let name) = current.kind {
      advance()
      return .variable(name)
    }
    return .key(try parseName("a key after \".\"").text)
  }

  mutating func parsePrimary() throws(LanguageError) -> ExpressionSyntax {
    let token = current
    let range = token.range
    switch token.kind {
    case .integer(let v):
      advance()
      return ExpressionSyntax(.constant(.int(v)), range: range)
    case .bigInteger(let v, _), .real(let v):
      advance()
      return ExpressionSyntax(.constant(.double(v)), range: range)
    case .string(let s):
      advance()
      return ExpressionSyntax(.constant(.string(s)), range: range)
    case .variable(let name):
      advance()
      if isPunctuation(.assignVariable) {
        throw LanguageError(
          .syntax,
          "assignment expressions ($\(name) := …) are not supported; give $\(name) its value "
            + "as a substitution variable",
          at: range.union(current.range))
      }
      return ExpressionSyntax(.variable(name), range: range)
    case .argument(let value):
      advance()
      return ExpressionSyntax(.constant(value), range: range)
    case .collectionOperator(let op):
      advance()
      return ExpressionSyntax(.keyPath([.collectionOperator(op)]), range: range)
    case .escapedIdentifier(let name):
      advance()
      return ExpressionSyntax(.keyPath([.key(name)]), range: range)
    case .punctuation(.leftParen):
      switch try parseParenthesized() {
      case .expression(let e): return e
      case .predicate(let p):
        throw LanguageError(.syntax, "expected an expression, found a predicate", at: p.range)
      }
    case .punctuation(.leftBrace):
      return try parseAggregate()
    case .identifier(let word):
      return try parseWord(word, range: range)
    default:
      throw unexpected("a value or key path")
    }
  }

  mutating func parseAggregate() throws(LanguageError) -> ExpressionSyntax {
    let open = advance().range
    return try nested { (p: inout Parser) throws(LanguageError) in
      var elements: [ExpressionSyntax] = []
      p.skipNewlines()
      if !p.isPunctuation(.rightBrace) {
        repeat {
          p.skipNewlines()
          elements.append(try p.parseExpression())
          p.skipNewlines()
        } while p.consume(.comma)
      }
      guard p.isPunctuation(.rightBrace) else {
        throw LanguageError(
          .syntax, "expected \"}\" to close the \"{\" at \(open.start), found \(p.current.kind)",
          at: p.current.range)
      }
      return ExpressionSyntax(.aggregate(elements), range: open.union(p.advance().range))
    }
  }

  /// An identifier: a literal word, SELF, CAST, SUBQUERY, TERNARY, FUNCTION, a function call
  /// or a key. TERNARY and FUNCTION are no reserved words, as in Apple's syntax: each is a
  /// keyword only right before a "(", and otherwise a key.
  mutating func parseWord(_ word: String, range: SourceRange) throws(LanguageError)
    -> ExpressionSyntax
  {
    switch word.uppercased() {
    case "TRUE", "YES":
      advance()
      return ExpressionSyntax(.constant(.bool(true)), range: range)
    case "FALSE", "NO":
      advance()
      return ExpressionSyntax(.constant(.bool(false)), range: range)
    case "NIL", "NULL":
      advance()
      return ExpressionSyntax(.constant(.null), range: range)
    case "SELF":
      advance()
      return ExpressionSyntax(.evaluatedObject, range: range)
    case "CAST":
      advance()
      return try nested { (p: inout Parser) throws(LanguageError) in
        try p.expect(.leftParen, "after CAST")
        let value = try p.parseExpression()
        try p.expect(.comma, "between CAST's value and its type name")
        guard case .string(let type) = p.current.kind else {
          throw p.unexpected("a type name in quotes, such as \"NSDate\"")
        }
        p.advance()
        try p.expect(.rightParen, "to close CAST")
        return ExpressionSyntax(
          .cast(value, type), range: range.union(SourceRange(p.previousEnd, p.previousEnd)))
      }
    case "TERNARY" where isPunctuation(.leftParen, peek()):
      advance()
      return try nested { (p: inout Parser) throws(LanguageError) in
        try p.expect(.leftParen, "after TERNARY")
        let condition = try p.parsePredicate()
        try p.expect(.comma, "after TERNARY's condition")
        let whenTrue = try p.parseExpression()
        try p.expect(.comma, "between TERNARY's two values")
        let whenFalse = try p.parseExpression()
        try p.expect(.rightParen, "to close TERNARY")
        return ExpressionSyntax(
          .ternary(condition, whenTrue, whenFalse),
          range: range.union(SourceRange(p.previousEnd, p.previousEnd)))
      }
    case "FUNCTION" where isPunctuation(.leftParen, peek()):
      advance()
      return try nested { (p: inout Parser) throws(LanguageError) in
        try p.parseInvocation(range: range)
      }
    case "FETCH":
      throw LanguageError(
        .syntax,
        "FETCH(…) (a Core Data fetch-request expression) is not supported; use SUBQUERY, or a "
          + "separate fetch",
        at: range)
    case "ANYKEY":
      throw LanguageError(
        .syntax,
        "ANYKEY (any key of a dictionary) is not supported; name the key, or write #ANYKEY for "
          + "a key spelt ANYKEY",
        at: range)
    case "SUBQUERY":
      advance()
      return try nested { (p: inout Parser) throws(LanguageError) in
        try p.expect(.leftParen, "after SUBQUERY")
        let collection = try p.parseExpression()
        try p.expect(.comma, "after SUBQUERY's collection")
        guard case .variable(let variable) = p.current.kind else {
          throw p.unexpected("a variable such as $x for SUBQUERY's elements")
        }
        p.advance()
        try p.expect(.comma, "after SUBQUERY's variable")
        let predicate = try p.parsePredicate()
        try p.expect(.rightParen, "to close SUBQUERY")
        return ExpressionSyntax(
          .subquery(collection, variable: variable, predicate),
          range: range.union(SourceRange(p.previousEnd, p.previousEnd)))
      }
    default:
      break
    }
    // A reserved word is never a function name (`FIRST(x)` is an error, as `FIRST` alone is),
    // so `a[FIRST]` and `TRUEPREDICATE` keep one meaning.
    if !ReservedWords.isReserved(word), isPunctuation(.leftParen, peek()) {
      advance()
      return try nested { (p: inout Parser) throws(LanguageError) in
        try p.parseFunctionCall(word, range: range)
      }
    }
    if !ReservedWords.isReserved(word), let selector = selectorName(word) {
      for _ in 0..<selector.tokens { advance() }
      return try nested { (p: inout Parser) throws(LanguageError) in
        try p.parseFunctionCall(selector.name, range: range)
      }
    }
    let name = try parseName("a value or key path")
    return ExpressionSyntax(.keyPath([.key(name.text)]), range: name.range)
  }

  /// A function in selector form at the current token — `sqrt:(x)`, `modulus:by:(a, b)` —
  /// as its name and the number of tokens before the `(`.
  func selectorName(_ first: String) -> (name: String, tokens: Int)? {
    var name = first
    var ahead = 1
    while isPunctuation(.colon, peek(ahead)) {
      name += ":"
      ahead += 1
      if isPunctuation(.leftParen, peek(ahead)) { return (name, ahead) }
      guard case .identifier(let part) = peek(ahead).kind else { return nil }
      name += part
      ahead += 1
    }
    return nil
  }

  /// The rest of `FUNCTION(receiver, 'selector:', arguments…)` from its `(`. The selector
  /// must be a string literal (not a `%@` argument or a `$variable`), so that the tree
  /// always holds it; whether it names a built-in function that takes as many arguments
  /// as it is given, the binder checks.
  mutating func parseInvocation(range: SourceRange) throws(LanguageError) -> ExpressionSyntax {
    advance()
    let receiver = try parseExpression()
    try expect(.comma, "after FUNCTION's receiver")
    guard case .string(let selector) = current.kind else {
      throw unexpected("FUNCTION's selector in quotes, such as 'sqrt:'")
    }
    advance()
    var arguments: [ExpressionSyntax] = []
    while consume(.comma) { arguments.append(try parseExpression()) }
    try expect(.rightParen, "to close FUNCTION")
    return ExpressionSyntax(
      .invocation(receiver: receiver, selector: selector, arguments: arguments),
      range: range.union(SourceRange(previousEnd, previousEnd)))
  }

  func isPunctuation(_ p: Punctuation, _ token: Token) -> Bool {
    token.kind == .punctuation(p)
  }

  mutating func parseFunctionCall(_ name: String, range: SourceRange) throws(LanguageError)
    -> ExpressionSyntax
  {
    advance()
    var arguments: [ExpressionSyntax] = []
    if !isPunctuation(.rightParen) {
      repeat { arguments.append(try parseExpression()) } while consume(.comma)
    }
    try expect(.rightParen, "to close the arguments of \(name)()")
    return ExpressionSyntax(
      .function(name, arguments), range: range.union(SourceRange(previousEnd, previousEnd)))
  }
}

extension Parser {
  /// The height of a node an operator chain (`a + b + …`, `x[0][1]…`, `a.b.c…`) builds over
  /// an operand of `lhsHeight` levels and `rhs`. A chain deepens the tree without deepening
  /// the parser's calls, so ``nested(_:)`` cannot count it; the tree is bounded here
  /// instead, as every later pass walks it recursively.
  func chainLink(_ lhsHeight: Int, _ rhs: ExpressionSyntax?) throws(LanguageError) -> Int {
    let height = 1 + max(lhsHeight, rhs?.height ?? 0)
    guard height <= Parser.maximumDepth else {
      throw LanguageError(
        .syntax, "nesting is deeper than \(Parser.maximumDepth) levels", at: current.range)
    }
    return height
  }
}

extension ExpressionSyntax {
  /// The number of levels of the expression's tree, as the binder builds it: 1 for a
  /// constant, one for each key of a key path.
  var height: Int {
    switch kind {
    case .constant, .evaluatedObject, .variable:
      return 1
    case .keyPath(let components):
      return components.count
    case .aggregate(let elements), .function(_, let elements):
      return 1 + (elements.map(\.height).max() ?? 0)
    case .invocation(let receiver, _, let arguments):
      return 1 + max(receiver.height, arguments.map(\.height).max() ?? 0)
    case .negate(let x), .cast(let x, _):
      return 1 + x.height
    case .member(let base, let components):
      return base.height + components.count
    case .arithmetic(_, let l, let r):
      return 1 + max(l.height, r.height)
    case .index(let base, let selector):
      if case .at(let i) = selector { return 1 + max(base.height, i.height) }
      return 1 + base.height
    case .subquery(let collection, _, let predicate):
      return 1 + max(collection.height, predicate.height)
    case .ternary(let condition, let a, let b):
      return 1 + max(condition.height, a.height, b.height)
    }
  }
}

extension PredicateSyntax {
  /// The number of levels of the predicate's tree, counting its expressions'.
  var height: Int {
    switch kind {
    case .constant: return 1
    case .comparison(let c): return 1 + max(c.lhs.height, c.rhs.height)
    case .customSelector(let lhs, _, let rhs): return 1 + max(lhs.height, rhs.height)
    case .not(let p): return 1 + p.height
    case .and(let ps), .or(let ps): return 1 + (ps.map(\.height).max() ?? 0)
    }
  }
}
