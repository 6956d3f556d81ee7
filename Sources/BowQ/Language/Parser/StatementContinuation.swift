/// When a line goes on with the statement above it, as SQL is laid out:
///
///     delete BowTie
///       where rating < 2
///
/// A line whose first word is a clause of a statement (`where`, `select`, `sort`, `limit`, …)
/// or a logical connective (`and`, `or`) cannot begin a statement, so it continues the one
/// above. `set` begins a statement of its own (it changes the selection) except after an
/// `update` that has no `set` yet. A blank line ends a statement all the same.
public enum StatementContinuation {
  /// The words that continue a statement from the start of a line, in lower case.
  static let clauseWords: Set<String> = [
    "where", "select", "group", "having", "sort", "order", "limit", "offset", "to", "as",
    "into", "and", "or",
  ]

  /// Whether `next`, the first token of a line, continues the statement whose tokens so far
  /// are `statement` (no line breaks among them).
  static func continues(_ statement: [Token], with next: Token) -> Bool {
    guard !statement.isEmpty, beginsClause(next) else { return false }
    guard case .identifier(let word) = next.kind, word.lowercased() == "set" else { return true }
    return isUpdateWithoutSet(statement)
  }

  /// Whether the last statement of `text` goes on with `line`, the line after it: the
  /// question a shell asks before it runs a statement that the next line might continue.
  /// The text is lexed only when the line begins with a clause, keeping one statement's
  /// tokens at a time.
  public static func continues(_ text: String, withLine line: String) -> Bool {
    var lineLexer = Lexer(line)
    guard let next = try? lineLexer.next(), beginsClause(next) else { return false }
    var lexer = Lexer(text)
    var statement: [Token] = []
    while let token = try? lexer.next(), token.kind != .endOfInput {
      switch token.kind {
      case .punctuation(.semicolon):
        statement = []
      case .newline:
        var probe = lexer
        if let after = try? probe.next(), !continues(statement, with: after) { statement = [] }
      default:
        statement.append(token)
      }
    }
    return continues(statement, with: next)
  }

  /// Whether `token` can continue some statement: a clause word, `set`, or `&&` or `||`.
  private static func beginsClause(_ token: Token) -> Bool {
    switch token.kind {
    case .punctuation(.and), .punctuation(.or): return true
    case .identifier(let word):
      let word = word.lowercased()
      return word == "set" || clauseWords.contains(word)
    default: return false
    }
  }

  /// Whether `statement` is an `update` (or the explaining of one) that has no `set` yet.
  private static func isUpdateWithoutSet(_ statement: [Token]) -> Bool {
    let words = statement.lazy.compactMap { token -> String? in
      guard case .identifier(let word) = token.kind else { return nil }
      return word.lowercased()
    }
    return words.first { $0 != "explain" && $0 != "analyze" } == "update"
      && !words.contains("set")
  }
}
