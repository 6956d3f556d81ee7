/// When a line goes on with the statement above it, as SQL is laid out:
///
///     delete BowTie
///       where rating < 2
///
/// A line continues the statement above when it begins with a clause that statement takes
/// after the clauses it has (`where` after a `delete`, `sort` after a fetch's `where`, `set`
/// after an update's `where`), or with `and`, `or`, `&&` or `||` after a `where`. Anything
/// else begins a statement of its own: `set` after a fetch changes its selection, and
/// `select … from` after a fetch's `where` is SQL, answered as such. A blank line ends a
/// statement.
public enum StatementContinuation {
  /// The clauses each statement takes, in the order they are written, each by the words
  /// that begin it (in lower case).
  static let clauses: [StatementKeyword: [Set<String>]] = [
    .fetch: [
      ["select"], ["where"], ["group"], ["having"], ["sort", "order"], ["limit"], ["offset"],
    ],
    .count: [["where"]],
    .delete: [["where"]],
    .update: [["where"], ["set"]],
    .export: [["where"], ["to"], ["as"]],
    .import: [["into"]],
    .why: [["where"]],
    .show: [["where"]],
  ]

  /// Every word that begins a clause of some statement, or joins predicates.
  static let clauseWords = clauses.values.joined().reduce(Set(["and", "or"])) { $0.union($1) }

  /// Whether `next`, the first token of a line, continues the statement whose tokens so far
  /// are `statement` (no line breaks among them).
  static func continues(_ statement: [Token], with next: Token) -> Bool {
    guard let word = clauseWord(next) else { return false }
    let words = statement.compactMap { token -> String? in
      guard case .identifier(let word) = token.kind else { return nil }
      return word.lowercased()
    }
    if word == "and" || word == "or" { return words.contains("where") || words.contains("having") }
    guard let first = words.first(where: { $0 != "explain" && $0 != "analyze" }),
      let keyword = StatementKeyword(word: first), let order = clauses[keyword],
      let position = order.firstIndex(where: { $0.contains(word) })
    else { return false }
    let written = order.lastIndex { clause in words.dropFirst().contains(where: clause.contains) }
    return position > (written ?? -1)
  }

  /// Whether the last statement of `text` goes on with `line`, the line after it: the
  /// question a shell asks before it runs a statement that the next line might continue.
  /// The text is lexed only when the line begins with a clause, keeping one statement's
  /// tokens at a time.
  public static func continues(_ text: String, withLine line: String) -> Bool {
    var lineLexer = Lexer(line)
    guard let next = try? lineLexer.next(), clauseWord(next) != nil else { return false }
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

  /// The clause word `token` is, in lower case (`&&` and `||` as `and` and `or`); nil when it
  /// continues no statement.
  private static func clauseWord(_ token: Token) -> String? {
    switch token.kind {
    case .punctuation(.and): return "and"
    case .punctuation(.or): return "or"
    case .identifier(let word):
      let word = word.lowercased()
      return clauseWords.contains(word) ? word : nil
    default: return nil
    }
  }
}
