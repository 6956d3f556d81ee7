import Foundation

/// A comparison with its right side fixed: decides it for a left-hand value.
typealias ComparisonTest = (Value) throws(EvaluationError) -> Bool

/// Builds the test for each comparison operator, with NSPredicate's semantics: nil matches
/// only `== nil` (and `!= value`); an empty string on the right of BEGINSWITH, ENDSWITH,
/// CONTAINS or IN never matches; LIKE and MATCHES match the whole string.
enum ComparisonTests {
  static func prepare(
    _ op: ComparisonOperator, options: StringOptions, rhs: Value, range: SourceRange
  ) -> ComparisonTest {
    switch op {
    case .equal:
      return equality(rhs, options)
    case .notEqual:
      let equal = equality(rhs, options)
      return { value throws(EvaluationError) in !(try equal(value)) }
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      return ordering(op, rhs, options, range)
    case .between:
      guard case .collection(let bounds) = rhs, bounds.count == 2 else {
        return { _ throws(EvaluationError) in
          throw EvaluationError(
            "BETWEEN needs two bounds on its right, as in BETWEEN {1, 5}", at: range)
        }
      }
      let low = ordering(.greaterOrEqual, bounds[0], options, range)
      let high = ordering(.lessOrEqual, bounds[1], options, range)
      return { value throws(EvaluationError) in
        guard try low(value) else { return false }
        return try high(value)
      }
    case .in:
      switch rhs {
      case .collection(let elements) where elements.count > MembershipTest.listedElements:
        let members = MembershipTest(elements, options: options)
        return { value in members.contains(value) }
      case .collection(let elements):
        return { value in elements.contains { ValueComparison.equal(value, $0, options: options) } }
      case .string(let haystack):
        let folded = ValueComparison.fold(haystack, options)
        return { value in
          guard case .string(let needle) = value, !needle.isEmpty else { return false }
          return folded.contains(ValueComparison.fold(needle, options))
        }
      default:
        return { _ in false }
      }
    case .contains, .beginsWith, .endsWith:
      return substring(op, rhs, options)
    case .like:
      guard case .string(let pattern) = rhs else { return { _ in false } }
      let wildcard = WildcardPattern(ValueComparison.fold(pattern, options))
      return { value in
        guard case .string(let s) = value else { return false }
        return wildcard.matches(options.isEmpty ? s : ValueComparison.fold(s, options))
      }
    case .matches:
      guard case .string(let pattern) = rhs else { return { _ in false } }
      let regex = Result { () throws(EvaluationError) in
        try RegularExpression(pattern, options: options)
      }
      return { value throws(EvaluationError) in
        let matcher: RegularExpression
        switch regex {
        case .success(let compiled): matcher = compiled
        case .failure(let error): throw EvaluationError(error.message, at: range)
        }
        guard case .string(let s) = value else { return false }
        do throws(EvaluationError) {
          return try matcher.matches(
            options.contains(.diacriticInsensitive)
              ? ValueComparison.fold(s, [.diacriticInsensitive]) : s)
        } catch {
          throw EvaluationError(error.message, at: range)
        }
      }
    }
  }

  private static func equality(_ rhs: Value, _ options: StringOptions) -> ComparisonTest {
    switch rhs {
    case .string(let r) where options.isEmpty:
      return { value in
        if case .string(let s) = value { return s == r }
        return false
      }
    case .double(let r):
      return { value in
        if case .double(let x) = value { return x == r }
        return NumericOrder.compare(value, rhs) == .orderedSame
      }
    case .int(let r):
      return { value in
        if case .int(let x) = value { return x == r }
        return NumericOrder.compare(value, rhs) == .orderedSame
      }
    case .bool:
      return { value in NumericOrder.compare(value, rhs) == .orderedSame }
    default:
      return { value in ValueComparison.equal(value, rhs, options: options) }
    }
  }

  private static func ordering(
    _ op: ComparisonOperator, _ rhs: Value, _ options: StringOptions, _ range: SourceRange
  ) -> ComparisonTest {
    let accepts: (ComparisonResult) -> Bool =
      switch op {
      case .less: { $0 == .orderedAscending }
      case .lessOrEqual: { $0 != .orderedDescending }
      case .greater: { $0 == .orderedDescending }
      default: { $0 != .orderedAscending }
      }
    if rhs.isNull { return { _ in false } }
    // Doubles against a Double, and integers and Doubles against an integer a Double holds
    // exactly, compare as Doubles; every other number goes through NumericOrder.
    let exact: Double? =
      switch rhs {
      case .double(let r): r
      case .int(let r) where r.magnitude <= NumericOrder.exactDoubleIntegers.magnitude: Double(r)
      default: nil
      }
    if let exact {
      let test = numericOrdering(op, exact)
      return { value throws(EvaluationError) in
        switch value {
        case .double(let x): return test(x)
        case .int(let i) where i.magnitude <= NumericOrder.exactDoubleIntegers.magnitude:
          return test(Double(i))
        case .null: return false
        default:
          return accepts(try ValueComparison.order(value, rhs, options: options, range: range))
        }
      }
    }
    return { value throws(EvaluationError) in
      if value.isNull { return false }
      return accepts(try ValueComparison.order(value, rhs, options: options, range: range))
    }
  }

  /// `x < r` and its siblings on Doubles, chosen once.
  private static func numericOrdering(_ op: ComparisonOperator, _ r: Double) -> (Double) -> Bool {
    switch op {
    case .less: return { $0 < r }
    case .lessOrEqual: return { $0 <= r }
    case .greater: return { $0 > r }
    default: return { $0 >= r }
    }
  }

  private static func substring(
    _ op: ComparisonOperator, _ rhs: Value, _ options: StringOptions
  ) -> ComparisonTest {
    if op == .contains, !(rhs.stringValue != nil) {
      return { value in
        guard case .collection(let elements) = value else { return false }
        return elements.contains { ValueComparison.equal($0, rhs, options: options) }
      }
    }
    guard case .string(let raw) = rhs, !raw.isEmpty else { return { _ in false } }
    let anchor: FoldedSearch.Anchor =
      switch op {
      case .beginsWith: .prefix
      case .endsWith: .suffix
      default: .anywhere
      }
    let search = FoldedSearch(raw, options: options, anchor: anchor)
    let plain: (String) -> Bool =
      switch anchor {
      case .prefix: { $0.hasPrefix(raw) }
      case .suffix: { $0.hasSuffix(raw) }
      case .anywhere: { $0.contains(raw) }
      }
    return { value in
      switch value {
      case .string(let s): return options.isEmpty ? plain(s) : search.matches(s)
      case .collection(let elements) where op == .contains:
        return elements.contains { ValueComparison.equal($0, rhs, options: options) }
      default: return false
      }
    }
  }

}
