/// An expression with its names resolved against the model and its type known.
struct BoundExpression: Sendable {
  indirect enum Kind: Sendable {
    case constant(Value)
    /// An attribute or relationship of the evaluated object, by its slot in the row.
    case slot(Int)
    /// SELF: the evaluated object, of the entity named.
    case evaluatedObject(entity: String)
    /// A SUBQUERY's iteration variable, by its slot among the locals.
    case local(Int)
    /// A property (by slot) of the object or objects `base` evaluates to; over a
    /// collection, the values of every element, flattened.
    case property(of: BoundExpression, entity: String, slot: Int)
    case aggregate([BoundExpression])
    case negate(BoundExpression)
    case arithmetic(ArithmeticOperator, BoundExpression, BoundExpression)
    case function(BuiltinFunction, [BoundExpression])
    case cast(BoundExpression, CastTarget)
    case index(BoundExpression, BoundIndex)
    /// A collection operator (`@count`, `@sum`, …) applied to a collection.
    case collectionOperator(AggregateOperation, BoundExpression)
    /// `TERNARY(condition, a, b)`.
    case ternary(BoundPredicate, BoundExpression, BoundExpression)
    /// The elements of a collection for which the predicate holds, each bound in turn to
    /// the local `variable`.
    case subquery(BoundExpression, variable: Int, BoundPredicate)
    /// A value found during evaluation, in plain Swift values (the Swift API).
    case dynamic(DynamicLookup)
  }

  var kind: Kind
  var type: ValueType
  var range: SourceRange

  /// A string constant compared with a date (`lastWorn > "2024-05-01"`) as the date its ISO
  /// 8601 text spells, as `set lastWorn = "2024-05-01"` reads it; anything else as it is.
  func readingDate(comparedWith other: BoundExpression) -> BoundExpression {
    guard other.type == .date || other.type.elementType == .date,
      case .string(let text)? = constantValue, let date = try? ISO8601Dates.parse(text)
    else { return self }
    return BoundExpression(kind: .constant(.date(date)), type: .date, range: range)
  }

  /// The value, when the expression is a constant.
  var constantValue: Value? {
    if case .constant(let v) = kind { return v }
    return nil
  }
}

enum BoundIndex: Sendable {
  case first
  case last
  case size
  case at(BoundExpression)

  /// What the index selects once `[i]`'s index has the value `position`.
  func selector(position: Value?) -> ElementSelector {
    switch self {
    case .first: return .first
    case .last: return .last
    case .size: return .size
    case .at: return .at(position ?? .null)
    }
  }
}

/// A predicate with its expressions bound.
indirect enum BoundPredicate: Sendable {
  case constant(Bool)
  case comparison(BoundComparison)
  case not(BoundPredicate)
  case and([BoundPredicate])
  case or([BoundPredicate])

  /// How many comparisons it holds: what a scan tests of each object at most.
  var comparisonCount: Int {
    switch self {
    case .constant: return 0
    case .comparison: return 1
    case .not(let inner): return inner.comparisonCount
    case .and(let parts), .or(let parts): return parts.reduce(0) { $0 + $1.comparisonCount }
    }
  }
}

struct BoundComparison: Sendable {
  var modifier: ComparisonModifier
  var lhs: BoundExpression
  var op: ComparisonOperator
  var options: StringOptions
  var rhs: BoundExpression
  var range: SourceRange
}
