/// How a fetch, a count or an edit finds its objects and what it makes of them: the stage
/// between the binder and the data. The interpreter runs it (``PlanExecutor``) and
/// `explain` prints it (``PlanRenderer``), so what `explain` shows is what runs.
///
/// A plan is a pipeline of steps over one entity's objects, then — with `select` — over
/// result rows, as SQLite's EXPLAIN QUERY PLAN lists its loops.
struct QueryPlan: Sendable {
  /// The entity whose objects the plan reads.
  var entity: Entity
  var steps: [PlanStep]
  /// What the plan delivers.
  var output: Output

  enum Output: Sendable {
    /// Whole objects, in order: a fetch without `select`, which become the selection.
    case objects
    /// Result rows of `select`.
    case rows
    /// How many objects there are.
    case count
    /// The objects an edit or export acts on.
    case targets
  }
}

/// One step of a ``QueryPlan``: what it does, and the statement's syntax it is told in.
/// A step holds no words; ``PlanRenderer`` words the chosen plan for `explain`.
struct PlanStep: Sendable {
  var operation: Operation
  /// The parts of the statement, as written, that `explain` prints for the step.
  var syntax = Syntax()

  /// The statement's own syntax a step is told in, each part as written; empty where the
  /// step prints none (a predicate without syntax is worded generically).
  struct Syntax: Sendable {
    /// The conjuncts an index search answers, in order; nil for one with no syntax.
    var searched: [PredicateSyntax?] = []
    /// The predicate the step checks: a filter's or `having`'s, what an index search leaves
    /// to check, or the whole predicate of a count in an index or a walk along one.
    var predicate: PredicateSyntax?
    /// The sort keys the step orders by.
    var sort: [SortKey] = []
    /// The result columns of `select`, whether `distinct`, and the `group by` expressions.
    var select: [SelectItem] = []
    var distinct = false
    var groupBy: [ExpressionSyntax] = []
    /// Each member's syntax, for a search of a hierarchy's members, in the order of its
    /// ``MemberSearch``es.
    var members: [Syntax] = []
  }

  enum Operation: Sendable {
    /// Every object of the entity, in table order: `objects` of them — at most that many,
    /// when `atMost` (a bound known before reading) — of the non-abstract `entities` when a
    /// fetch names them (the statement's entity has sub-entities).
    case scan(objects: Int, atMost: Bool = false, entities: [String] = [])
    /// The objects an index search finds, in table order, among the `objects` its table
    /// holds.
    case indexLookup(IndexLookup, objects: Int)
    /// How many objects an index search finds, counted in the index.
    case indexCount(IndexLookup)
    /// The first objects in the order of an ordered index that a predicate accepts:
    /// `sort by … limit`, or a search whose stretches are in the sort order, without sorting.
    case indexWalk(IndexWalk)
    /// The objects for which the predicate holds.
    case filter(BoundPredicate)
    /// The objects in sort-key order (a stable sort).
    case sortObjects([BoundSortKey])
    /// The first `count` objects in sort-key order, kept in a heap of `count` as the scan
    /// goes: `sort by … limit` never sorts every object.
    case topObjects([BoundSortKey], count: Int)
    /// Objects or rows from `offset`, at most `limit` of them.
    case page(offset: Int, limit: Int?)
    /// The result columns of each object, or of each group.
    case project(BoundProjection)
    /// Result rows with equal values kept once.
    case distinct
    /// The result rows for which the predicate holds (`having`).
    case having(BoundPredicate)
    /// The result rows in sort-key order.
    case sortRows([BoundSortKey])
    /// The number of objects.
    case count
    /// Each member of a hierarchy searched through its own index, or scanned where it has
    /// none that answers, and filtered by the conjuncts left: the objects found, in the
    /// source's order.
    case memberSearch([MemberSearch])
    /// How many objects the index searches of every member of a hierarchy find, counted in
    /// the indexes.
    case memberCount([MemberSearch])
    /// The rows an external source gives for what it takes on of the statement, in its
    /// order; or their count, when it counts them.
    case external(ExternalScan)
  }
}

/// How one member of a hierarchy finds the objects a predicate accepts: an index search or a
/// scan of its table, then a filter, both in the member's slots (``MemberSlots``).
struct MemberSearch: Sendable {
  /// The member's place among the source's members (``PlanSource/members``).
  var member: Int
  /// The member's entity, and how many objects its table holds.
  var entity: Entity
  var objects: Int
  /// The search of the member's index; nil to scan the member's table.
  var lookup: IndexLookup?
  /// The conjuncts the search leaves to check, in the member's slots.
  var predicate: BoundPredicate?
}

/// A walk along an ordered index, from one end or along the stretches a search finds:
/// objects in the order of its first `depth` attributes (nil first, as sort descriptors
/// order it; objects with equal values in table order, as a stable sort leaves them), the
/// first `count` the predicate accepts.
struct IndexWalk: Sendable {
  var index: BuiltIndex
  /// The search whose stretches are walked, in index order; nil for the whole index,
  /// objects whose first value is nil included.
  var lookup: IndexLookup?
  /// How many of the index's first attributes the order is by.
  var depth: Int
  var ascending: Bool
  var predicate: BoundPredicate?
  /// The most objects kept; nil for every one the predicate accepts.
  var count: Int?
  /// How many objects the index's table holds.
  var objects: Int
}
