import Foundation

/// A value an expression finds during evaluation in plain Swift values — dictionaries, arrays
/// and scalars, as the Swift API evaluates them — where no entity says beforehand what a key
/// holds. The binder makes these only when binding dynamically (``Binder/isDynamic``).
indirect enum DynamicLookup: Sendable {
  /// The value evaluated against: `SELF`, and where a key path with no entity starts.
  case root
  /// A key of what `base` evaluates to: a dictionary's value for it (nil when absent),
  /// read from every element of a collection, as KVC reads a key of an array.
  case key(String, of: BoundExpression)
  /// The key that `name` (a variable) evaluates to, of what `base` evaluates to: `$a.$b`.
  case keyNamed(by: BoundExpression, of: BoundExpression)
  /// `$name`, from the substitution variables the evaluation was given.
  case variable(String)
  /// The right side of IN, which looks through a dictionary to its values.
  case elements(of: BoundExpression)
  /// The left side of a string operator (BEGINSWITH, LIKE, …) with no ANY, ALL or NONE: a
  /// string, nil, or for CONTAINS a collection; anything else raises, as in Foundation.
  case stringOperand(BoundExpression, ComparisonOperator)
  /// What Apple's parser takes but bowq cannot evaluate — a collection operator or a
  /// FUNCTION selector that is none of bowq's, operands of types the operator cannot take —
  /// which fails, with `message`, only when it is evaluated, as `NSPredicate(format:)` makes
  /// such a predicate and raises on evaluating it.
  case unsupported(message: String)
}
