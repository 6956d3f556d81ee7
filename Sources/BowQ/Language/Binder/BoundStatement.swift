/// A statement with its names resolved and its expressions bound.
enum BoundStatement: Sendable {
  case defineEntity(Entity)
  case importPlist(path: String, entity: Entity)
  case fetch(BoundFetch)
  case count(Entity, BoundPredicate?)
  case set([BoundAssignment])
  case insert(Entity, [BoundAssignment])
  case update(Entity, BoundPredicate?, [BoundAssignment])
  case delete(Entity, BoundPredicate?)
  case save
  case rollback
  case changes
  case undo
  case redo
  case validate
}

struct BoundFetch: Sendable {
  var entity: Entity
  var predicate: BoundPredicate?
  var sort: [(attribute: Int, ascending: Bool)]
  var limit: Int?
  var offset: Int?
}

/// `key = value` with the key resolved to an attribute slot.
struct BoundAssignment: Sendable {
  var index: Int
  var attribute: Attribute
  var value: BoundExpression
}
