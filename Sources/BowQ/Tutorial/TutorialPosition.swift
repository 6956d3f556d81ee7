/// Where a learner is in the tutorial: a lesson and a step of it, as the progress file keeps
/// it (`lesson 4 step 2`, both counted from 1 in the text).
public struct TutorialPosition: Hashable, Sendable {
  /// The lesson's number, from 1.
  public var lesson: Int
  /// The step's index in the lesson, from 0.
  public var step: Int

  public init(lesson: Int, step: Int = 0) {
    self.lesson = lesson
    self.step = step
  }

  /// The first step of the first lesson.
  public static let start = TutorialPosition(lesson: 1)

  /// The position as the progress file holds it: `lesson 4 step 2`.
  public var text: String {
    "lesson \(lesson) step \(step + 1)"
  }

  /// Reads a position written by ``text``; nil for anything else, or for a lesson or step
  /// the tutorial does not have.
  public init?(text: String) {
    let words = text.split(whereSeparator: \.isWhitespace)
    guard words.count == 4, words[0] == "lesson", words[2] == "step",
      let lesson = Int(words[1]), let step = Int(words[3]),
      let steps = Lesson.numbered(lesson)?.steps.count, (1...steps).contains(step)
    else { return nil }
    self.init(lesson: lesson, step: step - 1)
  }
}
