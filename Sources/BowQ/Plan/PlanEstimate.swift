/// How many objects or rows each step of a ``QueryPlan`` is expected to give, for
/// `explain`, found without running the plan.
///
/// A filter's share of objects is measured on a sample: the predicate runs on up to
/// ``sampleSize`` objects spread evenly over the table, and that share of the step's input
/// is the estimate (as PostgreSQL's statistics do, assuming conjuncts independent of the
/// index search before them). On a table no larger than the sample the share is exact. A
/// step that keeps at most `k` objects expects the smaller of `k` and its input; grouping,
/// `distinct` and `having` give at most their input.
struct PlanEstimate {
  /// How sure an estimate is.
  enum Certainty: Hashable, Sendable {
    /// The step gives exactly this many.
    case exact
    /// The step gives about this many: a sample's share.
    case about
    /// The step gives this many or fewer.
    case atMost
  }

  /// What one step is expected to give.
  struct Rows: Hashable, Sendable {
    var count: Int
    var certainty: Certainty
    /// Whether the step gives result rows of `select` rather than objects.
    var areResultRows: Bool
  }

  /// The most objects a filter is tried on.
  static let sampleSize = 1000

  /// What building an index costs, in tests of one comparison on one object: about 8 per
  /// object, measured on BowTies (at 100,000 objects, 81 ms to build `index searchKey`
  /// against 10 ms for a scan testing `searchKey == "R"`; at 1,000,000, 0.6 s against
  /// 0.09 s).
  static let buildTestsPerObject = 8

  /// Whether building an index over `objects` objects, to answer `predicate` (or a sort, with
  /// none), pays for itself within the statement: what a search can save at best — the
  /// scan's test of each comparison of the predicate on every object, found none — against
  /// the build's ``buildTestsPerObject``. A statement never pays for an index on its
  /// simple predicate: an index that is not kept (in the store file, or for the session's
  /// later statements) is built only for a predicate of more comparisons than that.
  static func buildPays(objects: Int, predicate: BoundPredicate?) -> Bool {
    predicate?.comparisonCount ?? 0 > buildTestsPerObject && objects > 0
  }

  let source: PlanSource
  let compiler: PredicateCompiler

  /// What each step of `plan` is expected to give, in order; nil for a step whose own text
  /// already says it (scans, index steps, a count).
  func rows(of plan: QueryPlan) -> [Rows?] {
    var input = Rows(count: source.count, certainty: .exact, areResultRows: false)
    var estimates: [Rows?] = []
    for step in plan.steps {
      let (output, shown) = estimate(step.operation, input)
      estimates.append(shown ? output : nil)
      input = output
    }
    return estimates
  }

  /// The rows a step gives from `input`, and whether explain shows them.
  private func estimate(_ operation: PlanStep.Operation, _ input: Rows) -> (Rows, shown: Bool) {
    switch operation {
    case .scan(let objects, _, _):
      return (Rows(count: objects, certainty: .exact, areResultRows: false), false)
    case .memberSearch(let searches):
      var found = 0
      var certainty = Certainty.exact
      for search in searches {
        let objects = source.members[search.member].table.count
        guard let lookup = search.lookup else {
          found += objects
          certainty = .about
          continue
        }
        let (count, sure) = lookup.estimate(of: objects)
        found += count
        if search.predicate != nil || sure == .about { certainty = .about }
        if sure == .atMost, certainty == .exact { certainty = .atMost }
      }
      return (Rows(count: found, certainty: certainty, areResultRows: false), true)
    case .memberCount:
      return (Rows(count: 1, certainty: .exact, areResultRows: true), false)
    case .external(let scan) where scan.access.counts:
      return (Rows(count: 1, certainty: .exact, areResultRows: true), false)
    case .external(let scan):
      return (
        Rows(count: scan.access.estimatedRows, certainty: .about, areResultRows: false), false
      )
    case .indexLookup(let lookup, _):
      let (count, certainty) = lookup.estimate(of: table.count)
      return (Rows(count: count, certainty: certainty, areResultRows: false), false)
    case .indexCount, .count:
      return (Rows(count: 1, certainty: .exact, areResultRows: true), false)
    case .indexWalk(let walk):
      guard let lookup = walk.lookup else {
        return (
          Rows(
            count: min(walk.count ?? table.count, table.count), certainty: .atMost,
            areResultRows: false), false
        )
      }
      let (count, certainty) = lookup.estimate(of: table.count)
      let found = Rows(count: count, certainty: certainty, areResultRows: false)
      let accepted = walk.predicate.map { filtered(found, by: $0) } ?? found
      return (walk.count.map { capped(accepted, at: $0) } ?? accepted, false)
    case .filter(let predicate):
      return (filtered(input, by: predicate), true)
    case .sortObjects, .sortRows:
      return (input, true)
    case .topObjects(_, let count):
      return (capped(input, at: count), true)
    case .page(let offset, let limit):
      var kept = input
      kept.count = max(input.count - offset, 0)
      return (limit.map { capped(kept, at: $0) } ?? kept, true)
    case .project(let projection) where projection.isGrouped && projection.groupBy.isEmpty:
      return (Rows(count: 1, certainty: .exact, areResultRows: true), true)
    case .project(let projection):
      var rows = input
      rows.areResultRows = true
      if projection.isGrouped { rows.certainty = .atMost }
      return (rows, true)
    case .distinct, .having:
      return (Rows(count: input.count, certainty: .atMost, areResultRows: true), true)
    }
  }

  /// `input` with at most `limit` of it kept: exactly `limit` when the input surely holds
  /// that many.
  private func capped(_ input: Rows, at limit: Int) -> Rows {
    guard input.count > limit else { return input }
    return Rows(
      count: limit, certainty: input.certainty == .exact ? .exact : .atMost,
      areResultRows: input.areResultRows)
  }

  /// `input` filtered by `predicate`, at the share of a sample of the table that it accepts.
  /// A predicate that fails on the sample (an error a run would report) leaves the input
  /// as an upper bound.
  /// The table of a plan over one entity, which index steps search.
  private var table: EntityTable { source.members[0].table }

  private func filtered(_ input: Rows, by predicate: BoundPredicate) -> Rows {
    let total = source.count
    guard total > 0 else { return Rows(count: 0, certainty: .exact, areResultRows: false) }
    let sampled = min(total, Self.sampleSize)
    let tests = source.members.map { compiler.compile($0.slots.predicate(predicate)) }
    var accepted = 0
    do {
      for i in 0..<sampled {
        let (member, position) = source.locate(sampled == total ? i : i * total / sampled)
        let scope = EvaluationScope(source.members[member].table, position: position)
        if try tests[member](scope) { accepted += 1 }
      }
    } catch {
      return Rows(count: input.count, certainty: .atMost, areResultRows: false)
    }
    let isWholeTable = sampled == total && input.count == total && input.certainty == .exact
    let share = Double(accepted) / Double(sampled)
    return Rows(
      count: isWholeTable ? accepted : Int((Double(input.count) * share).rounded()),
      certainty: isWholeTable ? .exact : .about, areResultRows: false)
  }
}
