/// One node of a `why` tree: a part of a predicate with what it gave for one object, and
/// the facts that say why. The tree has the predicate's shape (AND, OR and NOT nodes over
/// comparisons); the shell draws it.
public struct WhyNode: Hashable, Sendable {
  /// Which kind of predicate the node is.
  public enum Kind: Hashable, Sendable {
    case constant
    case comparison
    case not
    case and
    case or
  }

  public var kind: Kind
  /// The node's predicate in canonical form (`rating > 3`).
  public var text: String
  public var outcome: WhyOutcome
  /// What was found on the way to the outcome, in the order it was found.
  public var facts: [WhyFact]
  /// The operands of AND, OR and NOT, in order.
  public var children: [WhyNode]

  public init(
    kind: Kind, text: String, outcome: WhyOutcome, facts: [WhyFact] = [],
    children: [WhyNode] = []
  ) {
    self.kind = kind
    self.text = text
    self.outcome = outcome
    self.facts = facts
    self.children = children
  }
}

/// What a node of a `why` tree gave.
public enum WhyOutcome: Hashable, Sendable {
  /// The node was evaluated, with this result.
  case value(Bool)
  /// The node was not evaluated: an operand before it had already decided its AND or OR.
  case skipped
  /// Evaluating the node failed with this message, as the fetch would have.
  case failed(String)
}

/// A fact a `why` tree shows under a comparison: the values it compared and what the
/// engine's rules made of them.
public enum WhyFact: Hashable, Sendable {
  /// An operand as written, and its value for the object.
  case operand(String, Value)
  /// A comparison that orders values or searches strings, with nil on one side: false
  /// whatever the other side is. `operand` is the nil side as written, `other` the other.
  case nilIsNeverOrdered(operand: String, op: ComparisonOperator, other: String)
  /// A string as the `[c]` and `[d]` options fold it before comparing.
  case folded(String, to: String, options: StringOptions)
  /// `==` or `!=` between values of different types, which are never equal.
  case differentTypes(Value, Value)
  /// The element of ANY, ALL or NONE that decided the comparison, by its position.
  case decidingElement(ComparisonModifier, index: Int, Value)
  /// No element of ANY, ALL or NONE decided the comparison: of `count` elements, none was
  /// true (ANY, NONE) or none false (ALL).
  case noDecidingElement(ComparisonModifier, count: Int)
  /// A collection operator (`@avg`, `@count`, …), the values it took and what it gave.
  case collectionOperator(String, inputs: Value, result: Value)
  /// A SUBQUERY: the elements its predicate kept, of how many.
  case subquery(kept: [Value], of: Int)
}
