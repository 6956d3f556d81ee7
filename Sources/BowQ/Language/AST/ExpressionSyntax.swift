/// An expression of the predicate language (NSExpression's kinds), with the source range it
/// was parsed from. Equality ignores ranges: two expressions are equal when they mean the same.
public struct ExpressionSyntax: Hashable, Sendable {
  public indirect enum Kind: Hashable, Sendable {
    /// A literal: number, string, Boolean, nil, or a date made by `CAST(n, "NSDate")`.
    case constant(Value)
    /// A key path such as `rating`, `owner.name` or `ties.@avg.rating`.
    case keyPath([KeyPathComponent])
    /// `SELF`: the object being evaluated.
    case evaluatedObject
    /// `$name`: a substitution variable (or a SUBQUERY's iteration variable).
    case variable(String)
    /// `{a, b, …}`.
    case aggregate([ExpressionSyntax])
    /// `-x`.
    case negate(ExpressionSyntax)
    /// `a + b`, `a ** b`, `a & b`, …
    case arithmetic(ArithmeticOperator, ExpressionSyntax, ExpressionSyntax)
    /// `name(args…)`, e.g. `now()`, `uppercase(name)`.
    case function(String, [ExpressionSyntax])
    /// `FUNCTION(receiver, "selector:", arguments…)`, NSExpression's function expression,
    /// kept apart from ``function(_:_:)`` so that it prints back as it was written. On Apple
    /// platforms it sends the selector to the receiver; bowq has no Objective-C methods, so
    /// the selector must be a built-in function's (`sqrt:`, `modulus:by:`, `now`), which
    /// is applied to the receiver and then the arguments, one for each colon. A selector
    /// without a colon (`now`, `random`) ignores the receiver.
    case invocation(receiver: ExpressionSyntax, selector: String, arguments: [ExpressionSyntax])
    /// A key path applied to the result of another expression: `SUBQUERY(…).@count`.
    case member(ExpressionSyntax, [KeyPathComponent])
    /// `collection[index]`, `[FIRST]`, `[LAST]`, `[SIZE]`.
    case index(ExpressionSyntax, IndexSelector)
    /// `CAST(value, "Type")`.
    case cast(ExpressionSyntax, String)
    /// `TERNARY(predicate, a, b)`: `a` where the predicate holds, else `b`.
    case ternary(PredicateSyntax, ExpressionSyntax, ExpressionSyntax)
    /// `SUBQUERY(collection, $variable, predicate)`.
    case subquery(ExpressionSyntax, variable: String, PredicateSyntax)
  }

  public var kind: Kind
  public var range: SourceRange

  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public static func == (a: ExpressionSyntax, b: ExpressionSyntax) -> Bool { a.kind == b.kind }
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// One step of a key path.
public enum KeyPathComponent: Hashable, Sendable {
  case key(String)
  /// A KVC collection operator: `@count`, `@sum`, `@avg`, `@min`, `@max`, …
  case collectionOperator(String)
  /// A key named by a substitution variable's value: `$b` in `$a.$b` (the BNF's
  /// `expression "." expression`), which reads the key that `$b`'s string names.
  case variable(String)
}

public enum ArithmeticOperator: String, Hashable, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case power = "**"
  /// NSExpression's `bitwiseAnd:with:`, on whole numbers.
  case bitwiseAnd = "&"
  /// NSExpression's `bitwiseOr:with:`.
  case bitwiseOr = "|"
  /// NSExpression's `bitwiseXor:with:`.
  case bitwiseXor = "^"
  /// NSExpression's `leftshift:by:`.
  case leftShift = "<<"
  /// NSExpression's `rightshift:by:`, an arithmetic shift.
  case rightShift = ">>"

  /// Whether the operator works on the bits of whole numbers.
  public var isBitwise: Bool {
    switch self {
    case .bitwiseAnd, .bitwiseOr, .bitwiseXor, .leftShift, .rightShift: return true
    case .add, .subtract, .multiply, .divide, .power: return false
    }
  }
}

public enum IndexSelector: Hashable, Sendable {
  case first
  case last
  case size
  case at(ExpressionSyntax)
}
