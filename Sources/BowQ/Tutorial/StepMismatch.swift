/// What a wrong try's result shows beside the answer's, when its shape tells: said before
/// the step's hint, so a learner sees how far off the statement was.
public enum StepMismatch: Hashable, Sendable {
  /// The kind of result the step asks for and the kind the statement gave.
  case kind(wanted: ResultKind, found: ResultKind)
  /// A fetch of `found` objects where the step wants `wanted`.
  case objectCount(found: Int, wanted: Int)
  /// A count of `found` where the step wants `wanted`.
  case count(found: Int, wanted: Int)
  /// As many objects as the step wants, but not the same ones.
  case otherObjects
  /// The objects the step wants, in another order.
  case order
  /// The result the step wants on this data, but by chance: on the same data with other
  /// objects added (the step's decoys), it differs from the answer's.
  case byChance

  /// The kinds of result a step can ask for.
  public enum ResultKind: Hashable, Sendable {
    /// The objects of a fetch.
    case objects
    /// The values of a fetch with `select`.
    case values
    /// A number, from `count`.
    case count
    /// Anything else: a report of an edit, `changes`, `explain`, `why`.
    case other

    /// The kind of a result.
    init(_ result: StatementResult) {
      switch result {
      case .objects(let found): self = found.ids.count == found.rows.count ? .objects : .values
      case .count: self = .count
      default: self = .other
      }
    }
  }
}
