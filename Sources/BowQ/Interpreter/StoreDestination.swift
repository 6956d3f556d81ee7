/// Where `save` writes the graph.
public enum StoreDestination {
  /// A store file opened by the session, written atomically on every save (or never, when
  /// it was opened read-only).
  case file(StoreHandle)
  /// Nothing is written: saving validates and commits in memory only.
  case memory
  /// A Core Data SQLite store, read in place: saving writes back into it only with
  /// `--write-core-data` (``Interpreter/writesCoreData``) and is refused otherwise. Its
  /// objects are named as any store's are (`Book/p2`); `show` and `why` also take Core
  /// Data's URIs of them (``CoreDataStore/uri(of:storeUUID:)``).
  case coreData(path: String, uuid: String)
}
