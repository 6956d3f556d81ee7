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
      return (first(limit, targets(predicate, nil, source: source)), source)
    }
  }

  /// The plan `request` runs once every object of `external` is read into memory, made
  /// without reading any: on the source's bound of how many objects there are
  /// (``ExternalSource/estimatedObjects(of:)``), with no index (the objects read have none
  /// built). `explain` shows it for a statement the source cannot serve.
  static func plan(_ request: PlanRequest, afterReading external: any ExternalSource, model: Model)
    -> QueryPlan
  {
    var plan: QueryPlan
    let entity: Entity
    switch request {
    case .fetch(let fetch):
      entity = fetch.entity
      plan = self.plan(fetch, objects: external.estimatedObjects(of: entity))
    case .count(let counted, let predicate, let syntax):
      entity = counted
      plan = count(entity, predicate, syntax, objects: external.estimatedObjects(of: entity))
    case .targets(let target, let predicate, let syntax):
      entity = target
      plan = targets(entity, predicate, syntax, objects: external.estimatedObjects(of: entity))
    case .first(let limit, let target, let predicate):
      entity = target
      plan = first(
        limit, targets(entity, predicate, nil, objects: external.estimatedObjects(of: entity)))
    }
    for i in plan.steps.indices {
      if case .scan(let objects, _, let entities) = plan.steps[i].operation {
        plan.steps[i].operation = .scan(objects: objects, atMost: true, entities: entities)
      }
    }
    guard case .fetch = request else { return plan }
    return namingScannedEntities(plan, model)
  }

  /// `plan` with its objects kept to the first `limit`.
  private static func first(_ limit: Int, _ plan: QueryPlan) -> QueryPlan {
    var plan = plan
    plan.steps.append(PlanStep(operation: .page(offset: 0, limit: limit)))
    plan.output = .objects
    return plan
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
      if case .scan(let objects, let atMost, _) = plan.steps[i].operation {
        plan.steps[i].operation = .scan(objects: objects, atMost: atMost, entities: names)
      }
    }
    return plan
  }
}
