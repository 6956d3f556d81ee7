/// A statement with its names resolved and its expressions bound.
enum BoundStatement: Sendable {
  /// `renames` maps a property's new name to the name its values had (`renamed from`).
  case defineEntity(Entity, renames: [String: String])
  case importPlist(path: String, entity: Entity)
  case importModel(path: String)
  case export(BoundExport)
  case fetch(BoundFetch)
  case count(Entity, BoundPredicate?)
  case set([BoundAssignment])
  case insert(Entity, [BoundAssignment])
  case update(Entity, BoundPredicate?, [BoundAssignment])
  case delete(Entity, BoundPredicate?)
  case save
  case rollback
  case changes(all: Bool)
  case undo
  case redo
  case validate
  /// `why`: bound when it runs, against the object's entity.
  case why(WhyRequest)
  case show(BoundShow)
}

/// `show`'s objects, with the entity named resolved and the predicate bound.
enum BoundShow: Sendable {
  case selection
  case object(ObjectReference, Entity)
  case matching(Entity, BoundPredicate?)
}

struct BoundExport: Sendable {
  var entity: Entity
  var predicate: BoundPredicate?
  var path: String
  var format: ExportFormat
}

struct BoundFetch: Sendable {
  /// The request as written, for what `explain` shows (which gives it the request as it
  /// runs, each `TERNARY` the binder folds as its branch).
  var request: FetchRequest
  var entity: Entity
  var predicate: BoundPredicate?
  var sort: [BoundSortKey]
  var limit: Int?
  var offset: Int?
  /// `select …`: dictionary results; nil for whole objects.
  var projection: BoundProjection?
  /// Whether the sort keys order result rows (of groups, distinct rows or `having`) rather
  /// than objects.
  var sortsRows = false
}

struct BoundSortKey: Sendable {
  /// Over the objects, or — when the fetch ``BoundFetch/sortsRows`` — over the result
  /// columns.
  var value: BoundExpression
  var ascending: Bool
  var comparison: SortComparison
}

/// The `select` part of a fetch: result columns, grouping and `having`.
struct BoundProjection: Sendable {
  var columns: [BoundColumn]
  var distinct: Bool
  /// Key paths to group by; with aggregates and no grouping, all objects are one group.
  var groupBy: [BoundExpression]
  var isGrouped: Bool
  /// Over the result columns (as the attributes of `resultEntity`).
  var having: BoundPredicate?
  /// The result columns seen as an entity, for `having` and sorting by column name.
  var resultEntity: Entity
}

struct BoundColumn: Sendable {
  var name: String
  var value: ColumnValue
  var type: ValueType

  enum ColumnValue: Sendable {
    /// A value of each object (or of each group, for a grouped key path).
    case expression(BoundExpression)
    /// An aggregate over the objects of a group (NSExpressionDescription's `count:`,
    /// `sum:`, …): `sum(rating)` over the values of a key path, `count()` without one.
    case aggregate(AggregateOperation, BoundExpression?)
  }
}

/// `key = value`, `+=` or `-=`, with the key resolved.
struct BoundAssignment: Sendable {
  enum Target: Sendable {
    case attribute(index: Int, Attribute)
    case relationship(slot: Int, Relationship)
  }

  var target: Target
  var op: AssignmentOperator
  var value: BoundAssignedValue
  var range: SourceRange

  var name: String {
    switch target {
    case .attribute(_, let attribute): return attribute.name
    case .relationship(_, let relationship): return relationship.name
    }
  }
}

enum BoundAssignedValue: Sendable {
  case expression(BoundExpression)
  /// The objects of an entity that satisfy the predicate (all of them for nil).
  case objects(Entity, BoundPredicate?)
}
