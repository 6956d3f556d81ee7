import Foundation

/// What a learner is told about a predicate beyond its result: comparisons that hold for no
/// object or every object because of their types, and the string comparisons that `[c]`
/// would widen when a fetch finds nothing.
///
/// A predicate's syntax and its bound form are walked together (the binder keeps a
/// predicate's shape); SUBQUERY's inner predicates are not entered.
enum PredicateAdvice {
  /// Warnings for `==` and `!=` between values of types that are never equal, such as
  /// `isFavorite == "YES"` or `rating == "3.5"`: Foundation answers false (or true for
  /// `!=`) without a word, which is rarely what was meant.
  static func warnings(_ syntax: PredicateSyntax, _ bound: BoundPredicate) -> [StatementNote] {
    comparisons(syntax, bound).compactMap { c, b in
      guard b.op == .equal || b.op == .notEqual else { return nil }
      let left = b.modifier == .direct ? b.lhs.type : b.lhs.type.elementType
      let right = b.rhs.type
      guard [left, right].allSatisfy({ $0 != .unknown && $0 != .null && !$0.isCollection }),
        !left.isComparable(with: right)
      else { return nil }
      var message =
        "\(PredicateFormatter.format(c.lhs)) (\(left)) is never equal to \(right): "
        + "\(PredicateFormatter.format(PredicateSyntax(.comparison(c), range: c.operatorRange))) "
        + "is \(b.op == .equal ? "false" : "true") for every object"
      if case .string(let text)? = b.rhs.constantValue, let literal = literal(text, as: left) {
        let modifier = c.modifier == .direct ? "" : c.modifier.rawValue + " "
        message +=
          "; write \(modifier)\(PredicateFormatter.format(c.lhs)) \(c.op.rawValue) \(literal)"
      } else if left == .uuid, right == .string {
        message += "; write a UUID as CAST(\"6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01\", \"NSUUID\")"
      } else if left == .date, right == .string {
        message += "; write a date as CAST(\"2024-01-31T12:00:00Z\", \"NSDate\")"
      }
      return StatementNote(.warning, message, at: c.operatorRange)
    }
  }

  /// How to write the value a string was meant as, for a side of that type: a Boolean
  /// (`"YES"`) or a number (`"3.5"`) unquoted, a UUID as a CAST.
  private static func literal(_ text: String, as type: ValueType) -> String? {
    switch type {
    case .bool:
      switch text.uppercased() {
      case "YES", "TRUE": return "YES"
      case "NO", "FALSE": return "NO"
      default: return nil
      }
    case .integer, .double, .decimal:
      if let integer = Int64(text) { return String(integer) }
      return Double(text).map(Value.format)
    case .uuid:
      return UUID(uuidString: text).map {
        PredicateFormatter.format(ExpressionSyntax(.constant(.uuid($0)), range: .nowhere))
      }
    default:
      return nil
    }
  }

  /// The comparisons of a key with a string (`==`, `CONTAINS`, `BEGINSWITH`, `ENDSWITH`,
  /// `LIKE`) without `[c]`, each with the same comparison made case-insensitive: where a
  /// fetch found nothing, the objects the second finds miss only by case.
  static func caseSensitiveStringComparisons(_ syntax: PredicateSyntax, _ bound: BoundPredicate)
    -> [(Comparison, exact: BoundComparison, folded: BoundComparison)]
  {
    comparisons(syntax, bound).compactMap { c, b in
      guard b.modifier == .direct,
        [.equal, .contains, .beginsWith, .endsWith, .like].contains(b.op),
        !b.options.contains(.caseInsensitive),
        b.lhs.type == .string, b.lhs.constantValue == nil, case .string? = b.rhs.constantValue
      else { return nil }
      var folded = b
      folded.options.insert(.caseInsensitive)
      return (c, b, folded)
    }
  }

  /// Every comparison of a predicate, with its bound form.
  private static func comparisons(_ syntax: PredicateSyntax, _ bound: BoundPredicate)
    -> [(Comparison, BoundComparison)]
  {
    switch (syntax.kind, bound) {
    case (.comparison(let c), .comparison(let b)):
      return [(c, b)]
    case (.not(let inner), .not(let boundInner)):
      return comparisons(inner, boundInner)
    case (.and(let operands), .and(let boundOperands)), (.or(let operands), .or(let boundOperands)):
      return zip(operands, boundOperands).flatMap { comparisons($0, $1) }
    default:
      return []
    }
  }
}
