/// A source of objects outside the engine's tables — the rows of a Core Data store left in
/// their file — which the planner asks, as SQLite asks a virtual table through `xBestIndex`,
/// which parts of a statement it takes on: given the conjuncts of the predicate (nested ANDs
/// flattened, ``Conjunct``), the sort keys and the limit and offset, the source answers
/// which conjuncts and keys it consumes, whether it pages or counts, and at what cost
/// (``ExternalAccess``). The planner then builds the plan from that answer — a step that
/// reads the source, then a filter, sort and page for what is left — and ``PlanExecutor``
/// runs it.
protocol ExternalSource {
  /// What the source reads the rows through, for `explain`: `SQLite`.
  var name: String { get }

  /// What the source takes on of `query`, or why the engine cannot run the rest over the
  /// rows it gives (the statement then needs every object in memory).
  func bestAccess(for query: ExternalQuery) -> Result<ExternalAccess, ExternalRefusal>

  /// The rows of `scan`, in order (or their count, when the access counts): the objects the
  /// consumed conjuncts accept, sorted and paged as the access says.
  func read(_ scan: ExternalScan) throws -> ExternalRows

  /// The lines `explain` shows for `scan`: how the source reads it.
  func describe(_ scan: ExternalScan) -> [String]

  /// At most how many objects of `entity` (and of the entities that inherit from it) the
  /// source holds, known without reading them.
  func estimatedObjects(of entity: Entity) -> Int
}

/// What the planner asks an ``ExternalSource`` about: the statement's parts over one entity.
struct ExternalQuery: Sendable {
  var entity: Entity
  /// The predicate's conjuncts, in order (``Conjunct/split(_:_:)``).
  var conjuncts: [Conjunct]
  var sort: [BoundSortKey]
  var limit: Int?
  var offset: Int?
  /// Whether the plan needs the objects (a fetch), or only how many there are (a count).
  var wholeObjects: Bool
}

/// What an ``ExternalSource`` takes on of an ``ExternalQuery``.
struct ExternalAccess: Sendable {
  /// The positions of the conjuncts the source applies; the engine filters by the others.
  var consumed: [Int]
  /// Why the source does not apply each other conjunct, by position.
  var refusals: [Int: String] = [:]
  /// Whether the source gives the rows in the order of every sort key.
  var sorts: Bool
  /// Whether the source applies the limit and offset.
  var pages: Bool
  /// Whether the source counts the objects itself (a count with every conjunct consumed).
  var counts: Bool
  /// How many rows the source is expected to give, a guess.
  var estimatedRows: Int
  /// What reading them is expected to cost, in rows visited, a guess.
  var estimatedCost: Double
}

/// Why an ``ExternalSource`` cannot serve a statement.
struct ExternalRefusal: Error, Sendable {
  var reason: String
  /// Whether the source's objects cannot be read into memory either (a row no object can
  /// be made of), so that the statement fails however it runs.
  var isUnreadable = false
}

/// A plan's step that reads an ``ExternalSource``: the question asked and the answer taken.
struct ExternalScan: Sendable {
  var query: ExternalQuery
  var access: ExternalAccess

  /// The conjuncts the source applies, in order.
  var consumedConjuncts: [Conjunct] { access.consumed.map { query.conjuncts[$0] } }

  /// The conjuncts left to the engine, in order.
  var remainingConjuncts: [Conjunct] {
    query.conjuncts.indices.filter { !access.consumed.contains($0) }.map { query.conjuncts[$0] }
  }
}

/// What an ``ExternalSource`` gives: the rows read, in order, as a table in the layout of the
/// entity asked about with the object of each row (which may be of a sub-entity); or a count.
enum ExternalRows {
  case rows(EntityTable, ids: [ObjectID])
  case count(Int)
}

/// What ``Planner/plan(_:external:)`` makes of a request.
enum ExternalPlan {
  /// The plan, whose first step reads the external source.
  case plan(QueryPlan)
  /// The external source cannot serve the request: it needs every object in the graph.
  case needsGraph(ExternalRefusal)
}
