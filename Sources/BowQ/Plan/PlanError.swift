/// A plan the executor cannot run: a mistake of bowq's planning, never of the statement.
enum PlanError: Error, CustomStringConvertible {
  /// A step reads an external source, and the executor was given none.
  case noExternalSource

  var description: String {
    switch self {
    case .noExternalSource:
      return "internal error: the plan reads an external source, and the executor has none"
    }
  }
}
