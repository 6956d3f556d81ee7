/// What the tutorial says after a statement, judged by the step it was typed at.
public enum StepVerdict: Hashable, Sendable {
  /// The step is done; the tutorial has gone on to what `next` says.
  case passed(next: Next)
  /// Not yet: a hint toward the step.
  case hint(String)
  /// Not yet, after several tries: a statement that does the step.
  case answer(String)

  /// Where the tutorial goes after a step is done.
  public enum Next: Hashable, Sendable {
    /// The next step of the same lesson.
    case step
    /// The first step of the next lesson: the one just finished was `finished`.
    case lesson(finished: Int)
    /// Nothing: that was the last step of the last lesson.
    case end
  }
}
