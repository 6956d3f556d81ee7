import Foundation

extension ReservedFiles {
  /// The files of the Core Data SQLite store at `path`, which no output may be: the store,
  /// SQLite's write-ahead log, shared-memory index and rollback journal, bowq's lock file,
  /// and Core Data's external-data folder with everything in it — beside the path as given
  /// and beside the real file a link leads to, where SQLite keeps its files.
  public static func ofCoreDataStore(at path: String) -> ReservedFiles {
    beside(path) { path in
      let store = "the open store \(path)"
      let companions = [
        ("-wal", "write-ahead log"), ("-shm", "shared-memory index"),
        ("-journal", "rollback journal"),
      ]
      let support = CoreDataValueReader(storePath: path).externalDataFolder
        .deletingLastPathComponent().path
      let lock = FileLock.lockPath(for: path)
      return [Member(path: path, description: store)]
        + companions.map { suffix, what in
          Member(path: path + suffix, description: "\(path + suffix), the \(what) of \(store)")
        }
        + [
          Member(path: lock, description: "\(lock), the lock file of \(store)"),
          Member(
            path: support, description: "\(support), the external-data folder of \(store)",
            includesContents: true),
        ]
    }
  }
}
