/// What the progress file keeps between sessions: where the learner is, and the lessons
/// they have finished, as two lines (`lesson 4 step 2`, `done 1 2 3`; the second only once
/// a lesson is finished).
public struct TutorialProgress: Hashable, Sendable {
  /// The step the learner is at.
  public var position: TutorialPosition
  /// The numbers of the lessons whose last step the learner passed.
  public var finished: Set<Int>

  public init(position: TutorialPosition, finished: Set<Int> = []) {
    self.position = position
    self.finished = finished
  }

  /// The progress as the file holds it.
  public var text: String {
    guard !finished.isEmpty else { return position.text + "\n" }
    return position.text + "\ndone " + finished.sorted().map(String.init).joined(separator: " ")
      + "\n"
  }

  /// Reads progress written by ``text`` (or a position alone, as older files hold it); nil
  /// when the position is unreadable. Finished lessons the tutorial does not have are left
  /// out.
  public init?(text: String) {
    let lines = text.split(separator: "\n")
    guard let first = lines.first, let position = TutorialPosition(text: String(first)) else {
      return nil
    }
    var finished: Set<Int> = []
    if lines.count > 1, case let words = lines[1].split(separator: " "), words.first == "done" {
      finished = Set(words.dropFirst().compactMap { Int($0) }.filter { Lesson.numbered($0) != nil })
    }
    self.init(position: position, finished: finished)
  }
}
