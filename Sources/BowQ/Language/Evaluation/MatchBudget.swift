/// How much work one regular-expression match may do before it gives up.
///
/// ICU's matcher reports its progress about every ``stepsPerReport`` backtracking steps
/// (when asked to with `.reportProgress`); each report passes through ``verdict(afterReports:)``,
/// the one place that decides whether a match goes on. A match may take a fixed number of
/// steps plus a number per character of the string: enough for any pattern that matches in
/// linear time, and a few hundredths of a second for one that does not.
///
/// The verdict is the one check point of a running match, so it is also where a match is
/// to stop when the user interrupts the statement (Ctrl-C).
struct MatchBudget: Sendable {
  /// Whether a match may go on.
  enum Verdict: Sendable {
    case goOn
    /// The match took every step it may.
    case exhausted
    /// The user interrupted the statement (``Interrupt``).
    case interrupted
  }

  /// About how many backtracking steps ICU takes between two progress reports.
  static let stepsPerReport = 10_000
  /// The reports any match may take, however short its string.
  static let baseReports = 20
  /// The characters (UTF-16 units) of the string that earn one more report: ten steps a
  /// character.
  static let unitsPerReport = 1_000

  /// The reports this match may take.
  let reports: Int

  init(subjectLength: Int) {
    reports = Self.baseReports + subjectLength / Self.unitsPerReport
  }

  /// The steps this match may take, to say in an error.
  var steps: Int { reports * Self.stepsPerReport }

  /// Whether a match that has made `count` progress reports may go on.
  func verdict(afterReports count: Int) -> Verdict {
    if Interrupt.isRequested { return .interrupted }
    return count > reports ? .exhausted : .goOn
  }
}
