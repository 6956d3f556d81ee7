@testable import BowQ

/// Short constructors for expected syntax trees. Syntax trees compare without their source
/// ranges, so every node here gets an empty one.
enum AST {
  static let noRange = SourceRange(.start, .start)

  static func name(_ text: String) -> Name { Name(text, range: noRange) }

  static func key(_ components: String...) -> ExpressionSyntax {
    ExpressionSyntax(
      .keyPath(
        components.map {
          $0.hasPrefix("@") ? .collectionOperator(String($0.dropFirst())) : .key($0)
        }),
      range: noRange)
  }

  static func int(_ value: Int64) -> ExpressionSyntax {
    ExpressionSyntax(.constant(.int(value)), range: noRange)
  }
  static func double(_ value: Double) -> ExpressionSyntax {
    ExpressionSyntax(.constant(.double(value)), range: noRange)
  }
  static func string(_ value: String) -> ExpressionSyntax {
    ExpressionSyntax(.constant(.string(value)), range: noRange)
  }
  static func bool(_ value: Bool) -> ExpressionSyntax {
    ExpressionSyntax(.constant(.bool(value)), range: noRange)
  }
  static let null = ExpressionSyntax(.constant(.null), range: noRange)
  static let selfObject = ExpressionSyntax(.evaluatedObject, range: noRange)

  static func variable(_ name: String) -> ExpressionSyntax {
    ExpressionSyntax(.variable(name), range: noRange)
  }

  static func aggregate(_ elements: ExpressionSyntax...) -> ExpressionSyntax {
    ExpressionSyntax(.aggregate(elements), range: noRange)
  }

  static func negate(_ e: ExpressionSyntax) -> ExpressionSyntax {
    ExpressionSyntax(.negate(e), range: noRange)
  }

  static func arithmetic(_ op: ArithmeticOperator, _ l: ExpressionSyntax, _ r: ExpressionSyntax)
    -> ExpressionSyntax
  {
    ExpressionSyntax(.arithmetic(op, l, r), range: noRange)
  }

  static func function(_ name: String, _ arguments: ExpressionSyntax...) -> ExpressionSyntax {
    ExpressionSyntax(.function(name, arguments), range: noRange)
  }

  /// `FUNCTION(receiver, "selector", arguments…)`.
  static func invocation(
    _ receiver: ExpressionSyntax, _ selector: String, _ arguments: ExpressionSyntax...
  ) -> ExpressionSyntax {
    ExpressionSyntax(
      .invocation(receiver: receiver, selector: selector, arguments: arguments), range: noRange)
  }

  static func member(_ base: ExpressionSyntax, _ components: String...) -> ExpressionSyntax {
    ExpressionSyntax(
      .member(
        base,
        components.map {
          $0.hasPrefix("@") ? .collectionOperator(String($0.dropFirst())) : .key($0)
        }),
      range: noRange)
  }

  static func index(_ base: ExpressionSyntax, _ selector: IndexSelector) -> ExpressionSyntax {
    ExpressionSyntax(.index(base, selector), range: noRange)
  }

  static func cast(_ value: ExpressionSyntax, _ type: String) -> ExpressionSyntax {
    ExpressionSyntax(.cast(value, type), range: noRange)
  }

  static func ternary(
    _ condition: PredicateSyntax, _ whenTrue: ExpressionSyntax, _ whenFalse: ExpressionSyntax
  ) -> ExpressionSyntax {
    ExpressionSyntax(.ternary(condition, whenTrue, whenFalse), range: noRange)
  }

  static func subquery(
    _ collection: ExpressionSyntax, _ variable: String, _ predicate: PredicateSyntax
  )
    -> ExpressionSyntax
  {
    ExpressionSyntax(.subquery(collection, variable: variable, predicate), range: noRange)
  }

  static func compare(
    _ lhs: ExpressionSyntax, _ op: ComparisonOperator, _ rhs: ExpressionSyntax,
    modifier: ComparisonModifier = .direct, options: StringOptions = []
  ) -> PredicateSyntax {
    PredicateSyntax(
      .comparison(
        Comparison(
          modifier: modifier, lhs: lhs, op: op, options: options, rhs: rhs, operatorRange: noRange)),
      range: noRange)
  }

  static func and(_ operands: PredicateSyntax...) -> PredicateSyntax {
    PredicateSyntax(.and(operands), range: noRange)
  }
  static func or(_ operands: PredicateSyntax...) -> PredicateSyntax {
    PredicateSyntax(.or(operands), range: noRange)
  }
  static func not(_ operand: PredicateSyntax) -> PredicateSyntax {
    PredicateSyntax(.not(operand), range: noRange)
  }
  static func constant(_ value: Bool) -> PredicateSyntax {
    PredicateSyntax(.constant(value), range: noRange)
  }

  static func statement(_ kind: Statement.Kind) -> Statement { Statement(kind, range: noRange) }

  static func assign(_ key: String, _ value: ExpressionSyntax) -> Assignment {
    Assignment(key: name(key), value: .expression(value))
  }
}
