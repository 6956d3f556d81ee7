import Foundation

extension Interpreter {
  /// `why [not] [Entity/pN] [where P]`: the predicate's tree for the object named, or for
  /// each object of the selection, with the last fetch's predicate when none is given.
  ///
  /// As a fetch of an entity takes in its sub-entities' objects, so does `why`: the
  /// selection of `fetch Car` explains its SportCars too, and `Car/p5` names the SportCar
  /// whose key is 5. Each is explained with the predicate as bound on the entity asked about.
  func why(_ request: WhyRequest, _ binder: Binder, now: Date, range: SourceRange) throws
    -> [WhyExplanation]
  {
    let (entity, ids) = try whyObjects(request, binder, range: range)
    let syntax = try whyPredicate(request, entity: entity, range: range)
    let bound = try binder.bind(syntax, on: entity)
    // What the predicate compares, and the objects' rows: read from the store file for a
    // few objects, from their decoded columns for more (``ColumnsRead``).
    try decodeColumns(comparedBy: bound, on: entity)
    if ids.count > ColumnsRead.rowsReadAlone { try decodeColumns(ofHierarchyOf: entity.name) }
    let compiler = compiler(now)
    var explanations: [WhyExplanation] = []
    for (step, id) in ids.enumerated() {
      try Interrupt.check(every: step)
      guard let row = try row(of: id, as: entity) else { continue }
      let tracer = WhyTracer(compiler: compiler, scope: EvaluationScope(row: row, key: id.key))
      explanations.append(
        WhyExplanation(
          object: id, predicate: PredicateFormatter.format(syntax),
          expectsMatch: request.expectsMatch, tree: tracer.trace(syntax, bound)))
    }
    // A read-only session reading what it could of a damaged store may have left it out.
    if let object = request.object, explanations.isEmpty {
      throw LanguageError(
        .semantic, "there is no object \(ObjectID(entity: entity.name, key: object.key))",
        at: object.range)
    }
    return explanations
  }

  /// The object named (of the entity named or one that inherits from it, keys being unique
  /// across a hierarchy), or the objects of the selection, with the entity asked about.
  private func whyObjects(_ request: WhyRequest, _ binder: Binder, range: SourceRange) throws
    -> (Entity, [ObjectID])
  {
    if let object = request.object {
      try checkStore(of: object)
      let entity = try binder.entity(object.entity)
      guard let id = HierarchyScan.object(key: object.key, of: entity, in: context.graph) else {
        throw LanguageError(
          .semantic,
          "there is no object \(ObjectID(entity: entity.name, key: object.key)): "
            + "`fetch \(entity.name) where …` then `why` explains each object fetched",
          at: object.range)
      }
      return (entity, [id])
    }
    guard let selection, let entity = context.graph.model.entity(named: selection.entity) else {
      throw LanguageError(
        .semantic,
        "there is no current selection to explain: name an object (why BowTie/p3 where …), "
          + "or fetch first",
        at: range)
    }
    return (entity, selection.ids.filter(context.graph.contains))
  }

  /// The predicate written, or the last fetch's: a fetch of the entity or of one it
  /// inherits from, whose objects included it.
  private func whyPredicate(_ request: WhyRequest, entity: Entity, range: SourceRange) throws
    -> PredicateSyntax
  {
    if let predicate = request.predicate { return predicate }
    guard let lastFetch,
      context.graph.model.hierarchy(of: lastFetch.entity).contains(where: {
        $0.name == entity.name
      })
    else {
      throw LanguageError(
        .semantic,
        "there is no earlier fetch of \(entity.name) whose predicate to explain: "
          + "add one (why … where rating > 3)",
        at: range)
    }
    guard let predicate = lastFetch.predicate else {
      throw LanguageError(
        .semantic,
        "the last fetch of \(entity.name) had no where clause, so every object matched: "
          + "add a predicate to explain (why … where rating > 3)",
        at: range)
    }
    return predicate
  }
}
