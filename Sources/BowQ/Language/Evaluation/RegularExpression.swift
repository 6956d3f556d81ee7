import Foundation

/// A MATCHES pattern: an ICU regular expression that must match the whole string.
///
/// Patterns are checked before use: an invalid one, or one whose repetitions can split a
/// text in many ways (``RepetitionCheck``: `(a+)+`, `(a|aa)+`, `(.*a){25}` — the shapes that
/// make a backtracking matcher take exponential time), is refused with a message. What the
/// check does not see, ``MatchBudget`` bounds: a match that takes too many steps gives up
/// with an error naming the pattern, never a silent "no match", so no predicate or rule can
/// hang the shell.
struct RegularExpression: Sendable {
  /// The pattern as written.
  let pattern: String
  private let regex: NSRegularExpression?

  init(_ pattern: String, options: StringOptions) throws(EvaluationError) {
    self.pattern = pattern
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
    if let problem = RepetitionCheck.problem(in: pattern) {
      throw EvaluationError(
        "the regular expression \(Value.quoted(pattern)) \(problem), which can take exponential "
          + "time; rewrite it without the nested or overlapping repetition",
        at: at)
    }
    do {
      regex = try NSRegularExpression(
        pattern: "\\A(?:\(pattern))\\z",
        options: options.contains(.caseInsensitive) ? [.caseInsensitive] : [])
    } catch {
      throw EvaluationError("invalid regular expression \(Value.quoted(pattern))", at: at)
    }
  }

  /// Whether the whole of `subject` matches. Throws, naming the pattern, when the match
  /// runs out of its ``MatchBudget`` or ICU gives up on it (its backtracking stack is full),
  /// rather than answer "no match" for a string it could not decide.
  func matches(_ subject: String) throws(EvaluationError) -> Bool {
    guard let regex else { return subject.isEmpty }
    let range = NSRange(subject.startIndex..., in: subject)
    let budget = MatchBudget(subjectLength: range.length)
    var found = false
    var reports = 0
    var gaveUp: String?
    regex.enumerateMatches(
      in: subject, options: [.reportProgress, .reportCompletion], range: range
    ) { match, flags, stop in
      if match != nil {
        found = true
        stop.pointee = true
      } else if flags.contains(.internalError) {
        gaveUp = "ran out of room to backtrack"
      } else if flags.contains(.progress) {
        reports += 1
        switch budget.verdict(afterReports: reports) {
        case .goOn: break
        case .exhausted:
          gaveUp = "gave up after \(DigitGrouping.format(budget.steps)) steps"
          stop.pointee = true
        case .interrupted:
          gaveUp = "was interrupted"
          stop.pointee = true
        }
      }
    }
    guard let gaveUp else { return found }
    throw EvaluationError(
      "the regular expression \(Value.quoted(pattern)) \(gaveUp) without deciding whether a "
        + "string of \(DigitGrouping.format(subject.count)) characters matches; rewrite it to "
        + "backtrack less (each part able to match a character one way only, or a possessive "
        + "quantifier such as *+)",
      at: .nowhere)
  }
}
