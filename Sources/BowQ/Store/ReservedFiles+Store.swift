extension ReservedFiles {
  /// The files of the bowq store at `path`, which no output may be: the store, its lock file,
  /// the temporary files its saves write beside it, and its external-data folder
  /// (``ExternalDataFolder``) with everything in it — beside the path as given and beside
  /// the real file a link leads to.
  public static func ofStore(at path: String) -> ReservedFiles {
    beside(path) { path in
      let store = "the open store \(path)"
      let lock = StoreLock.lockPath(for: path)
      let support = ExternalDataFolder(store: path).supportPath
      return [
        Member(path: path, description: store),
        Member(path: lock, description: "\(lock), the lock file of \(store)"),
        Member(
          folder: AtomicFile.folder(of: path),
          name: .startingWith(StoreFile.temporaryPrefix(for: path)),
          description: "a temporary file of a save of \(store)"),
        Member(
          path: support, description: "\(support), the external-data folder of \(store)",
          includesContents: true),
      ]
    }
  }
}
