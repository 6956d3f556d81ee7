import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes store files: a ``StoreCodec`` layout in a binary property list.
public enum StoreFile {
  /// Loads the graph stored at `path`.
  ///
  /// - Throws: ``StoreError/fileNotFound(path:)`` when there is no file (the caller then
  ///   creates a new store); ``StoreError/unreadable(path:reason:)`` when it cannot be read;
  ///   ``StoreError/corrupt(path:_:)`` with the byte offset when it is not a valid binary
  ///   property list (XML and JSON are not accepted as stores); and
  ///   ``StoreError/invalidFile(path:_:)`` when its layout or values are invalid, or when a
  ///   value kept in its ``ExternalDataFolder`` is missing or damaged
  ///   (``StoreError/externalDataUnreadable(entity:attribute:key:path:problem:)``);
  ///   ``StoreError/changedWhileOpen(path:loaded:found:)`` when another program changed it
  ///   between the check of its layout and the reading of its values
  ///   (``OpenedStoreFile``).
  public static func load(from path: String) throws -> ObjectGraph {
    try loadVersion(from: path).graph
  }

  /// Loads the graph stored at `path`, with the fingerprint of the file it came from,
  /// taken before reading. Throws as ``load(from:)`` does.
  static func loadVersion(from path: String) throws -> (
    graph: ObjectGraph, fingerprint: StoreFingerprint
  ) {
    let store = try OpenedStoreFile(path: path)
    return (try store.decodeGraph(), store.fingerprint)
  }

  /// Reads what can be read from a damaged store: every entity whose objects decode (see
  /// ``StoreSalvage``), and the error of each entity left out, for a read-only look. An
  /// entity with a value whose external file is missing or damaged is left out with that
  /// error. A store that loads is read as loading reads it; only a damaged one is read as a
  /// property-list tree, which is refused when its shared references expand past
  /// ``PropertyListExpansion/budget(forLength:)``.
  ///
  /// - Throws: as ``load(from:)`` does, when not even the model can be read: the file is
  ///   missing or unreadable, not a valid binary property list, or not a store.
  public static func salvage(from path: String) throws -> (
    graph: ObjectGraph, skipped: [StoreError]
  ) {
    let real = try resolve(path, saving: false).realPath
    // Mapped and released as it is decoded, as a writer's open reads it: read whole, a
    // large store took its size in memory again and was slower to open read-only.
    let file = try contents(of: path, at: real, mappingLargeFiles: true)
    let externalData = ExternalDataFolder(store: real)
    if let graph = try? StoreDecoder.decode(
      file.data, externalData: externalData, releaseInput: file.mapping?.releaseResidentPages)
    {
      return (graph, [])
    }
    let plist = try propertyList(file.data, path: path)
    do {
      return try StoreSalvage.decode(plist, externalData: externalData)
    } catch let error as StoreError {
      throw StoreError.invalidFile(path: path, error)
    }
  }

  /// Saves `graph` to `path`, atomically and durably, whatever is there now.
  ///
  /// Values of `external` attributes of at least ``StoreCodec/externalDataThreshold`` bytes
  /// go to files in the store's ``ExternalDataFolder`` first (each flushed, renamed into
  /// place and its folder flushed, and only those not there already); a failure there
  /// leaves the store file untouched. Once the store file's rename is durable, the files it
  /// no longer refers to are removed.
  ///
  /// The store is written to a new temporary file `.<name>.tmp-<pid>-<n>` in the same
  /// folder (created exclusively, mode 0644, or the mode and, where the process may, the
  /// owner of the file it replaces), flushed with `fsync`, renamed over `path`, and the
  /// folder is flushed so the rename itself survives a crash. Readers see either the old
  /// file or the new one, never a mix. A `path` that is a symbolic link is followed: the
  /// real file is replaced beside itself, and the link stays. A directory, device, FIFO or
  /// socket is refused (``ResolvedPath``). On failure the temporary file is removed, the
  /// old file is untouched, and ``StoreError/unwritable(path:reason:)`` names the step and
  /// the system's message (a missing or read-only folder, a full disk). After a successful
  /// save, temporary files that killed processes left beside the store are removed
  /// (``removeAbandonedTemporaryFiles(of:)``).
  ///
  /// - Returns: the fingerprint of the file written.
  @discardableResult
  public static func save(_ graph: ObjectGraph, to path: String) throws -> StoreFingerprint {
    try save(graph, to: path, expecting: .anything)
  }

  /// Saves `graph` to `path` as ``save(_:to:)`` does, unless another program changed the
  /// file since the session loaded or last saved it.
  ///
  /// - Parameter loaded: the fingerprint the session holds; nil when it started a new store
  ///   and expects no file. The file is compared just before the rename; when it is gone
  ///   (moved aside, or its folder removed), the save goes ahead, since nothing would be
  ///   overwritten.
  /// - Returns: the fingerprint of the file written, for the next save.
  /// - Throws: ``StoreError/changedOnDisk(path:loaded:found:)`` when the file differs;
  ///   nothing is written.
  @discardableResult
  public static func save(
    _ graph: ObjectGraph, to path: String, ifUnchangedSince loaded: StoreFingerprint?
  ) throws -> StoreFingerprint {
    try save(graph, to: path, expecting: .unchanged(since: loaded))
  }

  /// Removes the temporary files `.<name>.tmp-<pid>-<n>` that saves of the store at `path`
  /// left behind when their process was killed, and those they left in its
  /// ``ExternalDataFolder``, leaving those of processes still running. Best effort: a file
  /// that cannot be removed stays for a later attempt.
  public static func removeAbandonedTemporaryFiles(of path: String) {
    let path = (try? ResolvedPath(path).realPath) ?? path
    AtomicFile.removeAbandonedTemporaryFiles(
      in: AtomicFile.folder(of: path), prefix: temporaryPrefix(for: path))
    AtomicFile.removeAbandonedTemporaryFiles(
      in: ExternalDataFolder(store: path).path, prefix: ExternalDataFolder.temporaryPrefix)
  }

  /// What a save expects to find at the store's path just before replacing it.
  private enum Expectation {
    /// Any file, or none: the save replaces whatever is there.
    case anything
    /// The file of this fingerprint (nil: no file), or no file at all.
    case unchanged(since: StoreFingerprint?)
  }

  /// Saves in three steps, so that a crash at any point leaves a store whose external files
  /// all exist: the values kept apart that are not on disk yet are written to the
  /// ``ExternalDataFolder``; then the store file; and once its rename is durable, the files
  /// it no longer refers to are removed.
  private static func save(
    _ graph: ObjectGraph, to path: String, expecting: Expectation
  ) throws -> StoreFingerprint {
    let target = try resolve(path, saving: true)
    let real = target.realPath
    let externalData = ExternalDataFolder(store: real)
    let folder = AtomicFile.folder(of: real)
    let file: (descriptor: Int32, path: String)
    do {
      file = try AtomicFile.createTemporaryFile(
        prefix: temporaryPrefix(for: real), in: folder, mode: target.mode, owner: target.owner)
    } catch {
      throw StoreError(error, saving: path)
    }
    // The store file is written as it is made; the values kept apart go to their files
    // before it is flushed and renamed into place.
    let externalValues: [String: Data]
    do {
      do {
        externalValues = try StoreCodec.encodeFile(graph, writingTo: file.descriptor)
      } catch let error as PropertyListError {
        throw StoreError.unwritable(path: path, reason: error.description)
      } catch let failure as ByteOutput.WriteFailure {
        throw StoreError(
          FileError.failed(path: file.path, step: "cannot write", reason: failure.reason),
          saving: path)
      }
      try externalData.write(externalValues, mode: target.mode, owner: target.owner)
    } catch {
      close(file.descriptor)
      unlink(file.path)
      throw error
    }
    let temporary: AtomicFile.TemporaryFile
    do {
      temporary = try AtomicFile.finishTemporaryFile(file.descriptor, at: file.path)
    } catch {
      throw StoreError(error, saving: path)
    }
    if case .unchanged(let loaded) = expecting {
      let found: StoreFingerprint?
      do {
        found = try StoreFingerprint.current(at: real)
      } catch {
        unlink(temporary.path)
        throw StoreError(error, reading: path)
      }
      if let found, found != loaded {
        unlink(temporary.path)
        throw StoreError.changedOnDisk(path: path, loaded: loaded, found: found)
      }
    }
    let written: StoreFingerprint
    do {
      written = try AtomicFile.replace(real, with: temporary)
    } catch {
      throw StoreError(error, saving: path)
    }
    removeAbandonedTemporaryFiles(of: real)
    do {
      try AtomicFile.flushFolder(folder)
    } catch {
      throw StoreError.unwritable(path: path, reason: "saved, but \(error.reason)")
    }
    externalData.removeFiles(except: Set(externalValues.keys))
    return written
  }

  /// The file the store path `path` leads to (see ``ResolvedPath``): a regular file or none,
  /// a symbolic link followed, so that the store is saved beside its real file and the link
  /// stays a link. The errors name `path`, as reading or saving it.
  static func resolve(_ path: String, saving: Bool) throws(StoreError) -> ResolvedPath {
    do {
      return try ResolvedPath(path)
    } catch {
      throw saving ? StoreError(error, saving: path) : StoreError(error, reading: path)
    }
  }

  // MARK: Reading

  /// The tree of a store file, for salvage, which walks it in full: refused when its shared
  /// references expand past ``PropertyListExpansion/budget(forLength:)``.
  private static func propertyList(_ data: Data, path: String) throws -> PropertyList {
    do {
      let plist = try BinaryPropertyListReader.decode(data)
      try PropertyListExpansion.check(
        plist, budget: PropertyListExpansion.budget(forLength: data.count))
      return plist
    } catch let error as PropertyListError {
      throw StoreError.corrupt(path: path, error)
    }
  }

  /// The bytes of the store file `path` leads to, `real`, as ``FileContents`` reads them;
  /// the errors name `path`.
  private static func contents(
    of path: String, at real: String, mappingLargeFiles: Bool = false
  ) throws(StoreError) -> FileContents {
    do {
      return try FileContents(reading: real, mappingLargeFiles: mappingLargeFiles)
    } catch {
      throw StoreError(error, reading: path)
    }
  }

  // MARK: Writing

  /// The last component of `path`: the store file's name.
  static func fileName(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? "store"
  }

  /// The start of the names of the store's temporary files: `.<name>.tmp-`.
  static func temporaryPrefix(for path: String) -> String {
    ".\(fileName(of: path)).tmp-"
  }
}
