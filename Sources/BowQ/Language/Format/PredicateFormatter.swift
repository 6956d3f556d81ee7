import Foundation

/// Prints predicates and expressions in canonical format-string form, as NSPredicate's
/// `predicateFormat` does: canonical operator spellings, upper-case keywords, double-quoted
/// strings, numbers by value, and parentheses around nested AND/OR.
///
/// `FUNCTION(receiver, "selector:", arguments…)` prints as Apple's `predicateFormat` was
/// seen to print it, with a space before the comma after the selector
/// (`FUNCTION(rating, "raise:toPower:" , 2)`); with more arguments, each comes after
/// ` , ` the same way (inferred: only the one-argument form was observed). The parser
/// ignores the spaces, so the printed form reads back the same.
///
/// Parsing the printed form gives back an equal predicate.
public enum PredicateFormatter {
  public static func format(_ p: PredicateSyntax) -> String {
    switch p.kind {
    case .constant(let value):
      return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
    case .comparison(let c):
      let modifier = c.modifier == .direct ? "" : c.modifier.rawValue + " "
      let options = c.options.isEmpty ? "" : "[\(c.options.letters)]"
      return
        "\(modifier)\(comparisonOperand(c.lhs)) \(c.op.rawValue)\(options) \(comparisonOperand(c.rhs))"
    case .customSelector(let lhs, let selector, let rhs):
      return "\(comparisonOperand(lhs)) \(selector) \(comparisonOperand(rhs))"
    case .not(let inner):
      return "NOT " + operand(inner)
    case .and(let operands):
      return operands.isEmpty ? "TRUEPREDICATE" : operands.map(operand).joined(separator: " AND ")
    case .or(let operands):
      return operands.isEmpty ? "FALSEPREDICATE" : operands.map(operand).joined(separator: " OR ")
    }
  }

  /// A subpredicate, parenthesized when it is itself compound.
  private static func operand(_ p: PredicateSyntax) -> String {
    switch p.kind {
    case .and, .or, .not: return "(\(format(p)))"
    default: return format(p)
    }
  }

  public static func format(_ e: ExpressionSyntax) -> String {
    switch e.kind {
    case .constant(let value):
      return constant(value)
    case .keyPath(let components):
      return keyPath(components)
    case .evaluatedObject:
      return "SELF"
    case .variable(let name):
      return "$" + name
    case .aggregate(let elements):
      return "{" + elements.map(format).joined(separator: ", ") + "}"
    case .negate(let operand):
      return "-" + arithmeticOperand(operand)
    case .arithmetic(let op, let l, let r):
      return "\(arithmeticOperand(l)) \(op.rawValue) \(arithmeticOperand(r))"
    case .function(let name, let arguments):
      return "\(name)(" + arguments.map(format).joined(separator: ", ") + ")"
    case .invocation(let receiver, let selector, let arguments):
      return "FUNCTION(\(format(receiver)), \(Value.quoted(selector))"
        + arguments.map { " , " + format($0) }.joined() + ")"
    case .member(let base, let components):
      return arithmeticOperand(base) + "." + keyPath(components)
    case .index(let base, let selector):
      let inside: String =
        switch selector {
        case .first: "FIRST"
        case .last: "LAST"
        case .size: "SIZE"
        case .at(let i): format(i)
        }
      return "\(arithmeticOperand(base))[\(inside)]"
    case .cast(let value, let type):
      return "CAST(\(format(value)), \(Value.quoted(type)))"
    case .ternary(let condition, let whenTrue, let whenFalse):
      return "TERNARY(\(format(condition)), \(format(whenTrue)), \(format(whenFalse)))"
    case .subquery(let collection, let variable, let predicate):
      return "SUBQUERY(\(format(collection)), $\(variable), \(format(predicate)))"
    }
  }

  /// A side of a comparison: a whole Double prints without its fraction, as Apple's
  /// `predicateFormat` prints it (`score == 10`; SafeFetching's tests and GNUstep's
  /// OS X-matching expectations, nspredicate-features §7.5), alone or in an aggregate
  /// (`x IN {1, 2}`). A comparison compares numbers by value, so `10` reads back as the same
  /// test; inside arithmetic the `.0` stays, where `5.0 / 2` and `5 / 2` differ.
  private static func comparisonOperand(_ e: ExpressionSyntax) -> String {
    switch e.kind {
    case .constant(.double(let d)) where d == d.rounded() && d.magnitude < 1e15:
      return String(Int64(d))
    case .constant(.collection(let elements)):
      return "{"
        + elements.map { comparisonOperand(ExpressionSyntax(.constant($0), range: e.range)) }
        .joined(separator: ", ") + "}"
    case .aggregate(let elements):
      return "{" + elements.map(comparisonOperand).joined(separator: ", ") + "}"
    default:
      return format(e)
    }
  }

  /// An operand of an arithmetic operator, parenthesized when it is arithmetic itself.
  private static func arithmeticOperand(_ e: ExpressionSyntax) -> String {
    switch e.kind {
    case .arithmetic, .negate: return "(\(format(e)))"
    case .constant(let v) where (v.numericValue ?? 0) < 0: return "(\(format(e)))"
    default: return format(e)
    }
  }

  private static func keyPath(_ components: [KeyPathComponent]) -> String {
    components.map { component in
      switch component {
      case .key(let key): return ReservedWords.isReserved(key) ? "#" + key : key
      case .collectionOperator(let op): return "@" + op
      case .variable(let name): return "$" + name
      }
    }.joined(separator: ".")
  }

  /// A constant: strings double-quoted, Booleans as 1 and 0 (as Foundation prints them),
  /// dates as `CAST(seconds, "NSDate")`, UUIDs as `CAST("…", "NSUUID")`. A whole Double
  /// keeps its `.0` here (Foundation drops it, and so does ``comparisonOperand(_:)``),
  /// because in arithmetic `5.0 / 2` and `5 / 2` differ: integer division truncates.
  private static func constant(_ value: Value) -> String {
    switch value {
    case .null: return "nil"
    case .bool(let b): return b ? "1" : "0"
    case .double(let d):
      let text = Value.format(d)
      return text.contains(where: { !$0.isNumber && $0 != "-" }) ? text : text + ".0"
    case .uuid(let u): return "CAST(\(Value.quoted(u.uuidString)), \"NSUUID\")"
    case .collection(let elements):
      return "{" + elements.map(constant).joined(separator: ", ") + "}"
    default: return value.literalText
    }
  }
}
