import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replacing a file atomically and durably: the new version is written to a temporary file
/// in the same folder (created exclusively), flushed with `fsync`, renamed over the file,
/// and the folder is flushed so the rename itself survives a crash. Readers see either the
/// old file or the new one, never a mix.
///
/// The steps are apart, so a caller can check the file it replaces between writing the
/// temporary file and renaming it (see ``FileFingerprint``).
enum AtomicFile {
  /// A new version of a file, written and flushed under a temporary name, not yet renamed
  /// into place.
  struct TemporaryFile {
    /// `<folder>/<prefix><pid>-<n>`.
    var path: String
    /// The fingerprint of the file written; it keeps it once renamed.
    var fingerprint: FileFingerprint
  }

  /// The folder holding `path`: `.` for a bare name.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The user and group that own a file, which a new version of it keeps.
  struct Owner: Hashable, Sendable {
    var user: uid_t
    var group: gid_t
  }

  /// Replaces the file `path` leads to with `data`: a regular file, or a new one (a symbolic
  /// link is followed, and stays a link to the new version). The new version keeps the mode
  /// and, where the process may change it, the owner of the one it replaces; a new file gets
  /// mode 0644. Its temporary file is `.<name>.tmp-<pid>-<n>` beside the real file.
  ///
  /// - Throws: ``FileError/notAFile(path:kind:)`` for a directory, device, FIFO or socket,
  ///   which are left as they are; ``FileError/failed(path:step:reason:)`` naming the step
  ///   that failed, the file untouched (or replaced, when only the last flush failed).
  static func replaceContents(of path: String, with data: Data) throws(FileError) {
    do {
      try replaceContents(of: path) { fd in try writeAll(data, to: fd, path: path) }
    } catch let error as FileError {
      throw error
    } catch {
      throw FileError.failed(path: path, step: "cannot write", reason: "\(error)")
    }
  }

  /// Replaces the file `path` leads to as ``replaceContents(of:with:)`` does, with what
  /// `write` writes to the new version's descriptor (open for reading and writing, empty):
  /// a file made as it is written, of any size. An error `write` throws removes the new
  /// version, leaves the file as it was, and is thrown as it is.
  static func replaceContents(of path: String, writing write: (Int32) throws -> Void) throws {
    let target = try ResolvedPath(path)
    let folder = folder(of: target.realPath)
    let name = target.realPath.split(separator: "/").last.map(String.init) ?? ""
    let fd: Int32
    let temporary: String
    do throws(FileError) {
      (fd, temporary) = try createTemporaryFile(
        prefix: ".\(name).tmp-", in: folder, mode: target.mode, owner: target.owner)
    } catch {
      throw FileError.failed(path: path, step: error.step, reason: error.systemReason)
    }
    do {
      try write(fd)
    } catch {
      close(fd)
      unlink(temporary)
      throw error
    }
    do throws(FileError) {
      try replace(target.realPath, with: try finishTemporaryFile(fd, at: temporary))
      try flushFolder(folder)
    } catch {
      throw FileError.failed(path: path, step: error.step, reason: error.systemReason)
    }
  }

  /// Writes `data` to a new temporary file `<folder>/<prefix><pid>-<n>` of `mode` and
  /// `owner` (kept where the process may: see ``give(_:mode:owner:)``), flushes it with
  /// `fsync` and closes it, for the caller to rename with ``replace(_:with:)``. On
  /// failure the file is removed and the error names the step.
  static func writeTemporaryFile(
    _ data: Data, prefix: String, in folder: String, mode: mode_t, owner: Owner?
  ) throws(FileError) -> TemporaryFile {
    let (fd, temporary) = try createTemporaryFile(
      prefix: prefix, in: folder, mode: mode, owner: owner)
    do {
      try writeAll(data, to: fd, path: temporary)
    } catch {
      close(fd)
      unlink(temporary)
      throw error
    }
    return try finishTemporaryFile(fd, at: temporary)
  }

  /// Flushes the temporary file open as `fd`, at `path` (``createTemporaryFile(prefix:in:mode:owner:)``),
  /// with `fsync` and closes it, for the caller to rename with ``replace(_:with:)``. On
  /// failure the file is removed and the error names the step.
  static func finishTemporaryFile(_ fd: Int32, at path: String) throws(FileError)
    -> TemporaryFile
  {
    let written: FileFingerprint
    do throws(FileError) {
      do throws(FileError) {
        if SystemCall.retryingInterrupts({ fsync(fd) }) != 0 {
          throw FileError.failed(
            path: path, step: "cannot flush the temporary file", reason: SystemCall.message())
        }
        guard let fingerprint = FileFingerprint.of(descriptor: fd) else {
          throw FileError.failed(
            path: path, step: "cannot examine the temporary file", reason: SystemCall.message())
        }
        written = fingerprint
      } catch {
        close(fd)
        throw error
      }
      if close(fd) != 0, errno != EINTR {
        throw FileError.failed(
          path: path, step: "cannot close the temporary file", reason: SystemCall.message())
      }
    } catch {
      unlink(path)
      throw error
    }
    return TemporaryFile(path: path, fingerprint: written)
  }

  /// Renames `temporary` over `path`; on failure removes it and says so. The folder still
  /// has to be flushed (``flushFolder(_:)``) for the rename to survive a crash.
  ///
  /// - Returns: the fingerprint of the file now at `path`, taken after the rename (which
  ///   changes its status time); the temporary file's, should another program have replaced
  ///   it already.
  @discardableResult
  static func replace(_ path: String, with temporary: TemporaryFile) throws(FileError)
    -> FileFingerprint
  {
    if rename(temporary.path, path) != 0 {
      let reason = SystemCall.message()
      unlink(temporary.path)
      throw FileError.failed(
        path: path, step: "cannot replace the file with the new version", reason: reason)
    }
    var info = stat()
    guard lstat(path, &info) == 0 else { return temporary.fingerprint }
    let renamed = FileFingerprint(info)
    let same =
      renamed.device == temporary.fingerprint.device
      && renamed.inode == temporary.fingerprint.inode
    return same ? renamed : temporary.fingerprint
  }

  /// Flushes the folder's entries (a renamed or new file); folders that cannot be flushed
  /// (some file systems answer EINVAL) are left as they are.
  static func flushFolder(_ folder: String) throws(FileError) {
    let fd = SystemCall.retryingInterrupts { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else {
      throw FileError.failed(
        path: folder, step: "cannot open \(folder) to flush it", reason: SystemCall.message())
    }
    defer { close(fd) }
    if SystemCall.retryingInterrupts({ fsync(fd) }) != 0, errno != EINVAL {
      throw FileError.failed(
        path: folder, step: "cannot flush \(folder)", reason: SystemCall.message())
    }
  }

  /// Removes the files `<prefix><pid>-<n>` in `folder` whose process no longer runs: the
  /// temporary files of killed processes, when they are regular files
  /// (``FileRemoval``). Best effort: a file that cannot be removed stays for a later
  /// attempt.
  static func removeAbandonedTemporaryFiles(in folder: String, prefix: String) {
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
      if !running { _ = try? FileRemoval.removeRegularFile(at: "\(folder)/\(name)") }
    }
  }

  /// Creates `<folder>/<prefix><pid>-<n>` with `O_CREAT | O_EXCL | O_NOFOLLOW` (never
  /// through a link another program put there), `mode` and `owner`, with the first `n` from
  /// 0 that is free, open for reading and writing: for the caller to fill and end with
  /// ``finishTemporaryFile(_:at:)``, or close and remove.
  static func createTemporaryFile(
    prefix name: String, in folder: String, mode: mode_t, owner: Owner?
  ) throws(FileError) -> (Int32, String) {
    let prefix = "\(folder)/\(name)\(getpid())-"
    var n = 0
    while true {
      let temporary = prefix + String(n)
      let fd = SystemCall.retryingInterrupts {
        open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      }
      if fd >= 0 {
        give(fd, mode: mode, owner: owner)
        return (fd, temporary)
      }
      if errno != EEXIST {
        throw FileError.failed(
          path: temporary, step: "cannot create a temporary file in \(folder)",
          reason: SystemCall.message())
      }
      n += 1
    }
  }

  /// Gives the file open as `fd` `owner` (when known) and `mode`. Changing the owner is
  /// allowed to fail, as editors let it: only root may give a file to another user, and a
  /// user may give it only to a group they are in; the file then stays the process's. The
  /// mode is set after, since a change of owner clears the set-user-ID bits.
  static func give(_ fd: Int32, mode: mode_t, owner: Owner?) {
    if let owner { _ = fchown(fd, owner.user, owner.group) }
    fchmod(fd, mode)
  }

  /// Writes all of `data` to `fd`, the file at `path`.
  private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(FileError) {
    let error = data.withUnsafeBytes { SystemCall.writeAll($0, to: fd) }
    if error != 0 {
      throw FileError.failed(
        path: path, step: "cannot write", reason: String(cString: strerror(error)))
    }
  }
}
