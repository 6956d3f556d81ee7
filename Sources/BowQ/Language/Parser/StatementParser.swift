extension Parser {
  /// The words that begin a statement, for did-you-mean on a misspelt one.
  static let statementWords = [
    "entity", "import", "fetch", "count", "set", "insert", "update", "delete", "save",
    "rollback", "changes", "undo", "redo", "validate", "explain",
  ]

  mutating func parseStatements() throws(LanguageError) -> [Statement] {
    var statements: [Statement] = []
    while true {
      while current.kind == .newline || isPunctuation(.semicolon) { advance() }
      if current.kind == .endOfInput { return statements }
      statements.append(try parseStatement())
      guard current.kind == .newline || isPunctuation(.semicolon) || current.kind == .endOfInput
      else {
        throw LanguageError(
          .syntax,
          "unexpected \(current.kind) after the statement; end it with a newline or \";\"",
          at: current.range)
      }
    }
  }

  mutating func parseStatement() throws(LanguageError) -> Statement {
    let start = current.range.start
    guard case .identifier(let word) = current.kind else {
      throw unexpected("a statement (\(Parser.statementWords.joined(separator: ", ")))")
    }
    let kind: Statement.Kind
    switch word.lowercased() {
    case "entity":
      advance()
      kind = .entity(try parseEntityDefinition())
    case "import":
      advance()
      guard case .string(let path) = current.kind else { throw unexpected("a file name in quotes") }
      advance()
      try expectKeyword("into", "after the file name")
      kind = .importPlist(path: path, entity: try parseName("an entity name"))
    case "fetch":
      advance()
      kind = .fetch(try parseFetchRequest())
    case "count":
      advance()
      let entity = try parseName("an entity name")
      kind = .count(entity: entity, predicate: try parseWhereClause())
    case "set":
      advance()
      kind = .set(try parseAssignments())
    case "insert":
      advance()
      let entity = try parseName("an entity name")
      let startsAssignment = current.kind != .newline && current.kind != .endOfInput
        && !isPunctuation(.semicolon)
      kind = .insert(entity: entity, assignments: startsAssignment ? try parseAssignments() : [])
    case "update":
      advance()
      let entity = try parseName("an entity name")
      let predicate = try parseWhereClause()
      try expectKeyword("set", "and the changes to make (update Entity where … set key = value)")
      kind = .update(entity: entity, predicate: predicate, assignments: try parseAssignments())
    case "delete":
      advance()
      let entity = try parseName("an entity name")
      kind = .delete(entity: entity, predicate: try parseWhereClause())
    case "save", "rollback", "changes", "undo", "redo", "validate":
      advance()
      kind = [
        "save": .save, "rollback": .rollback, "changes": .changes, "undo": .undo,
        "redo": .redo, "validate": .validate,
      ][word.lowercased()]!
    case "explain":
      advance()
      kind = .explain(
        try nested { (p: inout Parser) throws(LanguageError) in try p.parseStatement() })
    default:
      throw LanguageError(
        .syntax,
        "unknown statement \"\(word)\"."
          + NameSuggestion.hint(for: word, among: Parser.statementWords),
        at: current.range)
    }
    return Statement(kind, range: SourceRange(start, previousEnd))
  }

  mutating func parseWhereClause() throws(LanguageError) -> PredicateSyntax? {
    guard consumeKeyword("where") else { return nil }
    return try parsePredicate()
  }

  mutating func parseFetchRequest() throws(LanguageError) -> FetchRequest {
    var request = FetchRequest(entity: try parseName("an entity name"))
    request.predicate = try parseWhereClause()
    if consumeKeyword("sort") {
      try expectKeyword("by", "after \"sort\"")
      repeat {
        let key = try parseSortKeyPath()
        var ascending = true
        if consumeKeyword("desc") || consumeKeyword("descending") {
          ascending = false
        } else if consumeKeyword("asc") || consumeKeyword("ascending") {
          ascending = true
        }
        request.sort.append(SortKey(key: key, ascending: ascending))
      } while consume(.comma)
    }
    if consumeKeyword("limit") { request.limit = try parseInteger("a whole number after limit") }
    if consumeKeyword("offset") {
      request.offset = try parseInteger("a whole number after offset")
    }
    return request
  }

  /// A sort key: an attribute name, or a dotted key path kept as one name.
  mutating func parseSortKeyPath() throws(LanguageError) -> Name {
    var name = try parseName("an attribute to sort by")
    while isPunctuation(.dot) {
      advance()
      let next = try parseName("a key after \".\"")
      name = Name(name.text + "." + next.text, range: name.range.union(next.range))
    }
    return name
  }

  mutating func parseAssignments() throws(LanguageError) -> [Assignment] {
    var assignments: [Assignment] = []
    repeat {
      let key = try parseName("an attribute name to assign (key = value)")
      guard consume(.assign) || consume(.equal) else {
        throw unexpected("\"=\" after \(key.text)")
      }
      assignments.append(Assignment(key: key, value: try parseExpression()))
    } while consume(.comma)
    return assignments
  }

  mutating func parseEntityDefinition() throws(LanguageError) -> EntityDefinition {
    let name = try parseName("an entity name")
    try expect(.leftBrace, "to begin the entity's attributes")
    var attributes: [AttributeDefinition] = []
    while true {
      while current.kind == .newline || isPunctuation(.comma) { advance() }
      if consume(.rightBrace) { break }
      if current.kind == .endOfInput {
        throw unexpected("\"}\" to close the entity \(name.text)")
      }
      attributes.append(try parseAttributeDefinition())
      guard current.kind == .newline || isPunctuation(.comma) || isPunctuation(.rightBrace) else {
        throw unexpected("a newline or \",\" after an attribute")
      }
    }
    return EntityDefinition(name: name, attributes: attributes)
  }

  static let attributeModifierWords = [
    "default", "min", "max", "minLength", "maxLength", "matches", "unique", "external",
  ]

  mutating func parseAttributeDefinition() throws(LanguageError) -> AttributeDefinition {
    let name = try parseName("an attribute name")
    try expect(.colon, "between the attribute name and its type (name: Type)")
    let typeName = try parseName("a type (\(AttributeType.simpleTypes.keys.sorted().joined(separator: ", ")), Transformable(Color))")
    var transformer: Name?
    if consume(.leftParen) {
      transformer = try parseName("a value transformer name")
      try expect(.rightParen, "after the transformer name")
    }
    let isOptional = consume(.question)
    var modifiers: [AttributeModifier] = []
    while case .identifier(let word) = current.kind {
      let modifier: AttributeModifier
      switch word.lowercased() {
      case "default":
        advance()
        modifier = .defaultValue(try parseExpression())
      case "min":
        advance()
        modifier = .min(try parseExpression())
      case "max":
        advance()
        modifier = .max(try parseExpression())
      case "minlength":
        advance()
        modifier = .minLength(try parseExpression())
      case "maxlength":
        advance()
        modifier = .maxLength(try parseExpression())
      case "matches":
        advance()
        modifier = .matches(try parseExpression())
      case "unique":
        advance()
        modifier = .unique
      case "external":
        advance()
        modifier = .external
      default:
        throw LanguageError(
          .syntax,
          "unknown attribute rule \"\(word)\"."
            + NameSuggestion.hint(for: word, among: Parser.attributeModifierWords),
          at: current.range)
      }
      modifiers.append(modifier)
    }
    return AttributeDefinition(
      name: name, typeName: typeName, transformer: transformer, isOptional: isOptional,
      modifiers: modifiers)
  }
}
