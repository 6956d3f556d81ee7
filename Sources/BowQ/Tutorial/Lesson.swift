/// One lesson of the tutorial: a concept of the BowTies chapter or the Predicate
/// Programming Guide, taught in steps, each checked by what the learner's statement does.
public struct Lesson: Sendable {
  /// The data a lesson starts from, on a scratch copy: the learner's own store is never
  /// touched.
  public enum Setup: Sendable {
    /// The BowTie entity alone, with no objects: the store before the sample app's seeding.
    case modelOnly
    /// The BowTie entity with the seven ties of SampleData.plist.
    case sample
    /// The sample, then these statements (saved, so they are not pending changes).
    case sampleThen(String)
  }

  /// The lesson's number, from 1, as `.tutorial N` names it.
  public var number: Int
  public var title: String
  /// What the lesson teaches, said before its first step.
  public var introduction: String
  public var setup: Setup
  public var steps: [LessonStep]
}

/// One step of a lesson: what to try, the statement that does it, how a statement is judged
/// to have done it, and the hints after wrong tries.
public struct LessonStep: Sendable {
  /// What the learner is asked to do.
  public var task: String
  /// A statement that does it; the check compares the learner's result with this one's, and
  /// the tutorial shows it after ``LessonStep/triesBeforeAnswer`` wrong tries.
  public var answer: String
  public var check: StepCheck
  /// Said after the first wrong try, the second, and so on (the last one repeats).
  public var hints: [String]
  /// Statements that add objects to a copy of the data, on which a statement that passes
  /// must pass again: so that a predicate that happens to give the sample's answer
  /// (`rating > 1` for every tie) is not taken for the step's.
  public var decoy: String?

  public init(
    task: String, answer: String, check: StepCheck, hints: [String], decoy: String? = nil
  ) {
    self.task = task
    self.answer = answer
    self.check = check
    self.hints = hints
    self.decoy = decoy
  }

  /// How many wrong tries are answered with a hint before the answer is shown.
  public static let triesBeforeAnswer = 3
}
