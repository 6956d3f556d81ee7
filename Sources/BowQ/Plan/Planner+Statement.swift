/// What a plan is asked for: the objects or rows of a fetch, a count, or the objects an
/// update, delete, export or `show … where` acts on — each with the syntax its steps are
/// told in, when it has one.
enum PlanRequest {
  case fetch(BoundFetch)
  case count(Entity, BoundPredicate?, PredicateSyntax?)
  case targets(Entity, BoundPredicate?, PredicateSyntax?)
  /// The first objects a predicate accepts, at most `limit` of them, in the order a fetch
  /// lists them.
  case first(limit: Int, Entity, BoundPredicate)

  /// The request of a bound statement, worded as `statement` when given (`explain` passes
  /// the statement as it runs, the binder's `folded(_:)`, so that a `TERNARY` the binder
  /// folds is told as the branch it takes); nil for a statement that has no plan.
  init?(_ bound: BoundStatement, wording statement: Statement? = nil) {
    switch (bound, statement?.kind) {
    case (.fetch(var fetch), let kind):
      if case .fetch(let request)? = kind { fetch.request = request }
      self = .fetch(fetch)
    case (.count(let entity, let predicate), let kind):
      var syntax: PredicateSyntax?
      if case .count(_, let written)? = kind { syntax = written }
      self = .count(entity, predicate, syntax)
    case (.update(let entity, let predicate, _), let kind):
      var syntax: PredicateSyntax?
      if case .update(_, let written, _)? = kind { syntax = written }
      self = .targets(entity, predicate, syntax)
    case (.delete(let entity, let predicate), let kind):
      var syntax: PredicateSyntax?
      if case .delete(_, let written)? = kind { syntax = written }
      self = .targets(entity, predicate, syntax)
    case (.show(.matching(let entity, let predicate)), let kind):
      var syntax: PredicateSyntax?
      if case .show(.matching(_, let written))? = kind { syntax = written }
      self = .targets(entity, predicate, syntax)
    case (.export(let export), let kind):
      var syntax: PredicateSyntax?
      if case .export(let request)? = kind { syntax = request.predicate }
      self = .targets(export.entity, export.predicate, syntax)
    default:
      return nil
    }
  }
}

extension Planner {
  /// The plan of `request` over the tables of a graph, with the source it reads: with
  /// ``plan(_:external:)``, the one way a statement becomes a plan.
  static func plan(_ request: PlanRequest, tables: TableSources) -> (QueryPlan, PlanSource) {
    switch request {
    case .fetch(let fetch):
      let source = tables.source(of: fetch.entity, for: fetch.predicate, sort: fetch.sort)
      return (namingScannedEntities(plan(fetch, source: source), tables.model), source)
    case .count(let entity, let predicate, let syntax):
      let source = tables.source(of: entity, for: predicate)
      return (count(predicate, syntax, source: source), source)
    case .targets(let entity, let predicate, let syntax):
      let source = tables.source(of: entity, for: predicate)
      return (targets(predicate, syntax, source: source), source)
    case .first(let limit, let entity, let predicate):
      let source = tables.source(of: entity, for: predicate)
      var plan = targets(predicate, nil, source: source)
      plan.steps.append(PlanStep(operation: .page(offset: 0, limit: limit), text: "take \(limit)"))
      plan.output = .objects
      return (plan, source)
    }
  }

  /// A fetch's `plan` with its scan step naming the entities whose objects it lists, when
  /// its entity has sub-entities: `scan 3 Book objects (Book, GraphicNovel)`. An abstract
  /// entity, which has no objects of its own, is not named.
  private static func namingScannedEntities(_ plan: QueryPlan, _ model: Model) -> QueryPlan {
    let covered = model.hierarchy(of: plan.entity.name)
    let names = covered.filter { !$0.isAbstract }.map(\.name)
    guard covered.count > 1, !names.isEmpty else { return plan }
    var plan = plan
    for i in plan.steps.indices {
      if case .scan = plan.steps[i].operation {
        plan.steps[i].text += " (\(names.joined(separator: ", ")))"
      }
    }
    return plan
  }
}
