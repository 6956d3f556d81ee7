import Foundation

/// A MATCHES pattern: an ICU regular expression that must match the whole string.
///
/// Patterns are checked before use: an invalid one, or one with a quantified group that
/// itself ends in an unbounded quantifier (`(a+)+`, `(a|b*)*` — the shapes that make a
/// backtracking matcher take exponential time), is refused with a message, so no predicate
/// can hang the shell.
struct RegularExpression: Sendable {
  private let regex: NSRegularExpression?

  init(_ pattern: String, options: StringOptions) throws(EvaluationError) {
    let at = SourceRange.nowhere
    if pattern.isEmpty {
      regex = nil
      return
    }
    do {
      _ = try NSRegularExpression(pattern: pattern)
    } catch {
      throw EvaluationError("invalid regular expression \(Value.quoted(pattern))", at: at)
    }
    if Self.hasNestedQuantifier(pattern) {
      throw EvaluationError(
        "the regular expression \(Value.quoted(pattern)) repeats a group that itself repeats "
          + "without bound, which can take exponential time; rewrite it without the nested repetition",
        at: at)
    }
    regex = try? NSRegularExpression(
      pattern: "\\A(?:\(pattern))\\z",
      options: options.contains(.caseInsensitive) ? [.caseInsensitive] : [])
  }

  func matches(_ subject: String) -> Bool {
    guard let regex else { return subject.isEmpty }
    return regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil
  }

  /// Whether a group ending in `*`, `+` or `{n,}` is itself followed by such a quantifier.
  static func hasNestedQuantifier(_ pattern: String) -> Bool {
    let chars = Array(pattern)
    var stack: [Bool] = []  // per open group: does it contain an unbounded quantifier?
    var i = 0
    func unboundedQuantifier(at j: Int) -> Bool {
      guard j < chars.count else { return false }
      if chars[j] == "*" || chars[j] == "+" { return true }
      if chars[j] == "{", let close = chars[j...].firstIndex(of: "}") {
        return String(chars[j...close]).hasSuffix(",}")
      }
      return false
    }
    while i < chars.count {
      switch chars[i] {
      case "\\":
        i += 1
      case "[":
        while i < chars.count, chars[i] != "]" { i += chars[i] == "\\" ? 2 : 1 }
      case "(":
        stack.append(false)
      case ")":
        let inner = stack.popLast() ?? false
        if inner, unboundedQuantifier(at: i + 1) { return true }
        if inner || unboundedQuantifier(at: i + 1), !stack.isEmpty { stack[stack.count - 1] = true }
      case "*", "+":
        if !stack.isEmpty { stack[stack.count - 1] = true }
      case "{":
        if unboundedQuantifier(at: i), !stack.isEmpty { stack[stack.count - 1] = true }
      default:
        break
      }
      i += 1
    }
    return false
  }
}
