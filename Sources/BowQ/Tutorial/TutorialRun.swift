import Foundation

/// A tutorial under way: the lesson and step reached, and the scratch interpreter the
/// learner's statements run on while it lasts.
///
/// Each lesson starts on a new in-memory copy of its data (the BowTie model, usually with
/// the sample's ties), so a learner's own store is never read or changed; the shell runs
/// statements on ``interpreter`` instead of its own until the tutorial is left. A statement
/// is judged by its result: the step's answer runs on a copy of the data as it was before
/// the statement, and the step's ``StepCheck`` compares the two outcomes.
public final class TutorialRun {
  /// The interpreter of the scratch data, which the learner's statements run on.
  public let interpreter: Interpreter
  /// The step the learner is at; after the last step of the last lesson, one past it.
  public private(set) var position: TutorialPosition
  /// The lessons whose last step the learner passed, in this run or (as the progress file
  /// kept them) before it.
  public private(set) var finishedLessons: Set<Int>
  /// The wrong tries at the current step.
  public private(set) var wrongTries = 0
  /// What the last statement run through ``execute(_:)`` did for the step.
  public private(set) var verdict: StepVerdict?
  /// What the last statement's result showed beside the answer's, when it missed the step.
  public private(set) var mismatch: StepMismatch?
  /// The SampleData.plist the lessons' data is read from.
  let sampleDataPath: String

  /// Starts the tutorial at `position`: the lesson's data, with the answers of the steps
  /// before it run, so a resumed lesson is where it was left.
  ///
  /// - Parameters:
  ///   - user: the learner's own interpreter, whose clock, folder, store's files (which
  ///     no output may be) and interrupt the scratch one shares.
  public init(
    at position: TutorialPosition, finished: Set<Int> = [], sampleDataPath: String,
    like user: Interpreter
  ) throws(TutorialError) {
    self.position = position
    finishedLessons = finished
    self.sampleDataPath = sampleDataPath
    interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory,
      baseDirectory: user.baseDirectory, clock: user.clock, stopwatch: user.stopwatch,
      interrupt: user.interrupt)
    interpreter.reservedFiles = user.reservedFiles
    try start(position)
  }

  /// The lesson the learner is at.
  public var lesson: Lesson {
    Lesson.numbered(position.lesson) ?? Lesson.all[0]
  }

  /// The step the learner is at; nil once the last lesson is done.
  public var step: LessonStep? {
    lesson.steps.indices.contains(position.step) ? lesson.steps[position.step] : nil
  }

  /// Starts a lesson afresh (`.tutorial 4`), or resumes one at a later step.
  public func start(_ position: TutorialPosition) throws(TutorialError) {
    guard let lesson = Lesson.numbered(position.lesson) else {
      throw TutorialError(
        message: "there is no lesson \(position.lesson): the lessons are 1 to \(Lesson.all.count)")
    }
    interpreter.restart(with: try Self.data(for: lesson, from: sampleDataPath, like: interpreter))
    for done in lesson.steps.prefix(position.step) {
      _ = try? interpreter.run(text(done.answer))
    }
    self.position = position
    wrongTries = 0
    verdict = nil
    mismatch = nil
  }

  /// A lesson's text with `{sample}` spelt as the path of SampleData.plist, quoted and
  /// relative to the folder statements resolve paths in (`"../SampleData.plist"`).
  public func text(_ text: String) -> String {
    text.replacingOccurrences(
      of: "{sample}", with: Value.quoted(Self.path(sampleDataPath, from: interpreter.baseDirectory))
    )
  }

  /// `path` relative to the folder `base`, when both are absolute; else `path` as it is.
  static func path(_ path: String, from base: String) -> String {
    guard path.hasPrefix("/"), base.hasPrefix("/") else { return path }
    let target = path.split(separator: "/")
    let folder = base.split(separator: "/")
    let shared = zip(target, folder).prefix { $0 == $1 }.count
    return
      (Array(repeating: "..", count: folder.count - shared)
      + target.dropFirst(shared).map(String.init))
      .joined(separator: "/")
  }

  /// Runs a learner's statement on the scratch data and judges it by the current step
  /// (see ``verdict``); a statement that fails is judged too, then its error thrown.
  public func execute(_ statement: Statement) throws -> StatementResult {
    guard let step else {
      verdict = nil
      mismatch = nil
      return try interpreter.execute(statement)
    }
    let decoyData = step.decoy.map { _ in interpreter.scratchCopy() }
    let (attempt, expected, passedHere) = judge(statement, step, on: interpreter)
    let passed = passedHere && passesWithDecoy(statement, step, on: decoyData)
    let looksAround = !passed && Self.looksAround(statement)
    mismatch =
      passed || looksAround
      ? nil : passedHere ? .byChance : step.check.mismatch(attempt, expected: expected)
    verdict = passed ? try advance() : looksAround ? nil : miss(step, statement)
    return try attempt.get()
  }

  /// Runs `statement` on `data`, and the step's answer on a copy of `data` as it was, and
  /// judges the first by the second.
  private func judge(_ statement: Statement, _ step: LessonStep, on data: Interpreter) -> (
    attempt: Result<StatementResult, any Error>, expected: Result<StatementResult, any Error>,
    passed: Bool
  ) {
    let answering = data.scratchCopy()
    let expected = Result<StatementResult, any Error> {
      guard let last = try answering.run(text(step.answer)).last else {
        throw TutorialError(message: "the step has no answer")
      }
      return last
    }
    let attempt = Result<StatementResult, any Error> { try data.execute(statement) }
    let passed = step.check.passes(attempt, expected: expected) { probe, afterAnswer in
      try? (afterAnswer ? answering : data).scratchCopy().run(probe)
    }
    return (attempt, expected, passed)
  }

  /// Whether `statement` passes `step` again on `data` (a copy of the data before it ran)
  /// with the step's decoy objects added; true for a step without decoys.
  private func passesWithDecoy(_ statement: Statement, _ step: LessonStep, on data: Interpreter?)
    -> Bool
  {
    guard let decoy = step.decoy, let data, (try? data.run(text(decoy))) != nil else {
      return true
    }
    return judge(statement, step, on: data).passed
  }

  /// Whether `statement` only looks at the data (`changes`, `explain`, `why`, `show`): one
  /// that does not do the step is no wrong try, as a hint may suggest it on the way.
  private static func looksAround(_ statement: Statement) -> Bool {
    switch statement.kind {
    case .changes, .explain, .explainAnalyze, .why, .show: return true
    default: return false
    }
  }

  /// Counts a statement that did not parse as a wrong try at the current step, so that its
  /// hint, and after several tries the answer, come as they do after a statement that ran.
  public func countUnparsedTry() {
    mismatch = nil
    verdict = step.map { miss($0) }
  }

  /// Goes on to the next step, or the next lesson's first, and says which.
  private func advance() throws(TutorialError) -> StepVerdict {
    wrongTries = 0
    position.step += 1
    guard position.step == lesson.steps.count else { return .passed(next: .step) }
    let finished = position.lesson
    finishedLessons.insert(finished)
    guard Lesson.numbered(finished + 1) != nil else { return .passed(next: .end) }
    try start(TutorialPosition(lesson: finished + 1))
    return .passed(next: .lesson(finished: finished))
  }

  /// Counts a wrong try at `step`: a hint, or, after several, the answer. The hint answers
  /// what `statement` got wrong beside the step's answer (``StepMistake``), followed by the
  /// step's own hint when it only says where to look; when it tells nothing (or the try did
  /// not parse), the step's own hints come in turn.
  private func miss(_ step: LessonStep, _ statement: Statement? = nil) -> StepVerdict {
    wrongTries += 1
    guard wrongTries < LessonStep.triesBeforeAnswer, !step.hints.isEmpty else {
      return .answer(text(step.answer))
    }
    let own = text(step.hints[min(wrongTries, step.hints.count) - 1])
    guard let statement, let answer = try? Parser.parseScript(text(step.answer)).last,
      let mistake = StepMistake.find(in: statement, answer: answer, mismatch: mismatch)
    else { return .hint(own) }
    return .hint(mistake.isPrecise ? mistake.hint : mistake.hint + " " + own)
  }

  /// The data a lesson starts from, with no pending changes and no undo history: the
  /// BowTie model, the sample's ties unless the lesson starts empty, and its own setup.
  private static func data(for lesson: Lesson, from sampleDataPath: String, like user: Interpreter)
    throws(TutorialError) -> Context
  {
    let builder = user.scratchCopy()
    builder.restart(with: Context(graph: ObjectGraph()))
    var script = BowTiesSample.modelSource + "\n"
    switch lesson.setup {
    case .modelOnly: break
    case .sample: script += "import \(Value.quoted(sampleDataPath)) into BowTie\n"
    case .sampleThen(let statements):
      script += "import \(Value.quoted(sampleDataPath)) into BowTie\n" + statements + "\n"
    }
    do {
      _ = try builder.run(script)
    } catch {
      throw TutorialError(
        message: "cannot set up lesson \(lesson.number) from \(sampleDataPath): \(error)")
    }
    return Context(graph: builder.context.graph)
  }
}
