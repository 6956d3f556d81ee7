/// What people used to SQL write out of habit, met with how bowq writes it instead of a bare
/// syntax error. Each check runs where the parser meets the habit, and only where the text
/// would otherwise fail: it never changes what a valid statement means.
extension Parser {
  /// The clauses of a fetch, in the one order they are written.
  static let fetchClauseOrder = ["select", "where", "group", "having", "sort", "limit", "offset"]

  /// `select name from BowTie where …`: SQL's query is a fetch.
  func refuseSQLSelect() throws(LanguageError) {
    let entity = tokens[position...].indices.first { index in
      isKeyword("from", tokens[index]) && index + 1 < tokens.count
    }.flatMap { index -> String? in
      guard case .identifier(let name) = tokens[index + 1].kind else { return nil }
      return name
    }
    throw LanguageError(
      .syntax,
      "SQL's SELECT is a fetch in bowq: fetch \(entity ?? "Entity") select name where …, "
        + "or fetch \(entity ?? "Entity") for whole objects",
      at: current.range)
  }

  /// `delete from BowTie`, `insert into BowTie`, `count from BowTie`: the entity follows the
  /// statement's word directly.
  func refuseSQLPreposition(after keyword: StatementKeyword) throws(LanguageError) {
    guard case .identifier(let word) = current.kind, ["from", "into"].contains(word.lowercased()),
      case .identifier(let entity) = peek().kind
    else { return }
    throw LanguageError(
      .syntax, "bowq writes \(keyword.word) \(entity), without \"\(word)\"", at: current.range)
  }

  /// A clause after the end of a statement: `order by`, a fetch's clauses out of order, or
  /// an update's `where` after its `set`.
  func refuseMisplacedClause(in kind: Statement.Kind) throws(LanguageError) {
    guard case .identifier(let spelling) = current.kind else { return }
    let word = spelling.lowercased()
    if word == "order", isKeyword("by", peek()) {
      throw LanguageError(
        .syntax, "bowq writes sort by: sort by name, rating desc", at: current.range)
    }
    switch kind {
    case .explain(let inner), .explainAnalyze(let inner):
      try refuseMisplacedClause(in: inner.kind)
    case .fetch where Self.fetchClauseOrder.contains(word):
      throw LanguageError(
        .syntax,
        "\"\(word)\" comes too late: a fetch's clauses go in the order "
          + "select, where, group by, having, sort by, limit, offset",
        at: current.range)
    case .update where word == "where":
      throw LanguageError(
        .syntax, "the where clause comes before set: update Entity where … set key = value",
        at: current.range)
    default:
      return
    }
  }

  /// `IN [a, b]` or `IN (a, b)`: a list of values is written in braces.
  func refuseListInBracketsOrParentheses() throws(LanguageError) {
    switch current.kind {
    case .punctuation(.leftBracket):
      if case .identifier = peek().kind { return }
    case .punctuation(.leftParen): break
    default: return
    }
    var probe = self
    probe.advance()
    var elements: [String] = []
    while let element = try? probe.parseExpression() {
      elements.append(PredicateFormatter.format(element))
      guard probe.consume(.comma) else { break }
    }
    // `IN ("R")` is a parenthesized value, which IN accepts as it is.
    guard isPunctuation(.leftBracket) || elements.count > 1 else { return }
    let list = elements.isEmpty ? "\"R\", \"G\"" : elements.joined(separator: ", ")
    throw LanguageError(.syntax, "a list is written in braces: IN {\(list)}", at: current.range)
  }

  /// `timesWorn % 2`: the remainder is a function of NSExpression's.
  func refusePercentOperator(after expression: ExpressionSyntax) throws(LanguageError) {
    guard isPunctuation(.percent) else { return }
    var probe = self
    probe.advance()
    let divisor = (try? probe.parseExpression()).map(PredicateFormatter.format) ?? "2"
    throw LanguageError(
      .syntax,
      "predicates have no % operator: the remainder is "
        + "modulus:by:(\(PredicateFormatter.format(expression)), \(divisor))",
      at: current.range)
  }
}
