/// A store file opened by one session: the lock that keeps other bowq processes from
/// writing it while the session edits it, and the fingerprint of the version the session
/// holds.
///
/// Opened for writing, the handle takes no lock until the session's first edit or save
/// (``claim()``), so readers and other idle sessions open the store meanwhile, as sqlite3
/// and psql allow; from then on it holds the store's ``StoreLock`` until it is released.
/// Claiming refuses a store that changed since it was loaded, and every save checks the
/// file is still the version loaded or last saved (``StoreFingerprint``), so a store
/// another program changed is never silently overwritten. Opened read-only, it takes no
/// lock and refuses to save.
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

  /// Opens the store at `path` for writing, without its lock: the first edit or save takes
  /// it (``claim()``). Load it with ``load()``.
  ///
  /// - Throws: ``StoreError/unreadable(path:reason:)`` when the path names a directory, a
  ///   device, a FIFO or a socket, which no lock file is made beside.
  public init(openingForWriting path: String) throws {
    self.path = path
    self.access = .readWrite
    self.realPath = try StoreFile.resolve(path, saving: false).realPath
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

  /// Whether the session has claimed the store for editing (``claim()``).
  public private(set) var isClaimed = false

  /// Claims the store for the session's edits, before the first one: takes its lock, checks
  /// the file is still the version loaded (or, for a new store, that none was created), and
  /// removes temporary files that killed saves left behind. Claiming again does nothing; so
  /// does claiming through a read-only handle, whose edits stay in the session.
  ///
  /// A folder where the lock file cannot be created (read-only or missing) gives a claim
  /// without a lock: no save can write there either, and saving says why.
  ///
  /// - Throws: ``StoreError/locked(path:holder:)`` when another process has claimed the
  ///   store, by this path or another (a symbolic or hard link);
  ///   ``StoreError/changedSinceLoaded(path:loaded:found:)`` when another program changed
  ///   the file since the session loaded it, which the session must reopen to edit. The
  ///   store is not claimed then, and no lock is kept.
  public func claim() throws {
    guard access == .readWrite, !isClaimed else { return }
    let heldBefore = lock != nil
    try takeLock()
    let found: StoreFingerprint?
    do {
      found = try StoreFingerprint.current(at: realPath)
    } catch {
      if !heldBefore { lock = nil }
      throw StoreError(error, reading: path)
    }
    if let found, found != fingerprint {
      if !heldBefore { lock = nil }
      throw StoreError.changedSinceLoaded(path: path, loaded: fingerprint, found: found)
    }
    if lock != nil { StoreFile.removeAbandonedTemporaryFiles(of: realPath) }
    isClaimed = true
  }

  /// Gives the store's lock back, for a session with nothing left to save (as after
  /// creating a new store): other sessions may edit it then, and this one's next edit claims
  /// it again, refused if the file changed meanwhile.
  public func release() {
    lock = nil
    isClaimed = false
  }

  /// Loads the store and remembers the version loaded. Throws as
  /// ``StoreFile/load(from:)`` does; ``StoreError/fileNotFound(path:)`` means a new store.
  public func load() throws -> ObjectGraph {
    let (graph, fingerprint) = try StoreFile.loadVersion(from: path)
    self.fingerprint = fingerprint
    return graph
  }

  /// Opens the store file for reading its columns as they are needed (``OpenedStoreFile``)
  /// and remembers the version opened. Throws as ``StoreFile/load(from:)`` does for what the
  /// open checks (the layout); a damaged value is found when its column is read.
  func open() throws -> OpenedStoreFile {
    let file = try OpenedStoreFile(path: path)
    fingerprint = file.fingerprint
    return file
  }

  /// Reads every entity that decodes from a damaged store, as
  /// ``StoreFile/salvage(from:)`` does, for a read-only look.
  public func salvage() throws -> (graph: ObjectGraph, skipped: [StoreError]) {
    try StoreFile.salvage(from: path)
  }

  /// Saves `graph` atomically, unless the file changed on disk since the session loaded or
  /// last saved it; then remembers the version written. Takes the store's lock first, when
  /// the session has not claimed it yet.
  ///
  /// - Throws: ``StoreError/readOnly(path:)`` for a read-only handle;
  ///   ``StoreError/locked(path:holder:)`` when another process has claimed the store;
  ///   ``StoreError/changedOnDisk(path:loaded:found:)`` when another program changed the
  ///   file; ``StoreError/unwritable(path:reason:)`` when writing fails. Nothing is written
  ///   in each case.
  public func save(_ graph: ObjectGraph) throws {
    guard access == .readWrite else { throw StoreError.readOnly(path: path) }
    try takeLock()
    let written = try StoreFile.save(graph, to: path, ifUnchangedSince: fingerprint)
    fingerprint = written
    lock?.follow(realPath, written: written)
  }

  /// Takes the store's lock unless the handle holds it, naming the store as the session
  /// opened it; without ``claim()``'s check, which a save makes itself.
  private func takeLock() throws {
    guard lock == nil else { return }
    do {
      lock = try StoreLock.acquire(for: realPath)
    } catch .locked(_, let holder) {
      throw StoreError.locked(path: path, holder: holder)
    }
  }
}
