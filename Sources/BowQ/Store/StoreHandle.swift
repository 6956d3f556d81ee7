/// A store file opened by one session: the lock that keeps other bowq processes from
/// writing it, and the fingerprint of the version the session holds.
///
/// Opened for writing, the handle holds the store's ``StoreLock`` until it is released, and
/// every save checks the file is still the version loaded or last saved
/// (``StoreFingerprint``), so a store another program changed is never silently
/// overwritten. Opened read-only, it takes no lock and refuses to save.
///
/// A class because it owns the lock: the lock is released when the handle is.
public final class StoreHandle {
  /// How a handle may use its store.
  public enum Access: Hashable, Sendable {
    /// The session may save; it holds the lock when the folder allows one.
    case readWrite
    /// `--read-only`: the session looks but never saves.
    case readOnly
  }

  /// The store file.
  public let path: String
  public let access: Access
  /// The version of the file the session holds, from its last load or save; nil before a
  /// load, or when there was no file.
  public private(set) var fingerprint: StoreFingerprint?
  /// The file the path leads to when the store was opened (``ResolvedPath``): the store's
  /// lock is taken there, so a symbolic link to the store and its real path meet one lock.
  private let realPath: String
  private var lock: StoreLock?

  /// Opens the store at `path` for writing: takes its lock and removes temporary files
  /// that killed saves left behind. Load it with ``load()``.
  ///
  /// A folder where the lock file cannot be created (read-only or missing) gives a handle
  /// without a lock: no save can write there either, and saving says why.
  ///
  /// - Throws: ``StoreError/locked(path:holder:)`` when another process has the store
  ///   open for writing, by this path or another (a symbolic or hard link);
  ///   ``StoreError/unreadable(path:reason:)`` when the path names a directory, a device, a
  ///   FIFO or a socket, which no lock file is made beside.
  public init(openingForWriting path: String) throws {
    self.path = path
    self.access = .readWrite
    let realPath = try StoreFile.resolve(path, saving: false).realPath
    self.realPath = realPath
    do {
      self.lock = try StoreLock.acquire(for: realPath)
    } catch .locked(_, let holder) {
      throw StoreError.locked(path: path, holder: holder)
    }
    if lock != nil { StoreFile.removeAbandonedTemporaryFiles(of: realPath) }
  }

  /// Opens the store at `path` read-only: no lock, and every save throws
  /// ``StoreError/readOnly(path:)``. Read it with ``salvage()`` or ``load()``.
  public init(openingReadOnly path: String) {
    self.path = path
    self.access = .readOnly
    self.realPath = path
    self.lock = nil
  }

  /// Whether the handle holds the store's lock.
  public var isLocked: Bool { lock != nil }

  /// Loads the store and remembers the version loaded. Throws as
  /// ``StoreFile/load(from:)`` does; ``StoreError/fileNotFound(path:)`` means a new store.
  public func load() throws -> ObjectGraph {
    let (graph, fingerprint) = try StoreFile.loadVersion(from: path)
    self.fingerprint = fingerprint
    return graph
  }

  /// Reads every entity that decodes from a damaged store, as
  /// ``StoreFile/salvage(from:)`` does, for a read-only look.
  public func salvage() throws -> (graph: ObjectGraph, skipped: [StoreError]) {
    try StoreFile.salvage(from: path)
  }

  /// Saves `graph` atomically, unless the file changed on disk since the session loaded or
  /// last saved it; then remembers the version written.
  ///
  /// - Throws: ``StoreError/readOnly(path:)`` for a read-only handle;
  ///   ``StoreError/changedOnDisk(path:loaded:found:)`` when another program changed the
  ///   file; ``StoreError/unwritable(path:reason:)`` when writing fails. Nothing is written
  ///   in each case.
  public func save(_ graph: ObjectGraph) throws {
    guard access == .readWrite else { throw StoreError.readOnly(path: path) }
    let written = try StoreFile.save(graph, to: path, ifUnchangedSince: fingerprint)
    fingerprint = written
    lock?.follow(realPath, written: written)
  }
}
