/// What running a statement produced, for the shell to render.
public enum StatementResult: Hashable, Sendable {
  /// The objects a `fetch` found.
  case objects(ResultSet)
  /// The number a `count` found.
  case count(entity: String, Int)
  /// The pending changes, for `changes`.
  case changes([Change])
  /// A report of what a statement did: `Updated 2 BowTie objects.`
  case message(String)
  /// How a statement would run, for `explain`.
  case explanation([String])
}
