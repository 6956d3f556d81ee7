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
  ///   (``StoreError/externalDataUnreadable(entity:attribute:key:path:problem:)``).
  public static func load(from path: String) throws -> ObjectGraph {
    try loadVersion(from: path).graph
  }

  /// Loads the graph stored at `path`, with the fingerprint of the file it came from,
  /// taken before reading. Throws as ``load(from:)`` does.
  static func loadVersion(from path: String) throws -> (
    graph: ObjectGraph, fingerprint: StoreFingerprint
  ) {
    let (data, fingerprint, mapping) = try contents(of: path, mappingLargeFiles: true)
    do {
      return (
        try StoreDecoder.decode(
          data, externalData: ExternalDataFolder(store: path),
          releaseInput: mapping?.releaseResidentPages),
        fingerprint
      )
    } catch let error as PropertyListError {
      throw StoreError.corrupt(path: path, error)
    } catch let error as StoreError {
      throw StoreError.invalidFile(path: path, error)
    }
  }

  /// Reads what can be read from a damaged store: every entity whose objects decode (see
  /// ``StoreSalvage``), and the error of each entity left out, for a read-only look. An
  /// entity with a value whose external file is missing or damaged is left out with that
  /// error.
  ///
  /// - Throws: as ``load(from:)`` does, when not even the model can be read: the file is
  ///   missing or unreadable, not a valid binary property list, or not a store.
  public static func salvage(from path: String) throws -> (
    graph: ObjectGraph, skipped: [StoreError]
  ) {
    let plist = try propertyList(contents(of: path).data, path: path)
    do {
      return try StoreSalvage.decode(plist, externalData: ExternalDataFolder(store: path))
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
  /// folder (created exclusively, mode 0644, or the mode of the file it replaces), flushed
  /// with `fsync`, renamed over `path`, and the folder is flushed so the rename itself
  /// survives a crash. Readers see either the old file or the new one, never a mix. On
  /// failure the temporary file is removed, the old file is untouched, and
  /// ``StoreError/unwritable(path:reason:)`` names the step and the system's message (a
  /// missing or read-only folder, a full disk). After a successful save, temporary files
  /// that killed processes left beside the store are removed
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
    removeAbandonedTemporaryFiles(in: parentFolder(of: path), prefix: temporaryPrefix(for: path))
    removeAbandonedTemporaryFiles(
      in: ExternalDataFolder(store: path).path, prefix: ExternalDataFolder.temporaryPrefix)
  }

  /// Removes the files `<prefix><pid>-<n>` in `folder` whose process no longer runs.
  private static func removeAbandonedTemporaryFiles(in folder: String, prefix: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    let isNumber = { (part: Substring) in
      !part.isEmpty
        && part.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
    for name in names where name.hasPrefix(prefix) {
      let parts = name.dropFirst(prefix.count).split(
        separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy(isNumber), let pid = pid_t(parts[0]), pid > 0
      else { continue }
      let running = pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
      if !running { unlink("\(folder)/\(name)") }
    }
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
    let data: Data
    let externalValues: [String: Data]
    do {
      (data, externalValues) = try StoreCodec.encodeFile(graph)
    } catch let error as PropertyListError {
      throw StoreError.unwritable(path: path, reason: error.description)
    }
    let mode = fileMode(of: path)
    let externalData = ExternalDataFolder(store: path)
    try externalData.write(externalValues, mode: mode)
    let folder = parentFolder(of: path)
    let (temporary, written) = try writeTemporaryFile(
      data, prefix: temporaryPrefix(for: path), in: folder, mode: mode, savingTo: path)
    do {
      if case .unchanged(let loaded) = expecting,
        let found = try StoreFingerprint.current(at: path),
        found != loaded
      {
        throw StoreError.changedOnDisk(path: path, loaded: loaded, found: found)
      }
      if rename(temporary, path) != 0 {
        throw StoreError.unwritable(
          path: path, reason: "cannot replace the file with the new version: \(systemMessage())")
      }
    } catch {
      unlink(temporary)
      throw error
    }
    removeAbandonedTemporaryFiles(of: path)
    try flushFolder(folder, path: path, saved: true)
    externalData.removeFiles(except: Set(externalValues.keys))
    return written
  }

  // MARK: Reading

  private static func propertyList(_ data: Data, path: String) throws -> PropertyList {
    do {
      return try BinaryPropertyListReader.decode(data)
    } catch let error as PropertyListError {
      throw StoreError.corrupt(path: path, error)
    }
  }

  /// The bytes of the file at `path`, and its fingerprint taken before reading them (so a
  /// change made while reading shows as a change at the next save). A large file is mapped rather than read when `mappingLargeFiles` is set and the system allows
  /// (see ``LeasedFileMapping``); the mapping is returned too, and lives as long as the
  /// bytes do.
  private static func contents(of path: String, mappingLargeFiles: Bool = false) throws -> (
    data: Data, fingerprint: StoreFingerprint, mapping: LeasedFileMapping?
  ) {
    let fd = retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else {
      if errno == ENOENT { throw StoreError.fileNotFound(path: path) }
      throw StoreError.unreadable(path: path, reason: systemMessage())
    }
    defer { close(fd) }
    guard let fingerprint = StoreFingerprint.of(descriptor: fd) else {
      throw StoreError.unreadable(path: path, reason: systemMessage())
    }
    if mappingLargeFiles, let mapping = LeasedFileMapping.map(fd, size: Int(fingerprint.size)) {
      return (mapping.data, fingerprint, mapping)
    }
    // Read straight into the buffer the decoder uses: a store can be hundreds of megabytes,
    // and a second copy would double the peak memory of opening it. One byte more than the
    // size shows the end without a second read when the file did not grow meanwhile.
    var bytes = Data(count: max(Int(fingerprint.size), 0) + 1)
    var length = 0
    while true {
      if length == bytes.count { bytes.count += max(bytes.count, 1 << 20) }
      let count = bytes.withUnsafeMutableBytes { buffer in
        let free = UnsafeMutableRawBufferPointer(rebasing: buffer[length...])
        return retryingInterrupts { read(fd, free.baseAddress, free.count) }
      }
      if count < 0 { throw StoreError.unreadable(path: path, reason: systemMessage()) }
      if count == 0 {
        bytes.count = length
        return (bytes, fingerprint, nil)
      }
      length += count
    }
  }

  // MARK: Writing

  /// The folder holding `path`: `.` for a bare name.
  static func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of `path`: the store file's name.
  static func fileName(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? "store"
  }

  /// The start of the names of the store's temporary files: `.<name>.tmp-`.
  private static func temporaryPrefix(for path: String) -> String {
    ".\(fileName(of: path)).tmp-"
  }

  /// The mode of a new version of the store at `path`: the mode of the file it replaces, or
  /// 0644.
  private static func fileMode(of path: String) -> mode_t {
    var existing = stat()
    if stat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
      return existing.st_mode & 0o777
    }
    return 0o644
  }

  /// Writes `data` to a new temporary file `<folder>/<prefix><pid>-<n>` of `mode`, flushes it
  /// with `fsync` and closes it, for a save of the store at `path`: the file's path, for the
  /// caller to rename, and its fingerprint. On failure the file is removed and
  /// ``StoreError/unwritable(path:reason:)`` names the step.
  static func writeTemporaryFile(
    _ data: Data, prefix: String, in folder: String, mode: mode_t, savingTo path: String
  ) throws -> (path: String, fingerprint: StoreFingerprint) {
    let (fd, temporary) = try createTemporaryFile(prefix: prefix, in: folder, mode: mode, for: path)
    let written: StoreFingerprint
    do {
      do {
        try writeAll(data, to: fd, path: path)
        if retryingInterrupts({ fsync(fd) }) != 0 {
          throw StoreError.unwritable(
            path: path, reason: "cannot flush the temporary file: \(systemMessage())")
        }
        guard let fingerprint = StoreFingerprint.of(descriptor: fd) else {
          throw StoreError.unwritable(
            path: path, reason: "cannot examine the temporary file: \(systemMessage())")
        }
        written = fingerprint
      } catch {
        close(fd)
        throw error
      }
      if close(fd) != 0, errno != EINTR {
        throw StoreError.unwritable(
          path: path, reason: "cannot close the temporary file: \(systemMessage())")
      }
    } catch {
      unlink(temporary)
      throw error
    }
    return (temporary, written)
  }

  /// Creates `<folder>/<prefix><pid>-<n>` with `O_CREAT | O_EXCL` and `mode`, with the first
  /// `n` from 0 that is free.
  private static func createTemporaryFile(
    prefix name: String, in folder: String, mode: mode_t, for path: String
  ) throws -> (Int32, String) {
    let prefix = "\(folder)/\(name)\(getpid())-"
    var n = 0
    while true {
      let temporary = prefix + String(n)
      let fd = retryingInterrupts {
        open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      }
      if fd >= 0 {
        fchmod(fd, mode)
        return (fd, temporary)
      }
      if errno != EEXIST {
        throw StoreError.unwritable(
          path: path, reason: "cannot create a temporary file in \(folder): \(systemMessage())")
      }
      n += 1
    }
  }

  private static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = retryingInterrupts {
          write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if written < 0 {
          throw StoreError.unwritable(path: path, reason: "cannot write: \(systemMessage())")
        }
        offset += written
      }
    }
  }

  /// Flushes the folder's entries (a renamed or new file) for a save of the store at `path`;
  /// folders that cannot be flushed (some file systems answer EINVAL) are left as they are.
  /// `saved`: the store file is already replaced, which the error then says.
  static func flushFolder(_ folder: String, path: String, saved: Bool) throws {
    let already = saved ? "saved, but " : ""
    let fd = retryingInterrupts { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else {
      throw StoreError.unwritable(
        path: path, reason: "\(already)cannot open \(folder) to flush it: \(systemMessage())")
    }
    defer { close(fd) }
    if retryingInterrupts({ fsync(fd) }) != 0, errno != EINVAL {
      throw StoreError.unwritable(
        path: path, reason: "\(already)cannot flush \(folder): \(systemMessage())")
    }
  }

  // MARK: System calls

  /// Repeats a call that failed with EINTR.
  static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  static func systemMessage() -> String {
    String(cString: strerror(errno))
  }
}
