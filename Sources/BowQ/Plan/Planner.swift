/// Makes the ``QueryPlan`` of a statement from its bound form, each step holding the parts of
/// the statement's own syntax that ``PlanRenderer`` words it with.
///
/// A plan finds its objects by scanning the entity or, when one of the entity's built
/// indexes answers a conjunct of the predicate, by searching that index (a compound hash
/// index whose every attribute a conjunct tests for equality first, then one equality,
/// then `IN`, then a range, then a prefix) and filtering by the other conjuncts. An ordered
/// index of several attributes is searched by equalities on its first attributes and a test
/// of the next, as SQLite searches a multi-column index, when that answers more conjuncts
/// and the best single lookup does not surely find fewer objects. A count that one index
/// search answers alone, with no conjunct left to check, is counted in the index: the
/// sizes of a hash index's groups, or of the stretches of an ordered index's entries an
/// equality, `IN` or range finds (`rating == 4 AND name > "M"`). A `sort by x
/// limit k` over an ordered index on `x` walks the index instead of sorting, unless an
/// index equality finds fewer than a sixteenth of the objects; otherwise a `sort … limit`
/// keeps the first objects in a heap instead of sorting them all. The result columns of
/// `select` are worked out after sorting and paging when rows stand one for one for objects,
/// so only the rows kept are worked out.
///
/// Index steps hold how many objects their table has, so that `explain` says how many they
/// will find: exactly for equality and `IN`, which the index counts, and otherwise a fixed
/// guess of a quarter of the objects, as SQLite guesses without statistics — never none
/// where some may be found (``IndexLookup/estimate(of:)``).
///
/// Over a hierarchy (``PlanSource/isHierarchy``) each member is planned under its own
/// entity, its predicate in its own slots: when a member's index answers a conjunct, every
/// member is searched through its own index or scanned, and filtered, in one step
/// (``MemberSearch``); a count that every member's index answers alone is counted in the
/// indexes. Sorting, the heap of `sort … limit` and `select` then run across the members'
/// objects as over one table; no index walk crosses members.
enum Planner {
  /// The plan of a fetch over `source`.
  static func plan(_ fetch: BoundFetch, source: PlanSource) -> QueryPlan {
    guard source.isHierarchy else {
      return plan(fetch, objects: source.count, indexes: source.members[0].indexes)
    }
    return plan(
      fetch, walk: nil,
      access: access(source, fetch.predicate, fetch.request.predicate, counting: false))
  }

  /// The plan of a fetch.
  static func plan(_ fetch: BoundFetch, objects: Int, indexes: [BuiltIndex] = []) -> QueryPlan {
    let walk =
      fetch.projection != nil && fetch.sortsRows
      ? nil : orderedSearch(fetch, objects, indexes) ?? indexWalk(fetch, objects, indexes)
    return plan(
      fetch, walk: walk,
      access: walk == nil
        ? access(fetch.predicate, fetch.request.predicate, objects, indexes) : [])
  }

  /// The plan of a fetch that finds its objects by `walk`, or else by `access`.
  private static func plan(_ fetch: BoundFetch, walk: PlanStep?, access: [PlanStep]) -> QueryPlan {
    let request = fetch.request
    var steps = walk.map { [$0] } ?? access
    let ordering = walk == nil ? ordering(fetch, request) : page(fetch)
    guard let projection = fetch.projection else {
      steps += ordering
      return QueryPlan(entity: fetch.entity, steps: steps, output: .objects)
    }
    if !fetch.sortsRows { steps += ordering }
    steps.append(
      PlanStep(
        operation: .project(projection),
        syntax: PlanStep.Syntax(
          select: request.select ?? [], distinct: request.distinct, groupBy: request.groupBy)))
    if projection.distinct {
      steps.append(PlanStep(operation: .distinct))
    }
    if let having = projection.having, let syntax = request.having {
      steps.append(PlanStep(operation: .having(having), syntax: PlanStep.Syntax(predicate: syntax)))
    }
    if fetch.sortsRows {
      if !fetch.sort.isEmpty {
        steps.append(
          PlanStep(operation: .sortRows(fetch.sort), syntax: PlanStep.Syntax(sort: request.sort)))
      }
      steps += page(fetch)
    }
    return QueryPlan(entity: fetch.entity, steps: steps, output: .rows)
  }

  /// The plan of `count Entity where P` over `source`.
  static func count(_ predicate: BoundPredicate?, _ syntax: PredicateSyntax?, source: PlanSource)
    -> QueryPlan
  {
    guard source.isHierarchy else {
      return count(
        source.entity, predicate, syntax, objects: source.count,
        indexes: source.members[0].indexes)
    }
    let steps = access(source, predicate, syntax, counting: true)
    if case .memberCount = steps.last?.operation {
      return QueryPlan(entity: source.entity, steps: steps, output: .count)
    }
    return QueryPlan(
      entity: source.entity, steps: steps + [PlanStep(operation: .count)], output: .count)
  }

  /// The plan that finds the objects an edit, delete or export acts on, over `source`.
  static func targets(
    _ predicate: BoundPredicate?, _ syntax: PredicateSyntax?, source: PlanSource
  ) -> QueryPlan {
    guard source.isHierarchy else {
      return targets(
        source.entity, predicate, syntax, objects: source.count,
        indexes: source.members[0].indexes)
    }
    return QueryPlan(
      entity: source.entity, steps: access(source, predicate, syntax, counting: false),
      output: .targets)
  }

  /// The plan of `count Entity where P`.
  static func count(
    _ entity: Entity, _ predicate: BoundPredicate?, _ syntax: PredicateSyntax?,
    objects: Int, indexes: [BuiltIndex] = []
  ) -> QueryPlan {
    let steps = access(predicate, syntax, objects, indexes)
    if steps.count == 1, case .indexLookup(let lookup, _) = steps[0].operation {
      return QueryPlan(
        entity: entity,
        steps: [
          PlanStep(operation: .indexCount(lookup), syntax: PlanStep.Syntax(predicate: syntax))
        ],
        output: .count)
    }
    return QueryPlan(entity: entity, steps: steps + [PlanStep(operation: .count)], output: .count)
  }

  /// The plan that finds the objects an edit, delete or export acts on.
  static func targets(
    _ entity: Entity, _ predicate: BoundPredicate?, _ syntax: PredicateSyntax?, objects: Int,
    indexes: [BuiltIndex] = []
  ) -> QueryPlan {
    QueryPlan(
      entity: entity, steps: access(predicate, syntax, objects, indexes),
      output: .targets)
  }

  /// How the objects a predicate accepts are found: through the best index lookup one of
  /// its conjuncts allows, then a filter by the others; or a scan and a filter.
  private static func access(
    _ predicate: BoundPredicate?, _ syntax: PredicateSyntax?, _ objects: Int,
    _ indexes: [BuiltIndex]
  ) -> [PlanStep] {
    guard let predicate else { return source(objects) }
    let parts = conjuncts(predicate, syntax)
    guard let (lookup, chosen) = choose(parts, objects, indexes) else {
      return source(objects) + filter(predicate, syntax)
    }
    let lookupStep = PlanStep(
      operation: .indexLookup(lookup, objects: objects),
      syntax: PlanStep.Syntax(searched: chosen.map { parts[$0].syntax }))
    let rest = residual(parts, lookup, chosen)
    return [lookupStep] + filter(rest.predicate, rest.syntax)
  }

  /// How the objects of a hierarchy a predicate accepts are found: each member planned under
  /// its own entity, with the predicate in its slots. While no member has an index that
  /// answers a conjunct, a scan of every member and a filter; otherwise each member
  /// searched through its index or scanned, and filtered by what is left, in one step —
  /// counted in the indexes when `counting` and every member's search answers alone.
  private static func access(
    _ source: PlanSource, _ predicate: BoundPredicate?, _ syntax: PredicateSyntax?,
    counting: Bool
  ) -> [PlanStep] {
    let scan = Self.source(source.count)
    guard let predicate else { return scan }
    let searches = source.members.enumerated().map { place, member in
      let parts = conjuncts(member.slots.predicate(predicate), syntax)
      guard let (lookup, chosen) = choose(parts, member.table.count, member.indexes) else {
        return (
          search: MemberSearch(
            member: place, entity: member.entity, objects: member.table.count, lookup: nil,
            predicate: member.slots.predicate(predicate)),
          syntax: PlanStep.Syntax(predicate: syntax)
        )
      }
      let rest = residual(parts, lookup, chosen)
      return (
        search: MemberSearch(
          member: place, entity: member.entity, objects: member.table.count, lookup: lookup,
          predicate: rest.predicate),
        syntax: PlanStep.Syntax(searched: chosen.map { parts[$0].syntax }, predicate: rest.syntax)
      )
    }
    guard searches.contains(where: { $0.search.lookup != nil }) else {
      return scan + filter(predicate, syntax)
    }
    let members = PlanStep.Syntax(members: searches.map(\.syntax))
    if counting, searches.allSatisfy({ $0.search.lookup != nil && $0.search.predicate == nil }) {
      return [PlanStep(operation: .memberCount(searches.map(\.search)), syntax: members)]
    }
    return [PlanStep(operation: .memberSearch(searches.map(\.search)), syntax: members)]
  }

  /// The best index lookup the conjuncts `parts` of a predicate allow, and the positions of
  /// the conjuncts it answers: a compound hash index's equalities, else the best single
  /// lookup, unless an ordered index of several attributes answers more conjuncts
  /// (``isBetter(_:than:_:)``). With sort keys, a search that finds the objects in their
  /// order is taken when it answers as many conjuncts and is not surely worse.
  private static func choose(
    _ parts: [(predicate: BoundPredicate, syntax: PredicateSyntax?)], _ objects: Int,
    _ indexes: [BuiltIndex], sort: [BoundSortKey] = []
  ) -> (lookup: IndexLookup, conjuncts: [Int])? {
    let comparisons = parts.map { part -> BoundComparison? in
      if case .comparison(let comparison) = part.predicate { return comparison }
      return nil
    }
    var best = IndexLookup.makeCompound(comparisons, of: indexes)
    for (i, comparison) in comparisons.enumerated() {
      guard best?.conjuncts.count ?? 0 < 2, let comparison,
        let lookup = IndexLookup.make(comparison, of: indexes),
        lookup.rank < best?.lookup.rank ?? Int.max
      else { continue }
      best = (lookup, [i])
    }
    let searches = indexes.compactMap { IndexLookup.makeOrdered(comparisons, in: $0) }
    for candidate in searches where candidate.conjuncts.count > 1 {
      if isBetter(candidate, than: best, objects) { best = candidate }
    }
    guard !sort.isEmpty, best?.lookup.order(of: sort) == nil else { return best }
    let inOrder = searches.first { candidate in
      guard candidate.lookup.order(of: sort) != nil else { return false }
      guard let best else { return true }
      return candidate.conjuncts.count >= best.conjuncts.count
        && (!best.lookup.countIsExact
          || best.lookup.count() >= candidate.lookup.estimatedCount(of: objects))
    }
    return inOrder ?? best
  }

  /// The conjuncts a lookup leaves to check on the objects it finds, as one predicate with
  /// its syntax when each has one: those it does not answer, and those it answers only
  /// roughly — a Decimal's hash group whole, a prefix where the search ends.
  private static func residual(
    _ parts: [(predicate: BoundPredicate, syntax: PredicateSyntax?)], _ lookup: IndexLookup,
    _ chosen: [Int]
  ) -> (predicate: BoundPredicate?, syntax: PredicateSyntax?) {
    let checked = lookup.isExact ? [] : lookup.index.hash != nil ? chosen : chosen.suffix(1)
    let rest = parts.enumerated().filter {
      !chosen.contains($0.offset) || checked.contains($0.offset)
    }.map(\.element)
    return Conjunct.and(rest.map { Conjunct(predicate: $0.predicate, syntax: $0.syntax) })
  }

  /// Whether a search of an ordered index over several attributes beats the best lookup so
  /// far: it answers more conjuncts, unless the other's exact count is no more than it is
  /// expected to find (`code == "c7"` on a unique index finds one object).
  private static func isBetter(
    _ candidate: (lookup: IndexLookup, conjuncts: [Int]),
    than best: (lookup: IndexLookup, conjuncts: [Int])?, _ objects: Int
  ) -> Bool {
    guard let best else { return true }
    guard candidate.conjuncts.count > best.conjuncts.count else { return false }
    return !best.lookup.countIsExact
      || best.lookup.count() > candidate.lookup.estimatedCount(of: objects)
  }

  /// The slots an index must begin with for a plan of `predicate` and `sort` to use it: the
  /// attributes its conjuncts compare with constants, and the first sort key's. Every
  /// search and walk the planner makes starts at an index's first attribute, so an index
  /// beginning with any other cannot serve, and need not be built.
  static func leadingSlots(_ predicate: BoundPredicate?, sort: [BoundSortKey]) -> Set<Int> {
    var slots = Set<Int>()
    if let predicate {
      for part in conjuncts(predicate, nil) {
        if case .comparison(let comparison) = part.predicate,
          let slot = IndexLookup.test(comparison)?.slot
        {
          slots.insert(slot)
        }
      }
    }
    if let key = sort.first, case .slot(let slot) = key.value.kind { slots.insert(slot) }
    return slots
  }

  /// The conjuncts of a predicate (``Conjunct/split(_:_:)``).
  private static func conjuncts(_ predicate: BoundPredicate, _ syntax: PredicateSyntax?)
    -> [(predicate: BoundPredicate, syntax: PredicateSyntax?)]
  {
    Conjunct.split(predicate, syntax).map { ($0.predicate, $0.syntax) }
  }

  /// The walk along the stretches of an index search that finds a fetch's objects in its
  /// sort order (``IndexLookup/order(of:)``), so that nothing is sorted: `where rating == 4
  /// sort by name limit 10` over an index of `(rating, name)` reads the first ten names of
  /// rating 4 and stops. The other conjuncts are checked on the way.
  private static func orderedSearch(_ fetch: BoundFetch, _ objects: Int, _ indexes: [BuiltIndex])
    -> PlanStep?
  {
    guard !fetch.sort.isEmpty, let predicate = fetch.predicate else { return nil }
    let parts = conjuncts(predicate, fetch.request.predicate)
    guard let (lookup, chosen) = choose(parts, objects, indexes, sort: fetch.sort),
      let order = lookup.order(of: fetch.sort)
    else { return nil }
    var kept: Int?
    if let limit = fetch.limit {
      let (sum, overflow) = (fetch.offset ?? 0).addingReportingOverflow(limit)
      kept = overflow ? nil : sum
    }
    let rest = residual(parts, lookup, chosen)
    return PlanStep(
      operation: .indexWalk(
        IndexWalk(
          index: lookup.index, lookup: lookup, depth: order.depth, ascending: order.ascending,
          predicate: rest.predicate, count: kept, objects: objects)),
      syntax: PlanStep.Syntax(
        searched: chosen.map { parts[$0].syntax }, predicate: rest.syntax,
        sort: fetch.request.sort))
  }

  /// The walk along an ordered index that answers `sort by x limit k` on an attribute `x`
  /// the index begins with (or `sort by x, y limit k` on its first two, and so on),
  /// filtering as it goes — the index with the fewest attributes, whose runs of equal sort
  /// values are likeliest in table order (``PlanExecutor``) — unless an index equality finds
  /// fewer than a sixteenth of the objects (sorting those costs less than walking past the
  /// others).
  private static func indexWalk(_ fetch: BoundFetch, _ objects: Int, _ indexes: [BuiltIndex])
    -> PlanStep?
  {
    guard let key = fetch.sort.first, let limit = fetch.limit else { return nil }
    let (kept, overflow) = (fetch.offset ?? 0).addingReportingOverflow(limit)
    guard !overflow,
      let index = indexes.filter({ index in
        guard let ordered = index.ordered, index.slots.count >= fetch.sort.count else {
          return false
        }
        return fetch.sort.enumerated().allSatisfy { place, next in
          guard next.comparison == .compare, next.ascending == key.ascending,
            case .slot(let slot) = next.value.kind
          else { return false }
          return slot == index.slots[place] && index.isOrderable(at: place)
            && ordered.isExact(at: place)
        }
      }).min(by: { $0.slots.count < $1.slots.count })
    else { return nil }
    if let predicate = fetch.predicate {
      for part in conjuncts(predicate, nil) {
        if case .comparison(let comparison) = part.predicate,
          let lookup = IndexLookup.make(comparison, of: indexes), lookup.countIsExact,
          lookup.count() <= objects / 16
        {
          return nil
        }
      }
    }
    return PlanStep(
      operation: .indexWalk(
        IndexWalk(
          index: index, lookup: nil, depth: fetch.sort.count, ascending: key.ascending,
          predicate: fetch.predicate, count: kept, objects: objects)),
      syntax: PlanStep.Syntax(predicate: fetch.request.predicate))
  }

  private static func source(_ objects: Int) -> [PlanStep] {
    [PlanStep(operation: .scan(objects: objects))]
  }

  private static func filter(_ predicate: BoundPredicate?, _ syntax: PredicateSyntax?)
    -> [PlanStep]
  {
    guard let predicate else { return [] }
    return [PlanStep(operation: .filter(predicate), syntax: PlanStep.Syntax(predicate: syntax))]
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
            syntax: PlanStep.Syntax(sort: request.sort))
        ] + page(fetch)
      }
    }
    return [
      PlanStep(operation: .sortObjects(fetch.sort), syntax: PlanStep.Syntax(sort: request.sort))
    ]
      + page(fetch)
  }

  private static func page(_ fetch: BoundFetch) -> [PlanStep] {
    guard fetch.offset != nil || fetch.limit != nil else { return [] }
    return [PlanStep(operation: .page(offset: fetch.offset ?? 0, limit: fetch.limit))]
  }
}
