extension Parser {
  /// `why [not] [Entity/pN] [where P]`, from the token after `why`.
  mutating func parseWhyRequest() throws(LanguageError) -> WhyRequest {
    let expectsMatch = !consumeKeyword("not")
    var object: ObjectReference?
    if startsObjectReference {
      object = try parseObjectReference()
    }
    return WhyRequest(
      expectsMatch: expectsMatch, object: object, predicate: try parseWhereClause())
  }

  /// Whether an object's name comes next: `Entity/pN`, or a Core Data URI.
  var startsObjectReference: Bool {
    if case .string(let text) = current.kind { return text.hasPrefix("x-coredata://") }
    return !isKeyword("where") && peek().kind == .punctuation(.slash)
  }

  /// `Entity/pN`, an object as bowq prints it, or a Core Data object's URI as Core Data and
  /// bowq print it (`x-coredata://…/Book/p3`, quoted or not).
  mutating func parseObjectReference() throws(LanguageError) -> ObjectReference {
    if case .string(let text) = current.kind {
      guard let reference = ObjectReference(coreDataURI: text, range: current.range) else {
        throw unexpected("an object: Entity/pN, or x-coredata://<store UUID>/Entity/pN")
      }
      advance()
      return reference
    }
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
