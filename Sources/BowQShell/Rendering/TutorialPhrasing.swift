import BowQ

/// The words of `.tutorial`: a lesson's heading and introduction, a step's task, what is
/// said after each statement, and the list of lessons. The lessons themselves are the
/// engine's (``Lesson/all``); this is only how the shell says them.
enum TutorialPhrasing {
  /// The lesson's heading (bold, with colour on) and introduction, then the task of the
  /// step the run is at.
  static func lesson(_ run: TutorialRun, style: Style = .plain) -> String {
    let lesson = run.lesson
    return style.bold("Lesson \(lesson.number) of \(Lesson.all.count): \(lesson.title)") + "\n"
      + run.text(lesson.introduction) + "\n\n" + step(run, style: style)
  }

  /// The task of the step the run is at: `Step 2 of 4: …`, its number bold with colour on,
  /// so it stands out among results.
  static func step(_ run: TutorialRun, style: Style = .plain) -> String {
    guard let step = run.step else { return "" }
    return style.bold("Step \(run.position.step + 1) of \(run.lesson.steps.count):") + " "
      + run.text(step.task) + "\n"
  }

  /// What is said after a statement the step judged: done and what comes next, or what
  /// was off and a hint, or the answer.
  static func verdict(_ verdict: StepVerdict, _ run: TutorialRun, style: Style = .plain)
    -> String
  {
    switch verdict {
    case .passed(.step): return "✓ Done.\n\n" + step(run, style: style)
    case .passed(.lesson(let finished)):
      return "✓ Done: that was lesson \(finished).\n\n" + lesson(run, style: style)
    case .passed(.end):
      return "✓ Done: that was the last lesson. Your own store is back; "
        + "`.tutorial 1` starts the lessons again.\n"
    case .hint(let hint): return "✗ Not yet." + off(run.mismatch) + "\nHint: \(hint)\n"
    case .answer(let answer):
      return "✗ Not yet." + off(run.mismatch) + "\nOne way to do it: \(answer)\n"
    }
  }

  /// What a wrong try's result showed, as a sentence after a space; empty for nil.
  static func off(_ mismatch: StepMismatch?) -> String {
    switch mismatch {
    case nil: return ""
    case .kind(let wanted, let found)?:
      return " That gave \(kind(found)); the step asks for \(kind(wanted))."
    case .objectCount(let found, let wanted)?:
      return " That found \(objects(found)); the step wants \(wanted)."
    case .count(let found, let wanted)?:
      return " That counted \(found); the step wants \(wanted)."
    case .otherObjects?:
      return " That found as many objects as the step wants, but not the same ones."
    case .order?: return " Those are the right objects, in another order."
    case .byChance?:
      return " That gives the right result on this data only by chance: with other objects "
        + "added, it would not."
    }
  }

  /// A kind of result, as a step asks for it.
  private static func kind(_ kind: StepMismatch.ResultKind) -> String {
    switch kind {
    case .objects: return "the objects of a fetch"
    case .values: return "the values of a select"
    case .count: return "a number, as count gives"
    case .other: return "no objects or number"
    }
  }

  /// `1 object`, `5 objects`.
  private static func objects(_ count: Int) -> String {
    "\(count) object\(count == 1 ? "" : "s")"
  }

  /// `.tutorial list`: every lesson, the one at `current` marked →, the `finished` ones ✓.
  static func list(current: Int?, finished: Set<Int>) -> String {
    Lesson.all.map { lesson in
      let number = lesson.number < 10 ? " \(lesson.number)" : "\(lesson.number)"
      let mark = lesson.number == current ? "→" : finished.contains(lesson.number) ? "✓" : " "
      return "\(mark) \(number). \(lesson.title)\n"
    }.joined()
  }

  /// Said on `.tutorial off`: where the learner left, and how to come back.
  static func left(_ run: TutorialRun) -> String {
    "Left the tutorial at lesson \(run.position.lesson), step \(run.position.step + 1); "
      + "your own store is back. `.tutorial` resumes there.\n"
  }
}
