import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The advisory lock that lets one bowq process at a time open a file for writing: an
/// exclusive `flock` on the file `<file>.lock` beside it, into which the holder writes who
/// it is (``LockHolder``).
///
/// Why a file beside the locked one rather than a lock on the file itself: every save writes
/// a new file and renames it over the old one, so a lock on the file would stay on the old,
/// replaced version, and the next process to open it would lock the new one unhindered. The
/// lock file is never replaced while held, so it stays the one place every process meets.
///
/// `flock` locks belong to the open file, not to a process's pids or threads: the kernel
/// drops the lock when its holder exits, however it ends (a crash, `SIGKILL`), so a stale
/// lock file never keeps anyone out; the next process takes the lock and writes its own
/// name. Releasing removes the lock file; a process taking the lock checks that the file
/// it locked is still the one at the path, so it never holds a lock on a removed file.
///
/// The lock is advisory: it keeps out other bowq processes, not other programs. Those are
/// caught before a file is replaced by its ``FileFingerprint``.
public struct FileLock: ~Copyable {
  /// The lock file: the locked file's path with `.lock` appended.
  public let path: String
  private let descriptor: Int32

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  /// The lock file of the file at `filePath`.
  public static func lockPath(for filePath: String) -> String {
    filePath + ".lock"
  }

  /// Takes the lock of the file at `filePath`, without waiting, and writes `holder` into
  /// the lock file.
  ///
  /// - Returns: nil when the lock file cannot be created or locked (a read-only or missing
  ///   folder, a file system without locks): no new file can be created there either, so
  ///   there is nothing to keep out.
  /// - Throws: ``FileError/locked(path:holder:)`` when another process holds the lock.
  public static func acquire(
    for filePath: String, holder: LockHolder = .current
  ) throws(FileError) -> FileLock? {
    let path = lockPath(for: filePath)
    while true {
      let descriptor = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { return nil }
      if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
        let busy = errno == EWOULDBLOCK
        let other = busy ? readHolder(descriptor) : nil
        close(descriptor)
        if busy { throw FileError.locked(path: filePath, holder: other) }
        return nil
      }
      guard isCurrentFile(descriptor, at: path) else {
        close(descriptor)
        continue
      }
      writeHolder(holder, to: path)
      return FileLock(path: path, descriptor: descriptor)
    }
  }

  /// Removes the lock file and releases the lock.
  deinit {
    if Self.isCurrentFile(descriptor, at: path) { unlink(path) }
    close(descriptor)
  }

  /// Whether `descriptor` is open on the file that is at `path` now (not one a releasing
  /// holder removed).
  private static func isCurrentFile(_ descriptor: Int32, at path: String) -> Bool {
    var opened = stat()
    var named = stat()
    return fstat(descriptor, &opened) == 0 && stat(path, &named) == 0
      && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
  }

  /// The holder named in the lock file, if it has written its name yet.
  private static func readHolder(_ descriptor: Int32) -> LockHolder? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return LockHolder(fileContents: String(decoding: buffer[..<count], as: UTF8.self))
  }

  /// Writes the holder through a second, short-lived descriptor: the lock's own stays
  /// read-only, so holding the lock never counts as having a file open for writing (which
  /// would stop the file system from being remounted read-only). Failing to write leaves
  /// the file empty, and others are told the store is in use without a name.
  private static func writeHolder(_ holder: LockHolder, to path: String) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(holder.fileContents.utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }
}
