/// Parses bowq source text into statements, predicates and expressions.
///
/// A recursive-descent parser over the lexer's tokens, with one precedence loop for the
/// binary operators of predicates and expressions (``continueChain(_:above:)``, reading
/// ``BinaryOperator/table``). Statement words and the predicate language's reserved words
/// are matched case-insensitively. Nesting is bounded
/// (``maximumDepth``) so hostile input ends in an error, not a stack overflow.
public struct Parser {
  /// The deepest nesting of parentheses, braces, `NOT`s, unary minus, calls and the like
  /// accepted, and the most levels an operator chain or a key path may add to the tree.
  public static let maximumDepth = 256

  var tokens: [Token]
  var position = 0
  var depth = 0

  init(tokens: [Token]) {
    self.tokens = tokens
  }

  /// Every statement of a script or a line typed at the prompt.
  public static func parseScript(_ text: String) throws(LanguageError) -> [Statement] {
    var stream = StatementStream(text)
    var statements: [Statement] = []
    while let statement = try stream.next() { statements.append(statement) }
    return statements
  }

  /// A predicate on its own, as given to `NSPredicate(format:)`.
  public static func parsePredicate(_ text: String) throws(LanguageError) -> PredicateSyntax {
    try parsePredicate(tokens: try Lexer.tokenize(text))
  }

  /// A predicate on its own, from tokens (a format string's, its arguments in place).
  static func parsePredicate(tokens: [Token]) throws(LanguageError) -> PredicateSyntax {
    var parser = Parser(tokens: tokens)
    parser.skipNewlines()
    let predicate = try parser.parsePredicate()
    parser.skipNewlines()
    try parser.expectEnd(after: "the predicate")
    return predicate
  }

  /// An expression on its own, as given to `NSExpression(format:)`.
  public static func parseExpression(_ text: String) throws(LanguageError) -> ExpressionSyntax {
    try parseExpression(tokens: try Lexer.tokenize(text))
  }

  /// An expression on its own, from tokens (a format string's, its arguments in place).
  static func parseExpression(tokens: [Token]) throws(LanguageError) -> ExpressionSyntax {
    var parser = Parser(tokens: tokens)
    parser.skipNewlines()
    let expression = try parser.parseExpression()
    parser.skipNewlines()
    try parser.expectEnd(after: "the expression")
    return expression
  }

  // MARK: Token cursor

  var current: Token { tokens[position] }

  func peek(_ ahead: Int = 1) -> Token {
    tokens[min(position + ahead, tokens.count - 1)]
  }

  /// The end of the last token consumed, where a node that ends here ends.
  var previousEnd: SourceLocation {
    position > 0 ? tokens[position - 1].range.end : current.range.start
  }

  @discardableResult
  mutating func advance() -> Token {
    let token = tokens[position]
    if position < tokens.count - 1 { position += 1 }
    return token
  }

  mutating func skipNewlines() {
    while current.kind == .newline { advance() }
  }

  func isKeyword(_ word: String, _ token: Token? = nil) -> Bool {
    if case .identifier(let text) = (token ?? current).kind {
      return text.spellsKeyword(word)
    }
    return false
  }

  mutating func consumeKeyword(_ word: String) -> Bool {
    guard isKeyword(word) else { return false }
    advance()
    return true
  }

  mutating func expectKeyword(_ word: String, _ context: String) throws(LanguageError) {
    guard consumeKeyword(word) else { throw unexpected("\"\(word)\" \(context)") }
  }

  func isPunctuation(_ p: Punctuation) -> Bool {
    current.kind == .punctuation(p)
  }

  mutating func consume(_ p: Punctuation) -> Bool {
    guard isPunctuation(p) else { return false }
    advance()
    return true
  }

  @discardableResult
  mutating func expect(_ p: Punctuation, _ context: String) throws(LanguageError) -> Token {
    guard isPunctuation(p) else { throw unexpected("\"\(p.rawValue)\" \(context)") }
    return advance()
  }

  /// A name: an identifier that is not a reserved word of the predicate language, or any
  /// `#`-escaped one.
  mutating func parseName(_ what: String) throws(LanguageError) -> Name {
    switch current.kind {
    case .identifier(let text) where !ReservedWords.isReserved(text):
      return Name(text, range: advance().range)
    case .escapedIdentifier(let text):
      return Name(text, range: advance().range)
    case .identifier(let text):
      throw LanguageError(
        .syntax, "\"\(text)\" is a reserved word; write #\(text) to use it as a name",
        at: current.range)
    default:
      throw unexpected(what)
    }
  }

  mutating func parseInteger(_ what: String) throws(LanguageError) -> Int {
    guard case .integer(let value) = current.kind, let int = Int(exactly: value) else {
      throw unexpected(what)
    }
    advance()
    return int
  }

  func expectEnd(after what: String) throws(LanguageError) {
    guard current.kind == .endOfInput else {
      throw LanguageError(.syntax, "unexpected \(current.kind) after \(what)", at: current.range)
    }
  }

  /// "expected X, found Y" at the current token.
  func unexpected(_ expected: String) -> LanguageError {
    LanguageError(.syntax, "expected \(expected), found \(current.kind)", at: current.range)
  }

  /// Runs `body` one nesting level deeper, failing past ``maximumDepth``.
  mutating func nested<T>(_ body: (inout Parser) throws(LanguageError) -> T) throws(LanguageError)
    -> T
  {
    guard depth < Parser.maximumDepth else {
      throw LanguageError(
        .syntax, "nesting is deeper than \(Parser.maximumDepth) levels", at: current.range)
    }
    depth += 1
    defer { depth -= 1 }
    return try body(&self)
  }
}
