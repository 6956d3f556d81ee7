/// The lock that lets one bowq process at a time open a store for writing: the
/// ``FileLock`` of the real store file, `<store>.lock` beside it, which names its holder to
/// the next process (``StoreLockHolder``), and a lock on the store file itself, which keeps
/// out a process that opens it through a hard link.
public struct StoreLock: ~Copyable {
  private var lock: FileLock

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

  /// Moves the lock of the store file itself to the version a save wrote (see
  /// ``FileLock/follow(_:written:)``).
  mutating func follow(_ storePath: String, written: StoreFingerprint) {
    lock.follow(storePath, written: written)
  }
}

/// Who holds a store's lock, as its lock file says.
public typealias StoreLockHolder = LockHolder
