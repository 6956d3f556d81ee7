import Foundation

extension Interpreter {
  /// The warnings of a statement's predicates (``PredicateAdvice/warnings(_:_:)``), found
  /// once it is bound.
  func warnings(_ statement: Statement, _ bound: BoundStatement) -> [StatementNote] {
    predicates(of: statement, bound).flatMap { PredicateAdvice.warnings($0, $1) }
  }

  /// The `where` clause of a statement, as written and bound.
  private func predicates(of statement: Statement, _ bound: BoundStatement)
    -> [(PredicateSyntax, BoundPredicate)]
  {
    let pair: (PredicateSyntax?, BoundPredicate?)
    switch (statement.kind, bound) {
    case (.fetch(let request), .fetch(let fetch)): pair = (request.predicate, fetch.predicate)
    case (.count(_, let syntax), .count(_, let predicate)),
      (.update(_, let syntax, _), .update(_, let predicate, _)),
      (.delete(_, let syntax), .delete(_, let predicate)):
      pair = (syntax, predicate)
    case (.export(let request), .export(let export)): pair = (request.predicate, export.predicate)
    case (.explain(let inner), _), (.explainAnalyze(let inner), _):
      return predicates(of: inner, bound)
    default: return []
    }
    guard let syntax = pair.0, let predicate = pair.1 else { return [] }
    return [(syntax, predicate)]
  }

  /// Notes for a fetch or count that found nothing: each `key == "string"` (or `CONTAINS`,
  /// `BEGINSWITH`, `ENDSWITH`, `LIKE`) that matches no object but would with `[c]`, with a
  /// value it would find.
  func emptyResultNotes(
    _ entity: Entity, _ syntax: PredicateSyntax?, _ bound: BoundPredicate?, now: Date
  ) throws -> [StatementNote] {
    guard let syntax, let bound else { return [] }
    let compiler = compiler(now)
    var notes: [StatementNote] = []
    for (comparison, exact, folded) in PredicateAdvice.caseSensitiveStringComparisons(syntax, bound)
    {
      guard
        let found = try firstFoldedMatch(
          entity, exact: .comparison(exact), folded: .comparison(folded), compiler)
      else { continue }
      let value = try compiler.expressions.compile(exact.lhs)(found)
      var ignoringCase = comparison
      ignoringCase.options.insert(.caseInsensitive)
      let written = PredicateSyntax(.comparison(comparison), range: comparison.operatorRange)
      let suggested = PredicateSyntax(.comparison(ignoringCase), range: comparison.operatorRange)
      let difference =
        comparison.op == .equal ? "differs only in case" : "would match if case were ignored"
      notes.append(
        StatementNote(
          .note,
          "no \(entity.name) has \(PredicateFormatter.format(written)), but "
            + "\(value.literalText) \(difference): "
            + "\(PredicateFormatter.format(suggested)) ignores case",
          at: comparison.operatorRange))
    }
    return notes
  }

  /// The first object of `entity` itself that satisfies `folded`, as the scope its values are
  /// read in, when no object satisfies `exact`: in SQLite while a Core Data store's rows are
  /// in the file (``firstFoldedMatchInStore(_:exact:folded:_:)``), run by run in a bowq store
  /// file for a session of one statement (``firstFoldedMatchInStoreFile(_:exact:folded:)``).
  /// Otherwise the columns compared and the keys of a count's objects are read from the store
  /// file first, since the search names objects by key.
  private func firstFoldedMatch(
    _ entity: Entity, exact: BoundPredicate, folded: BoundPredicate, _ compiler: PredicateCompiler
  ) throws -> EvaluationScope? {
    if coreDataFile != nil {
      return try firstFoldedMatchInStore(entity, exact: exact, folded: folded, compiler)
    }
    if let found = try firstFoldedMatchInStoreFile(entity, exact: exact, folded: folded) {
      return found
    }
    // A count that read its columns in the store file decoded none.
    try decodeColumns(comparedBy: exact, on: entity)
    try decodeColumns(comparedBy: folded, on: entity)
    try decodeKeys()
    guard try matching(entity, exact, compiler).isEmpty,
      let found = try matching(entity, folded, compiler).first, found.entity == entity.name
    else { return nil }
    let table = context.graph.table(entity.name)
    return table.position(of: found.key).map { EvaluationScope(table, position: $0) }
  }
}
