/// Where `save` writes the graph.
public enum StoreDestination {
  /// A store file opened by the session, written atomically on every save (or never, when
  /// it was opened read-only).
  case file(StoreHandle)
  /// Nothing is written: saving validates and commits in memory only.
  case memory
}
