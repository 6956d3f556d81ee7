/// Makes the ``QueryPlan`` of a statement from its bound form, with the text `explain`
/// shows for each step taken from the statement's own syntax.
///
/// Every plan scans its entity (indexes are not chosen yet); what the planner decides is
/// the order of the steps after the scan: a `sort … limit` keeps the first objects in a heap
/// instead of sorting them all, and the result columns of `select` are worked out after
/// sorting and paging when rows stand one for one for objects, so only the rows kept are
/// worked out.
enum Planner {
  /// The plan of a fetch.
  static func plan(_ fetch: BoundFetch, objects: Int) -> QueryPlan {
    let request = fetch.request
    var steps = source(fetch.entity, objects) + filter(fetch.predicate, request.predicate)
    guard let projection = fetch.projection else {
      steps += ordering(fetch, request)
      return QueryPlan(entity: fetch.entity, steps: steps, output: .objects)
    }
    if !fetch.sortsRows { steps += ordering(fetch, request) }
    if !request.groupBy.isEmpty {
      steps.append(
        PlanStep(
          operation: .project(projection),
          text: "group by " + request.groupBy.map(PredicateFormatter.format).joined(separator: ", ")
            + ", then " + selectText(request)))
    } else {
      steps.append(PlanStep(operation: .project(projection), text: selectText(request)))
    }
    if projection.distinct {
      steps.append(PlanStep(operation: .distinct, text: "keep distinct rows"))
    }
    if let having = projection.having, let syntax = request.having {
      steps.append(
        PlanStep(operation: .having(having), text: "having \(PredicateFormatter.format(syntax))"))
    }
    if fetch.sortsRows {
      if !fetch.sort.isEmpty {
        steps.append(PlanStep(operation: .sortRows(fetch.sort), text: sortText(request)))
      }
      steps += page(fetch)
    }
    return QueryPlan(entity: fetch.entity, steps: steps, output: .rows)
  }

  /// The plan of `count Entity where P`.
  static func count(
    _ entity: Entity, _ predicate: BoundPredicate?, _ syntax: PredicateSyntax?,
    objects: Int
  ) -> QueryPlan {
    QueryPlan(
      entity: entity,
      steps: source(entity, objects) + filter(predicate, syntax)
        + [PlanStep(operation: .count, text: "count")],
      output: .count)
  }

  /// The plan that finds the objects an edit, delete or export acts on.
  static func targets(
    _ entity: Entity, _ predicate: BoundPredicate?, _ syntax: PredicateSyntax?, objects: Int
  ) -> QueryPlan {
    QueryPlan(
      entity: entity, steps: source(entity, objects) + filter(predicate, syntax),
      output: .targets)
  }

  private static func source(_ entity: Entity, _ objects: Int) -> [PlanStep] {
    [
      PlanStep(
        operation: .scan(objects: objects),
        text: "scan \(objects) \(entity.name) object\(objects == 1 ? "" : "s")")
    ]
  }

  private static func filter(_ predicate: BoundPredicate?, _ syntax: PredicateSyntax?)
    -> [PlanStep]
  {
    guard let predicate else { return [] }
    return [
      PlanStep(
        operation: .filter(predicate),
        text: "filter " + (syntax.map { PredicateFormatter.format($0) } ?? "by the predicate"))
    ]
  }

  /// Sorting and paging the objects: a heap of `offset + limit` when there is a limit.
  private static func ordering(_ fetch: BoundFetch, _ request: FetchRequest) -> [PlanStep] {
    guard !fetch.sort.isEmpty else { return page(fetch) }
    if let limit = fetch.limit {
      let (kept, overflow) = (fetch.offset ?? 0).addingReportingOverflow(limit)
      if !overflow {
        return [
          PlanStep(
            operation: .topObjects(fetch.sort, count: kept),
            text: "keep the first \(kept) by " + keysText(request) + " (a heap, no full sort)")
        ] + page(fetch)
      }
    }
    return [PlanStep(operation: .sortObjects(fetch.sort), text: sortText(request))] + page(fetch)
  }

  private static func page(_ fetch: BoundFetch) -> [PlanStep] {
    guard fetch.offset != nil || fetch.limit != nil else { return [] }
    let offset = fetch.offset ?? 0
    var words: [String] = []
    if offset > 0 { words.append("skip \(offset)") }
    if let limit = fetch.limit { words.append("take \(limit)") }
    return [
      PlanStep(
        operation: .page(offset: offset, limit: fetch.limit),
        text: words.isEmpty ? "skip 0" : words.joined(separator: ", "))
    ]
  }

  private static func sortText(_ request: FetchRequest) -> String {
    "sort by " + keysText(request)
  }

  private static func keysText(_ request: FetchRequest) -> String {
    request.sort.map { key in
      "\(PredicateFormatter.format(key.key)) \(key.ascending ? "ascending" : "descending")"
        + (key.comparison == .compare ? "" : " \(key.comparison.rawValue)")
    }.joined(separator: ", ")
  }

  private static func selectText(_ request: FetchRequest) -> String {
    "select \(request.distinct ? "distinct " : "")"
      + (request.select ?? []).map { item in
        PredicateFormatter.format(item.expression) + (item.alias.map { " as \($0.text)" } ?? "")
      }.joined(separator: ", ")
  }
}
