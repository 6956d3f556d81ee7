extension Parser {
  /// The words that begin a statement, in ``StatementKeyword``'s order.
  static let statementWords = StatementKeyword.allCases.map(\.word)

  /// One statement from its tokens, which end with its `;` or line break (if any) and the
  /// end of input, as ``StatementStream`` splits them.
  static func parseStatement(tokens: [Token]) throws(LanguageError) -> Statement {
    var parser = Parser(tokens: tokens)
    let statement = try parser.parseStatement()
    guard
      parser.current.kind == .newline || parser.isPunctuation(.semicolon)
        || parser.current.kind == .endOfInput
    else {
      try parser.refuseMisplacedClause(in: statement.kind)
      throw LanguageError(
        .syntax,
        "unexpected \(parser.current.kind) after the statement; end it with a newline or \";\"",
        at: parser.current.range)
    }
    return statement
  }

  mutating func parseStatement() throws(LanguageError) -> Statement {
    let start = current.range.start
    guard case .identifier(let word) = current.kind else {
      throw unexpected("a statement (\(Parser.statementWords.joined(separator: ", ")))")
    }
    if word.lowercased() == "abstract", case .identifier(let next) = peek().kind,
      StatementKeyword(word: next) == .entity
    {
      advance()
      advance()
      let definition = try parseEntityDefinition(isAbstract: true)
      return Statement(.entity(definition), range: SourceRange(start, previousEnd))
    }
    if word.lowercased() == "select" { try refuseSQLSelect() }
    if StatementKeyword(word: word) == nil,
      StatementContinuation.clauseWords.contains(word.lowercased())
    {
      throw LanguageError(
        .syntax,
        "a statement cannot begin with \"\(word)\": it goes on the line of the statement it "
          + "belongs to (at the prompt, end that line with \\ to go on on the next)",
        at: current.range)
    }
    guard let keyword = StatementKeyword(word: word) else {
      throw LanguageError(
        .syntax,
        "unknown statement \"\(word)\"."
          + NameSuggestion.hint(for: word, among: Parser.statementWords),
        at: current.range)
    }
    advance()
    try refuseSQLPreposition(after: keyword)
    let kind = try parseStatement(after: keyword)
    return Statement(kind, range: SourceRange(start, previousEnd))
  }

  /// The statement `keyword` begins, from the token after it.
  mutating func parseStatement(after keyword: StatementKeyword) throws(LanguageError)
    -> Statement.Kind
  {
    switch keyword {
    case .entity:
      return .entity(try parseEntityDefinition())
    case .import:
      if consumeKeyword("model") { return .importModel(path: try parseFileName()) }
      let path = try parseFileName()
      try expectKeyword("into", "after the file name (import \"file.plist\" into Entity)")
      return .importPlist(path: path, entity: try parseName("an entity name"))
    case .export:
      let entity = try parseName("an entity name")
      let predicate = try parseWhereClause()
      try expectKeyword("to", "and a file name (export Entity to \"file.json\")")
      let path = try parseFileName()
      let format = consumeKeyword("as") ? try parseName("a format: json, xml or binary") : nil
      return .export(
        ExportRequest(entity: entity, predicate: predicate, path: path, format: format))
    case .fetch:
      return .fetch(try parseFetchRequest())
    case .count:
      let entity = try parseName("an entity name")
      return .count(entity: entity, predicate: try parseWhereClause())
    case .set:
      return .set(try parseAssignments())
    case .insert:
      let entity = try parseName("an entity name")
      let startsAssignment =
        current.kind != .newline && current.kind != .endOfInput && !isPunctuation(.semicolon)
      return .insert(entity: entity, assignments: startsAssignment ? try parseAssignments() : [])
    case .update:
      let entity = try parseName("an entity name")
      let predicate = try parseWhereClause()
      try expectKeyword("set", "and the changes to make (update Entity where … set key = value)")
      return .update(entity: entity, predicate: predicate, assignments: try parseAssignments())
    case .delete:
      let entity = try parseName("an entity name")
      return .delete(entity: entity, predicate: try parseWhereClause())
    case .save: return .save
    case .rollback: return .rollback
    case .changes: return .changes(all: consumeKeyword("all"))
    case .undo: return .undo
    case .redo: return .redo
    case .validate: return .validate
    case .explain:
      let analyze = consumeKeyword("analyze")
      let inner = try nested { (p: inout Parser) throws(LanguageError) in try p.parseStatement() }
      return analyze ? .explainAnalyze(inner) : .explain(inner)
    case .why:
      return .why(try parseWhyRequest())
    case .show:
      return .show(try parseShowRequest())
    }
  }

  mutating func parseFileName() throws(LanguageError) -> String {
    guard case .string(let path) = current.kind else { throw unexpected("a file name in quotes") }
    advance()
    return path
  }

  mutating func parseWhereClause() throws(LanguageError) -> PredicateSyntax? {
    guard consumeKeyword("where") else {
      try refuseMissingWhere()
      return nil
    }
    return try parsePredicate()
  }

  mutating func parseFetchRequest() throws(LanguageError) -> FetchRequest {
    var request = FetchRequest(entity: try parseName("an entity name"))
    if consumeKeyword("select") {
      request.distinct = consumeKeyword("distinct")
      var items: [SelectItem] = []
      repeat {
        let expression = try parseExpression()
        let alias = consumeKeyword("as") ? try parseDefinitionName("a column name after as") : nil
        items.append(SelectItem(expression: expression, alias: alias))
      } while consume(.comma)
      request.select = items
    }
    request.predicate = try parseWhereClause()
    if consumeKeyword("group") {
      try expectKeyword("by", "after \"group\"")
      repeat { request.groupBy.append(try parseExpression()) } while consume(.comma)
    }
    if consumeKeyword("having") { request.having = try parsePredicate() }
    if consumeKeyword("sort") {
      try expectKeyword("by", "after \"sort\"")
      repeat { request.sort.append(try parseSortKey()) } while consume(.comma)
    }
    if consumeKeyword("limit") { request.limit = try parseInteger("a whole number after limit") }
    if consumeKeyword("offset") {
      request.offset = try parseInteger("a whole number after offset")
    }
    return request
  }

  /// `key [asc|desc] [compare|caseInsensitive|localized|localizedCaseInsensitive|localizedStandard]`.
  mutating func parseSortKey() throws(LanguageError) -> SortKey {
    var key = SortKey(key: try parseExpression(), ascending: true)
    if consumeKeyword("desc") || consumeKeyword("descending") {
      key.ascending = false
    } else if consumeKeyword("asc") || consumeKeyword("ascending") {
      key.ascending = true
    }
    if case .identifier(let word) = current.kind,
      let comparison = SortComparison.allCases.first(where: {
        word.spellsKeyword($0.rawValue)
      })
    {
      advance()
      key.comparison = comparison
    }
    return key
  }

  mutating func parseAssignments() throws(LanguageError) -> [Assignment] {
    var assignments: [Assignment] = []
    repeat {
      let key = try parseDefinitionName("a property name to assign (key = value)")
      let op: AssignmentOperator
      if consume(.assign) || consume(.equal) {
        op = .set
      } else if consume(.addAssign) {
        op = .add
      } else if consume(.removeAssign) {
        op = .remove
      } else {
        throw unexpected("\"=\", \"+=\" or \"-=\" after \(key.text)")
      }
      assignments.append(Assignment(key: key, op: op, value: try parseAssignedValue()))
    } while consume(.comma)
    return assignments
  }

  /// An expression, or `Entity where P` choosing objects for a relationship.
  mutating func parseAssignedValue() throws(LanguageError) -> AssignedValue {
    if case .identifier(let word) = current.kind, !ReservedWords.isReserved(word),
      isKeyword("where", peek())
    {
      let entity = Name(word, range: advance().range)
      advance()
      return .objects(entity: entity, predicate: try parsePredicate())
    }
    return .expression(try parseExpression())
  }

  /// A name in a definition or an assignment, where the predicate language's reserved
  /// words cannot be meant as keywords (`size: Int16`, `set size = 3`).
  mutating func parseDefinitionName(_ what: String) throws(LanguageError) -> Name {
    switch current.kind {
    case .identifier(let text), .escapedIdentifier(let text):
      return Name(text, range: advance().range)
    default:
      throw unexpected(what)
    }
  }
}
