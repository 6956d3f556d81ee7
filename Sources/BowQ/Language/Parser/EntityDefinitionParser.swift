extension Parser {
  /// The words that begin a property's modifiers, in ``PropertyModifierKeyword``'s order.
  static let propertyModifierWords = PropertyModifierKeyword.allCases.map(\.word)

  /// `entity Name [: Parent] { … }`: properties, `unique (a, b)`, `index name (a, b)` and
  /// `check P else "message"`, one per line or separated by commas; `isAbstract` after the
  /// word `abstract`.
  mutating func parseEntityDefinition(isAbstract: Bool = false) throws(LanguageError)
    -> EntityDefinition
  {
    var definition = EntityDefinition(
      name: try parseName("an entity name"), properties: [], isAbstract: isAbstract)
    if consume(.colon) { definition.parent = try parseName("the name of the parent entity") }
    try expect(.leftBrace, "to begin the entity's properties")
    while true {
      while current.kind == .newline || isPunctuation(.comma) { advance() }
      if consume(.rightBrace) { break }
      if current.kind == .endOfInput {
        throw unexpected("\"}\" to close the entity \(definition.name.text)")
      }
      if isKeyword("unique"), isPunctuation(.leftParen, peek()) {
        advance()
        advance()
        var names: [Name] = []
        repeat { names.append(try parseDefinitionName("an attribute name")) } while consume(.comma)
        try expect(.rightParen, "to close the uniqueness constraint")
        definition.uniqueness.append(names)
      } else if isKeyword("index"), !isPunctuation(.colon, peek()) {
        advance()
        definition.indexes.append(try parseIndexDeclaration())
      } else if isKeyword("check"), !isPunctuation(.colon, peek()) {
        advance()
        let predicate = try parsePredicate()
        try expectKeyword("else", "and the message to show (check P else \"message\")")
        guard case .string(let message) = current.kind else {
          throw unexpected("the rule's message in quotes")
        }
        advance()
        definition.rules.append(RuleDefinition(predicate: predicate, message: message))
      } else {
        definition.properties.append(try parsePropertyDefinition())
      }
      guard current.kind == .newline || isPunctuation(.comma) || isPunctuation(.rightBrace) else {
        throw unexpected("a newline or \",\" after a property")
      }
    }
    return definition
  }

  /// After `index`: `name`, then optionally `(attribute [asc|desc], …)` and `using hash` or
  /// `using ordered`.
  mutating func parseIndexDeclaration() throws(LanguageError) -> IndexDeclaration {
    var declaration = IndexDeclaration(
      name: try parseDefinitionName("an index name (index searchKey, index byRating (rating))"))
    if consume(.leftParen) {
      repeat {
        let attribute = try parseDefinitionName("an attribute name")
        var ascending = true
        if consumeKeyword("desc") || consumeKeyword("descending") {
          ascending = false
        } else if !consumeKeyword("asc") {
          _ = consumeKeyword("ascending")
        }
        declaration.elements.append(
          IndexDeclaration.Element(attribute: attribute, ascending: ascending))
      } while consume(.comma)
      try expect(.rightParen, "to close the index's attributes")
    }
    if consumeKeyword("using") {
      declaration.kind = try parseDefinitionName("hash or ordered, after \"using\"")
    }
    return declaration
  }

  /// `name: Type[?] modifiers…`, `name: Transformable(T)[?]` or `name: [Entity] modifiers…`.
  mutating func parsePropertyDefinition() throws(LanguageError) -> PropertyDefinition {
    let name = try parseDefinitionName("a property name")
    try expect(.colon, "between the property name and its type (name: Type)")
    let isToMany = consume(.leftBracket)
    let typeName = try parseDefinitionName(
      isToMany
        ? "the destination entity of a to-many relationship ([Entity])"
        : "a type (\(AttributeType.simpleTypes.keys.sorted().joined(separator: ", ")), Transformable(Color)) or an entity"
    )
    if isToMany { try expect(.rightBracket, "to close [\(typeName.text)]") }
    var transformer: Name?
    if !isToMany, consume(.leftParen) {
      transformer = try parseDefinitionName("a value transformer name")
      try expect(.rightParen, "after the transformer name")
    }
    let isOptional = consume(.question)
    var modifiers: [PropertyModifier] = []
    while case .identifier(let word) = current.kind {
      guard let keyword = PropertyModifierKeyword(word: word) else {
        throw LanguageError(
          .syntax,
          "unknown property rule \"\(word)\"."
            + NameSuggestion.hint(for: word, among: Parser.propertyModifierWords),
          at: current.range)
      }
      advance()
      modifiers.append(try parsePropertyModifier(after: keyword))
    }
    return PropertyDefinition(
      name: name, typeName: typeName, transformer: transformer, isToMany: isToMany,
      isOptional: isOptional, modifiers: modifiers)
  }

  /// The modifier `keyword` begins, from the token after it.
  mutating func parsePropertyModifier(after keyword: PropertyModifierKeyword) throws(LanguageError)
    -> PropertyModifier
  {
    switch keyword {
    case .defaultValue: return .defaultValue(try parseExpression())
    case .min: return .min(try parseExpression())
    case .max: return .max(try parseExpression())
    case .minLength: return .minLength(try parseExpression())
    case .maxLength: return .maxLength(try parseExpression())
    case .matches: return .matches(try parseExpression())
    case .unique: return .unique
    case .external: return .external
    case .inverse:
      return .inverse(try parseDefinitionName("the inverse relationship's name"))
    case .delete:
      return .deleteRule(
        try parseDefinitionName("a delete rule: nullify, cascade, deny or noAction"))
    case .ordered: return .ordered
    case .renamed:
      try expectKeyword("from", "after \"renamed\" (renamed from oldName)")
      return .renamedFrom(try parseDefinitionName("the earlier name"))
    }
  }
}
