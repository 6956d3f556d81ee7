extension Parser {
  /// `why [not] [Entity/pN] [where P]`, from the token after `why`.
  mutating func parseWhyRequest() throws(LanguageError) -> WhyRequest {
    let expectsMatch = !consumeKeyword("not")
    var object: ObjectReference?
    if !isKeyword("where"), peek().kind == .punctuation(.slash) {
      object = try parseObjectReference()
    }
    return WhyRequest(
      expectsMatch: expectsMatch, object: object, predicate: try parseWhereClause())
  }

  /// `Entity/pN`, an object as bowq prints it.
  mutating func parseObjectReference() throws(LanguageError) -> ObjectReference {
    let entity = try parseName("an entity name")
    try expect(.slash, "between the entity and the key (BowTie/p3)")
    guard case .identifier(let word) = current.kind, word.first == "p",
      let key = Int64(word.dropFirst()), key >= 0
    else {
      throw unexpected("an object's key after \"\(entity.text)/\", as in \(entity.text)/p3")
    }
    advance()
    return ObjectReference(
      entity: entity, key: key, range: SourceRange(entity.range.start, previousEnd))
  }
}
