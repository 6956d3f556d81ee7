/// A predicate (NSPredicate's kinds), with the source range it was parsed from. Equality
/// ignores ranges.
public struct PredicateSyntax: Hashable, Sendable {
  public indirect enum Kind: Hashable, Sendable {
    /// `TRUEPREDICATE` or `FALSEPREDICATE`.
    case constant(Bool)
    case comparison(Comparison)
    /// `lhs selector: rhs`, such as `SELF isKindOfClass: %@`: NSComparisonPredicate's
    /// custom selector, which on Apple platforms sends `selector` to the left side's value
    /// with the right side's. bowq has no Objective-C methods to send, so it is parsed and
    /// printed, and fails when evaluated.
    case customSelector(lhs: ExpressionSyntax, selector: String, rhs: ExpressionSyntax)
    case not(PredicateSyntax)
    case and([PredicateSyntax])
    case or([PredicateSyntax])
  }

  public var kind: Kind
  public var range: SourceRange

  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public static func == (a: PredicateSyntax, b: PredicateSyntax) -> Bool { a.kind == b.kind }
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// `lhs op[options] rhs`, optionally qualified by ANY / ALL / NONE.
public struct Comparison: Hashable, Sendable {
  public var modifier: ComparisonModifier
  public var lhs: ExpressionSyntax
  public var op: ComparisonOperator
  public var options: StringOptions
  public var rhs: ExpressionSyntax
  /// Where the operator was written, for errors about it.
  public var operatorRange: SourceRange

  public init(
    modifier: ComparisonModifier = .direct, lhs: ExpressionSyntax, op: ComparisonOperator,
    options: StringOptions = [], rhs: ExpressionSyntax, operatorRange: SourceRange
  ) {
    self.modifier = modifier
    self.lhs = lhs
    self.op = op
    self.options = options
    self.rhs = rhs
    self.operatorRange = operatorRange
  }

  public static func == (a: Comparison, b: Comparison) -> Bool {
    (a.modifier, a.lhs, a.op, a.options, a.rhs) == (b.modifier, b.lhs, b.op, b.options, b.rhs)
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(modifier)
    hasher.combine(lhs)
    hasher.combine(op)
    hasher.combine(options)
    hasher.combine(rhs)
  }
}

public enum ComparisonModifier: String, Hashable, Sendable {
  case direct = ""
  case any = "ANY"
  case all = "ALL"
  case none = "NONE"
}

/// The comparison operators, by their canonical spelling.
public enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case beginsWith = "BEGINSWITH"
  case endsWith = "ENDSWITH"
  case contains = "CONTAINS"
  case like = "LIKE"
  case matches = "MATCHES"
  case `in` = "IN"
  case between = "BETWEEN"
}

/// The `[cdnl]` options of a string comparison.
public struct StringOptions: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let caseInsensitive = StringOptions(rawValue: 1)
  public static let diacriticInsensitive = StringOptions(rawValue: 2)
  public static let normalized = StringOptions(rawValue: 4)
  public static let localeSensitive = StringOptions(rawValue: 8)

  /// The letters in canonical order (c, d, n, l), as printed inside `[…]`.
  public var letters: String {
    [
      (Self.caseInsensitive, "c"), (.diacriticInsensitive, "d"), (.normalized, "n"),
      (.localeSensitive, "l"),
    ]
    .filter { contains($0.0) }.map(\.1).joined()
  }
}
