extension Parser {
  /// `show [Entity/pN | Entity [where P]]`, from the token after `show`.
  mutating func parseShowRequest() throws(LanguageError) -> ShowRequest {
    if current.kind == .newline || current.kind == .endOfInput || isPunctuation(.semicolon) {
      return .selection
    }
    if startsObjectReference { return .object(try parseObjectReference()) }
    let entity = try parseName("an entity name or an object (show BowTie/p3)")
    return .matching(entity: entity, predicate: try parseWhereClause())
  }
}
