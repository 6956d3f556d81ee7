@testable import BowQ

/// Short constructors for expected syntax trees. Syntax trees compare without their source
/// ranges, so every node here gets an empty one.
enum AST {
  static let noRange = SourceRange(.start, .start)

  static func name(_ text: String) -> Name { Name(text, range: noRange) }

  static func key(_ components: String...) -> Expression {
    Expression(
      .keyPath(
        components.map {
          $0.hasPrefix("@") ? .collectionOperator(String($0.dropFirst())) : .key($0)
        }),
      range: noRange)
  }

  static func int(_ value: Int64) -> Expression {
    Expression(.constant(.int(value)), range: noRange)
  }
  static func double(_ value: Double) -> Expression {
    Expression(.constant(.double(value)), range: noRange)
  }
  static func string(_ value: String) -> Expression {
    Expression(.constant(.string(value)), range: noRange)
  }
  static func bool(_ value: Bool) -> Expression {
    Expression(.constant(.bool(value)), range: noRange)
  }
  static let null = Expression(.constant(.null), range: noRange)
  static let selfObject = Expression(.evaluatedObject, range: noRange)

  static func variable(_ name: String) -> Expression { Expression(.variable(name), range: noRange) }

  static func aggregate(_ elements: Expression...) -> Expression {
    Expression(.aggregate(elements), range: noRange)
  }

  static func negate(_ e: Expression) -> Expression { Expression(.negate(e), range: noRange) }

  static func arithmetic(_ op: ArithmeticOperator, _ l: Expression, _ r: Expression) -> Expression {
    Expression(.arithmetic(op, l, r), range: noRange)
  }

  static func function(_ name: String, _ arguments: Expression...) -> Expression {
    Expression(.function(name, arguments), range: noRange)
  }

  static func member(_ base: Expression, _ components: String...) -> Expression {
    Expression(
      .member(
        base,
        components.map {
          $0.hasPrefix("@") ? .collectionOperator(String($0.dropFirst())) : .key($0)
        }),
      range: noRange)
  }

  static func index(_ base: Expression, _ selector: IndexSelector) -> Expression {
    Expression(.index(base, selector), range: noRange)
  }

  static func cast(_ value: Expression, _ type: String) -> Expression {
    Expression(.cast(value, type), range: noRange)
  }

  static func subquery(_ collection: Expression, _ variable: String, _ predicate: Predicate)
    -> Expression
  {
    Expression(.subquery(collection, variable: variable, predicate), range: noRange)
  }

  static func compare(
    _ lhs: Expression, _ op: ComparisonOperator, _ rhs: Expression,
    modifier: ComparisonModifier = .direct, options: StringOptions = []
  ) -> Predicate {
    Predicate(
      .comparison(
        Comparison(
          modifier: modifier, lhs: lhs, op: op, options: options, rhs: rhs, operatorRange: noRange)),
      range: noRange)
  }

  static func and(_ operands: Predicate...) -> Predicate {
    Predicate(.and(operands), range: noRange)
  }
  static func or(_ operands: Predicate...) -> Predicate { Predicate(.or(operands), range: noRange) }
  static func not(_ operand: Predicate) -> Predicate { Predicate(.not(operand), range: noRange) }
  static func constant(_ value: Bool) -> Predicate { Predicate(.constant(value), range: noRange) }

  static func statement(_ kind: Statement.Kind) -> Statement { Statement(kind, range: noRange) }

  static func assign(_ key: String, _ value: Expression) -> Assignment {
    Assignment(key: name(key), value: value)
  }
}
