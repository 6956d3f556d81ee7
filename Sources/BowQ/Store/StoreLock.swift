/// The lock that lets one bowq process at a time open a store for writing: the
/// ``FileLock`` of the store file, `<store>.lock` beside it, which names its holder to the
/// next process (``StoreLockHolder``).
public struct StoreLock: ~Copyable {
  private let lock: FileLock

  private init(lock: consuming FileLock) {
    self.lock = lock
  }

  /// The lock file: the store's path with `.lock` appended.
  public var path: String { lock.path }

  /// The lock file of the store at `storePath`.
  public static func lockPath(for storePath: String) -> String {
    FileLock.lockPath(for: storePath)
  }

  /// Takes the lock of the store at `storePath`, without waiting, and writes `holder` into
  /// the lock file.
  ///
  /// - Returns: nil when the lock file cannot be created or locked (a read-only or missing
  ///   folder, a file system without locks): no save can create a file there either, so
  ///   there is nothing to keep out; a save reports why it fails.
  /// - Throws: ``StoreError/locked(path:holder:)`` when another process holds the lock.
  public static func acquire(
    for storePath: String, holder: StoreLockHolder = .current
  ) throws(StoreError) -> StoreLock? {
    do {
      switch try FileLock.acquire(for: storePath, holder: holder) {
      case .some(let lock): return StoreLock(lock: lock)
      case .none: return nil
      }
    } catch {
      throw StoreError(error, reading: storePath)
    }
  }
}

/// Who holds a store's lock, as its lock file says.
public typealias StoreLockHolder = LockHolder
