/// The statements of a script, lexed and parsed one at a time, so that a script of any length
/// takes the memory of its longest statement, not of all its tokens.
///
/// A statement ends at a `;` or a line break outside brackets and braces, or at the end of the
/// text; a line that begins with a clause (`where`, `sort`, …) goes on with the statement
/// above it (see ``StatementContinuation``). After a
/// failure, the stream goes on with the statement after the one that failed, so a caller
/// that keeps going (`--keep-going`) sees every statement.
public struct StatementStream {
  private var lexer: Lexer

  /// The statements of `text`.
  ///
  /// - Parameter firstLine: the line of a whole script on which `text` begins, so that
  ///   positions are the script's.
  public init(_ text: String, firstLine: Int = 1) {
    lexer = Lexer(text, firstLine: firstLine)
  }

  /// The next statement, or nil at the end of the text.
  public mutating func next() throws(LanguageError) -> Statement? {
    var tokens: [Token] = []
    while true {
      let token: Token
      do {
        token = try lexer.lex()
      } catch {
        skipToEndOfStatement()
        throw error.languageError
      }
      if token.kind == .endOfInput {
        if tokens.isEmpty { return nil }
        tokens.append(token)
        return try Parser.parseStatement(tokens: tokens)
      }
      if endsStatement(token) {
        if tokens.isEmpty || continuesOnNextLine(tokens, after: token) { continue }
        let end = SourceRange(token.range.end, token.range.end)
        return try Parser.parseStatement(
          tokens: tokens + [token, Token(kind: .endOfInput, range: end)])
      }
      tokens.append(token)
    }
  }

  /// Whether `token`, just lexed, ends a statement: a `;` or line break with no bracket open.
  private func endsStatement(_ token: Token) -> Bool {
    (token.kind == .newline || token.kind == .punctuation(.semicolon))
      && lexer.openBrackets.isEmpty
  }

  /// Whether the statement of `tokens` goes on after `token`, a line break, on the next line.
  private func continuesOnNextLine(_ tokens: [Token], after token: Token) -> Bool {
    guard token.kind == .newline else { return false }
    var probe = lexer
    guard let next = try? probe.lex() else { return false }
    return StatementContinuation.continues(tokens, with: next)
  }

  /// Reads past the rest of a statement the lexer failed in: to the next `;` or line break
  /// outside braces, or the end of the text. Later failures in it are not reported: the
  /// first one is.
  private mutating func skipToEndOfStatement() {
    while true {
      let before = lexer.offset
      guard let token = try? lexer.lex() else {
        if lexer.offset == before { return }
        continue
      }
      if token.kind == .endOfInput || endsStatement(token) { return }
    }
  }
}
