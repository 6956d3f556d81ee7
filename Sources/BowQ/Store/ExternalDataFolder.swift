import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder beside a store file that holds the values its columns keep apart
/// (``ExternalDataReference``): for `ties.bowq`, `.ties.bowq_SUPPORT/_EXTERNAL_DATA/`, one
/// file per distinct value, named by the SHA-256 of its bytes. The store and this folder are
/// one unit: a save writes both (``StoreFile/save(_:to:)``), and a load reads both.
///
/// Core Data names the folder after the store without its extension (`.ties_SUPPORT`). bowq
/// keeps the whole name, as its temporary and lock files do: two stores that differ only in
/// their extension (`ties.bowq` and a copy `ties.backup`) would otherwise share one folder,
/// and a save of either would remove the files only the other refers to.
struct ExternalDataFolder {
  /// The store file.
  let storePath: String
  /// `.<name>_SUPPORT`, beside the store file.
  let supportPath: String
  /// `_EXTERNAL_DATA`, in the support folder.
  let path: String

  /// The start of the names of the temporary files a save writes in the folder before
  /// renaming them: `.tmp-<pid>-<n>`.
  static let temporaryPrefix = ".tmp-"

  /// The folder of the store file at `path`.
  init(store path: String) {
    storePath = path
    let support = ".\(StoreFile.fileName(of: path))_SUPPORT"
    supportPath = path.contains("/") ? "\(AtomicFile.folder(of: path))/\(support)" : support
    self.path = supportPath + "/_EXTERNAL_DATA"
  }

  /// The file of the value whose SHA-256 is `hash`.
  func filePath(_ hash: String) -> String {
    "\(path)/\(hash)"
  }

  /// Why the file of a value cannot be read; the message completes "the external data file
  /// PATH …".
  struct Problem: Error {
    var message: String
  }

  // MARK: Reading

  /// The bytes of the file `reference` names, checked: a regular file of the reference's
  /// length whose SHA-256 is its name. Hashing costs time on every load (a few milliseconds
  /// a megabyte), and buys that a damaged or replaced file is reported rather than loaded
  /// and saved again under a new name as if it were the value.
  func bytes(of reference: ExternalDataReference) throws -> Data {
    let fd = SystemCall.retryingInterrupts {
      open(filePath(reference.hash), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    }
    guard fd >= 0 else {
      if errno == ENOENT { throw Problem(message: "is missing") }
      throw Problem(message: "cannot be read: \(SystemCall.message())")
    }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      throw Problem(message: "cannot be read: \(SystemCall.message())")
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw Problem(message: "is not a regular file")
    }
    guard status.st_size == reference.length else {
      throw Problem(
        message: "is \(status.st_size) bytes long, but the store's value is \(reference.length) "
          + "bytes (the file was cut short or changed)")
    }
    var data = Data(count: reference.length)
    try data.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = SystemCall.retryingInterrupts {
          read(fd, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if count < 0 { throw Problem(message: "cannot be read: \(SystemCall.message())") }
        if count == 0 {
          throw Problem(message: "ended after \(offset) of its \(reference.length) bytes")
        }
        offset += count
      }
    }
    guard data.withUnsafeBytes({ SHA256.hexDigest($0) }) == reference.hash else {
      throw Problem(
        message: "does not hold the value it is named after (its SHA-256 differs: the file was "
          + "changed or damaged)")
    }
    return data
  }

  // MARK: Saving

  /// The first step of a save: writes each of `values` (bytes by their SHA-256) that the
  /// folder does not hold yet, making the folders as needed, so that every file the new
  /// store will refer to exists before it does. Each file is written under a temporary
  /// name, flushed, and renamed to its hash; the folder is then flushed. A value already
  /// there (a file of its name and length) is not written again.
  ///
  /// - Parameters:
  ///   - mode: the store file's mode, which the files take; the folders take it too, with
  ///     search permission wherever it grants reading.
  ///   - owner: the store file's owner, which the files and folders keep where the process
  ///     may (nil for a new store).
  /// - Throws: ``StoreError/unwritable(path:reason:)`` for the store, saying this step
  ///   failed; the store file is untouched. Files written before the failure stay until a
  ///   save removes them.
  func write(_ values: [String: Data], mode: mode_t, owner: AtomicFile.Owner?) throws {
    if values.isEmpty { return }
    do {
      let folderMode = mode | (mode & 0o444) >> 2
      try makeFolder(supportPath, mode: folderMode, owner: owner)
      try makeFolder(path, mode: folderMode, owner: owner)
      var wrote = false
      for (hash, data) in values.sorted(by: { $0.key < $1.key })
      where !holds(hash, length: data.count) {
        let temporary = try writeTemporaryFile(data, mode: mode, owner: owner)
        if rename(temporary, filePath(hash)) != 0 {
          let message = SystemCall.message()
          unlink(temporary)
          throw StoreError.unwritable(
            path: storePath, reason: "cannot rename \(temporary) to \(hash): \(message)")
        }
        wrote = true
      }
      if wrote { try flushFolder(path) }
    } catch StoreError.unwritable(_, let reason) {
      throw StoreError.unwritable(
        path: storePath,
        reason: "cannot write the external data files (nothing was saved): \(reason)")
    }
  }

  /// The last step of a save, once the new store file is durable: removes the files it does
  /// not refer to, and the folders when it refers to none. Best effort: a file that cannot
  /// be removed stays until a later save removes it, and only regular files are
  /// (``FileRemoval``). Other names (temporary files, which
  /// ``StoreFile/removeAbandonedTemporaryFiles(of:)`` removes, and anything not named as
  /// bowq names files) are left alone.
  func removeFiles(except referenced: Set<String>) {
    guard Self.isFolder(supportPath), Self.isFolder(path),
      let names = try? FileManager.default.contentsOfDirectory(atPath: path)
    else { return }
    for name in names where ExternalDataReference.isHash(name) && !referenced.contains(name) {
      _ = try? FileRemoval.removeRegularFile(at: filePath(name))
    }
    if referenced.isEmpty {
      rmdir(path)
      rmdir(supportPath)
    }
  }

  /// Whether `folder` is a folder itself, not a symbolic link to one.
  private static func isFolder(_ folder: String) -> Bool {
    var status = stat()
    return lstat(folder, &status) == 0 && FileKind(mode: status.st_mode) == .directory
  }

  /// Whether the folder has the file `hash` with `length` bytes.
  private func holds(_ hash: String, length: Int) -> Bool {
    var status = stat()
    return stat(filePath(hash), &status) == 0 && status.st_mode & S_IFMT == S_IFREG
      && status.st_size == length
  }

  /// Writes `data` to a new temporary file of `mode` in the folder, flushed: its path.
  private func writeTemporaryFile(_ data: Data, mode: mode_t, owner: AtomicFile.Owner?)
    throws(StoreError) -> String
  {
    do {
      return try AtomicFile.writeTemporaryFile(
        data, prefix: Self.temporaryPrefix, in: path, mode: mode, owner: owner
      ).path
    } catch {
      throw StoreError(error, saving: storePath)
    }
  }

  /// Flushes `folder`'s entries, as ``AtomicFile/flushFolder(_:)`` does.
  private func flushFolder(_ folder: String) throws(StoreError) {
    do {
      try AtomicFile.flushFolder(folder)
    } catch {
      throw StoreError(error, saving: storePath)
    }
  }

  /// Makes the folder at `folder` of `mode` and `owner` when it is missing, and flushes its
  /// parent so that it survives a crash. A folder already there must be one: a symbolic link
  /// or another file of its name is refused rather than written through.
  private func makeFolder(_ folder: String, mode: mode_t, owner: AtomicFile.Owner?) throws {
    if mkdir(folder, mode) == 0 {
      let fd = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if fd >= 0 {
        AtomicFile.give(fd, mode: mode, owner: owner)
        close(fd)
      }
      try flushFolder(AtomicFile.folder(of: folder))
    } else if errno != EEXIST {
      throw StoreError.unwritable(
        path: storePath, reason: "cannot create the folder \(folder): \(SystemCall.message())")
    } else if !Self.isFolder(folder) {
      var status = stat()
      lstat(folder, &status)
      throw StoreError.unwritable(
        path: storePath,
        reason: "cannot use the folder \(folder): \(FileKind(mode: status.st_mode).refusal)")
    }
  }
}
