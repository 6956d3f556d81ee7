import Foundation

/// A statement being run, bound, with what its handler may need besides: the binder that
/// bound it (for `explain` and `why`, which bind or fold again), the time it runs at, the
/// entity of the selection it acts on.
struct StatementRun {
  let statement: Statement
  let bound: BoundStatement
  let binder: Binder
  let now: Date
  /// The entity of the last fetch's objects, which `set` changes; nil without one.
  let selectedEntity: Entity?

  var range: SourceRange { statement.range }
}
