/// Where `save` writes the graph.
public enum StoreDestination: Hashable, Sendable {
  /// A store file, written atomically on every save.
  case file(String)
  /// Nothing is written: saving validates and commits in memory only.
  case memory
}
