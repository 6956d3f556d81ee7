/// Words a chosen plan for `explain` and `explain analyze`, after the planner has picked its
/// steps (as SQLite's `where.c` picks its loops, then prints them): each step's text, a
/// step that reads an external source as the source describes it, the objects or rows a
/// step is expected to give when its text does not say, and — analysed — the rows each step
/// gave and the time it took.
struct PlanRenderer {
  /// The source a plan's external step reads, which words that step.
  var external: (any ExternalSource)?

  /// The lines of `plan`, each step followed by what `estimates` expects it to give
  /// (``PlanEstimate/rows(of:)``; none when nil): `filter rating > 3 (about 2,410 objects)`.
  func lines(of plan: QueryPlan, estimates: [PlanEstimate.Rows?]? = nil) -> [String] {
    texts(of: plan, estimates: estimates).flatMap { $0.split(separator: "\n").map(String.init) }
  }

  /// The lines of an analysed run of `plan`: each step with its estimate, the rows it gave
  /// and the time it took (`→ 12 rows in 0.125 ms`).
  func analyzed(
    _ plan: QueryPlan, estimates: [PlanEstimate.Rows?],
    statistics: [PlanExecutor.StepStatistics]
  ) -> [String] {
    let texts = texts(of: plan, estimates: estimates)
    return zip(plan.steps.indices, statistics).map { index, statistics in
      let rows =
        if case .count = plan.steps[index].operation { "\(statistics.rows)" } else {
          "\(statistics.rows) row\(statistics.rows == 1 ? "" : "s")"
        }
      let time = statistics.nanoseconds.map { " in " + Self.milliseconds($0) } ?? ""
      return "\(texts[index]) → \(rows)\(time)"
    }
  }

  /// A duration in milliseconds with three decimals: `0.125 ms`.
  static func milliseconds(_ nanoseconds: UInt64) -> String {
    let thousandths = (nanoseconds + 500) / 1000
    let fraction = String(thousandths % 1000)
    return
      "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
  }

  /// The text of each step, with its estimate when it has one.
  private func texts(of plan: QueryPlan, estimates: [PlanEstimate.Rows?]?) -> [String] {
    plan.steps.indices.map { index in
      let step = plan.steps[index]
      var text = step.text
      if case .external(let scan) = step.operation, let external {
        text = external.describe(scan).joined(separator: "\n")
      }
      guard let estimates, index < estimates.count, let rows = estimates[index] else {
        return text
      }
      let noun = rows.areResultRows ? "row" : "object"
      let number = "\(rows.count) \(noun)\(rows.count == 1 ? "" : "s")"
      switch rows.certainty {
      case .exact: return "\(text) (\(number))"
      case .about: return "\(text) (about \(number))"
      case .atMost: return "\(text) (at most \(number))"
      }
    }
  }
}
