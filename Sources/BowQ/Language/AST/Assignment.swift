/// `key = value`, `key += value` or `key -= value`.
public struct Assignment: Hashable, Sendable {
  public var key: Name
  public var op: AssignmentOperator
  public var value: AssignedValue

  public init(key: Name, op: AssignmentOperator = .set, value: AssignedValue) {
    self.key = key
    self.op = op
    self.value = value
  }
}

public enum AssignmentOperator: String, Hashable, Sendable {
  /// `=`: replace the value (for a to-many: its whole set).
  case set = "="
  /// `+=`: add objects to a to-many.
  case add = "+="
  /// `-=`: remove objects from a to-many.
  case remove = "-="
}

/// What is assigned: an expression, or objects chosen by a predicate (for relationships).
public enum AssignedValue: Hashable, Sendable {
  case expression(ExpressionSyntax)
  /// `Entity where P`: the objects of `Entity` that satisfy `P`.
  case objects(entity: Name, predicate: PredicateSyntax)

  /// Where the value was written.
  public var range: SourceRange {
    switch self {
    case .expression(let e): return e.range
    case .objects(let entity, let predicate): return entity.range.union(predicate.range)
    }
  }
}
