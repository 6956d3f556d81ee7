extension Parser {
  /// The words that may follow an entity name where a `where` clause could begin.
  private static let clauseWords: Set<String> = [
    "select", "group", "having", "sort", "limit", "offset", "to", "set",
  ]

  /// Refuses a predicate written without `where` before it (`fetch BowTie searchKey == "R"`),
  /// saying to add it, instead of the error about what follows the statement.
  mutating func refuseMissingWhere() throws(LanguageError) {
    if case .identifier(let word) = current.kind, Self.clauseWords.contains(word.lowercased()) {
      return
    }
    guard current.kind != .newline, current.kind != .endOfInput, !isPunctuation(.semicolon)
    else { return }
    var probe = self
    guard let predicate = try? probe.parsePredicate() else { return }
    throw LanguageError(
      .syntax,
      "a predicate needs \"where\" before it: where \(PredicateFormatter.format(predicate))",
      at: current.range)
  }
}
