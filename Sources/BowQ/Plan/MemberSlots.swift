/// Where a member of a hierarchy holds the properties of the entity a statement names: a
/// sub-entity holds its ancestors' attributes at their own slots but its relationships
/// after all of its attributes, so a predicate bound against `Car` reads a `SportCar` row
/// only once its slots are moved to the sub-entity's (a predicate compiled per member).
struct MemberSlots: Sendable {
  /// For each slot of the named entity, the member's slot of the property of that name;
  /// nil where the member is the entity itself.
  private let slots: [Int?]?

  /// The slots of `entity`'s properties in `member` (an entity that inherits from it, or
  /// `entity` itself).
  init(of entity: Entity, in member: Entity) {
    guard member.name != entity.name else {
      slots = nil
      return
    }
    let names = member.propertyNames
    slots = entity.propertyNames.map { names.firstIndex(of: $0) }
  }

  /// Whether the member holds every property at the entity's slot.
  var isIdentity: Bool { slots == nil }

  /// The member's slot of the entity's `slot`; nil when the member has no such property.
  func slot(_ slot: Int) -> Int? {
    guard let slots else { return slot }
    return slot < slots.count ? slots[slot] : nil
  }

  /// A row of the member in the entity's layout: the values of the entity's properties, at
  /// the entity's slots (nil where the member has none).
  func row(_ row: [Value]) -> [Value] {
    guard let slots else { return row }
    return slots.map { $0.map { row[$0] } ?? .null }
  }

  /// `predicate` reading the member's slots.
  func predicate(_ predicate: BoundPredicate) -> BoundPredicate {
    guard slots != nil else { return predicate }
    switch predicate {
    case .constant: return predicate
    case .comparison(let c): return .comparison(comparison(c))
    case .not(let p): return .not(self.predicate(p))
    case .and(let parts): return .and(parts.map(self.predicate))
    case .or(let parts): return .or(parts.map(self.predicate))
    }
  }

  func comparison(_ c: BoundComparison) -> BoundComparison {
    var c = c
    c.lhs = expression(c.lhs)
    c.rhs = expression(c.rhs)
    return c
  }

  /// `expression` reading the member's slots: the evaluated object's slots move; a property
  /// of another object (`maker.name`) is read at its own entity's slot and stays.
  func expression(_ e: BoundExpression) -> BoundExpression {
    guard slots != nil else { return e }
    var e = e
    switch e.kind {
    case .constant, .evaluatedObject, .local, .dynamic:
      break
    case .slot(let s):
      e.kind = slot(s).map { .slot($0) } ?? .constant(.null)
    case .property(let base, let entity, let s):
      e.kind = .property(of: expression(base), entity: entity, slot: s)
    case .aggregate(let elements):
      e.kind = .aggregate(elements.map(expression))
    case .negate(let operand):
      e.kind = .negate(expression(operand))
    case .arithmetic(let op, let l, let r):
      e.kind = .arithmetic(op, expression(l), expression(r))
    case .function(let function, let arguments):
      e.kind = .function(function, arguments.map(expression))
    case .cast(let operand, let target):
      e.kind = .cast(expression(operand), target)
    case .index(let base, let selector):
      let moved: BoundIndex
      if case .at(let position) = selector {
        moved = .at(expression(position))
      } else {
        moved = selector
      }
      e.kind = .index(expression(base), moved)
    case .collectionOperator(let op, let operand):
      e.kind = .collectionOperator(op, expression(operand))
    case .ternary(let condition, let a, let b):
      e.kind = .ternary(predicate(condition), expression(a), expression(b))
    case .subquery(let collection, let variable, let condition):
      e.kind = .subquery(expression(collection), variable: variable, predicate(condition))
    }
    return e
  }

  /// A sort key reading the member's slots.
  func sortKey(_ key: BoundSortKey) -> BoundSortKey {
    var key = key
    key.value = expression(key.value)
    return key
  }

  /// The result columns and groups of `select` reading the member's slots (`having` reads
  /// result rows, not objects, and stays).
  func projection(_ projection: BoundProjection) -> BoundProjection {
    var projection = projection
    projection.columns = projection.columns.map { column in
      var column = column
      switch column.value {
      case .expression(let e): column.value = .expression(expression(e))
      case .aggregate(let op, let argument): column.value = .aggregate(op, argument.map(expression))
      }
      return column
    }
    projection.groupBy = projection.groupBy.map(expression)
    return projection
  }
}
