extension Planner {
  /// The plan of `request` over an external source: a step that reads what the source
  /// takes on of the predicate, sort keys, limit and offset
  /// (``ExternalSource/bestAccess(for:)``), then a filter, a sort and a page in memory for
  /// what it leaves, or a count; or why the source cannot serve the request — a fetch with
  /// `select`, an edit's or export's objects, or what the source refuses — which then needs
  /// every object in the graph. With ``plan(_:tables:)``, the one way a statement becomes a
  /// plan.
  static func plan(_ request: PlanRequest, external: any ExternalSource) -> ExternalPlan {
    let query: ExternalQuery
    let output: QueryPlan.Output
    switch request {
    case .fetch(let fetch):
      guard fetch.projection == nil else {
        return .needsGraph(ExternalRefusal(reason: "a fetch with select runs in memory"))
      }
      query = ExternalQuery(
        entity: fetch.entity,
        conjuncts: fetch.predicate.map { Conjunct.split($0, fetch.request.predicate) } ?? [],
        sort: fetch.sort, limit: fetch.limit, offset: fetch.offset, wholeObjects: true)
      output = .objects
    case .count(let entity, let predicate, let syntax):
      query = ExternalQuery(
        entity: entity, conjuncts: predicate.map { Conjunct.split($0, syntax) } ?? [], sort: [],
        limit: nil, offset: nil, wholeObjects: false)
      output = .count
    case .first(let limit, let entity, let predicate):
      query = ExternalQuery(
        entity: entity, conjuncts: Conjunct.split(predicate, nil), sort: [], limit: limit,
        offset: nil, wholeObjects: true)
      output = .objects
    case .targets:
      return .needsGraph(
        ExternalRefusal(reason: "only count and fetch run in \(external.name)"))
    }
    switch plan(query, external, output: output) {
    case .success(let plan):
      return .plan(plan)
    case .failure(let refusal):
      return .needsGraph(refusal)
    }
  }

  private static func plan(
    _ query: ExternalQuery, _ source: any ExternalSource, output: QueryPlan.Output
  ) -> Result<QueryPlan, ExternalRefusal> {
    let access: ExternalAccess
    switch source.bestAccess(for: query) {
    case .success(let answer): access = answer
    case .failure(let refusal): return .failure(refusal)
    }
    let scan = ExternalScan(query: query, access: access)
    // The steps after the read work in memory on the rows the source gives; the renderer
    // words them so, and the read as the source describes it (``PlanRenderer``).
    var steps = [PlanStep(operation: .external(scan))]
    if let rest = Conjunct.and(scan.remainingConjuncts).predicate {
      steps.append(PlanStep(operation: .filter(rest)))
    }
    if !query.wholeObjects {
      if !access.counts { steps.append(PlanStep(operation: .count)) }
      return .success(QueryPlan(entity: query.entity, steps: steps, output: .count))
    }
    if !access.sorts, !query.sort.isEmpty {
      steps.append(PlanStep(operation: .sortObjects(query.sort)))
    }
    if !access.pages, query.limit != nil || query.offset != nil {
      steps.append(PlanStep(operation: .page(offset: query.offset ?? 0, limit: query.limit)))
    }
    return .success(QueryPlan(entity: query.entity, steps: steps, output: output))
  }
}
