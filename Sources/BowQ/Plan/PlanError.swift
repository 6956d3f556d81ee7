/// A plan the executor cannot run: a mistake of bowq's planning, never of the statement.
/// It says so, with the plan, rather than give a silent empty result.
enum PlanError: Error, CustomStringConvertible {
  /// A step reads an external source, and the executor was given none.
  case noExternalSource
  /// The step at `step` of `plan` (its steps' texts) was given what it does not take.
  case unexpectedInput(step: Int, given: String, plan: [String])

  var description: String {
    switch self {
    case .noExternalSource:
      return "internal error: the plan reads an external source, and the executor has none"
    case .unexpectedInput(let step, let given, let plan):
      let lines = plan.enumerated().map { index, text in
        (index == step ? "→ " : "  ") + text.split(separator: "\n").joined(separator: "\n    ")
      }
      return "internal error: step \(step + 1) of the plan was given \(given), which it does not "
        + "take; please report it with the statement. The plan:\n" + lines.joined(separator: "\n")
    }
  }
}
