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
  /// The lock file, open read-only and locked.
  private let descriptor: Int32
  /// The locked file itself, open read-only and locked too, so that a process reaching the
  /// same file by another name (a hard link) is kept out; -1 while there is no file yet.
  private var fileDescriptor: Int32

  private init(path: String, descriptor: Int32, fileDescriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
    self.fileDescriptor = fileDescriptor
  }

  /// The lock file of the file at `filePath`.
  public static func lockPath(for filePath: String) -> String {
    filePath + ".lock"
  }

  /// Takes the lock of the file at `filePath`, without waiting, and writes `holder` into
  /// the lock file. `filePath` is the real file (see ``ResolvedPath``): a symbolic link to it
  /// meets the same lock only through its real path.
  ///
  /// The lock file is opened with `O_NOFOLLOW` and never truncated on opening: a symbolic
  /// link of its name is refused rather than followed, and the holder is written only into a
  /// regular file that this process owns and that has no other name.
  ///
  /// - Returns: nil when the lock file cannot be created or locked (a read-only or missing
  ///   folder, a file system without locks): no new file can be created there either, so
  ///   there is nothing to keep out.
  /// - Throws: ``FileError/locked(path:holder:)`` when another process holds the lock, or
  ///   the file itself through another of its names; ``FileError/failed(path:step:reason:)``
  ///   when something other than a regular file has the lock file's name.
  public static func acquire(
    for filePath: String, holder: LockHolder = .current
  ) throws(FileError) -> FileLock? {
    let path = lockPath(for: filePath)
    while true {
      let descriptor = open(path, O_RDONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        switch errno {
        case ELOOP: throw refusal(of: path, for: filePath, kind: .symbolicLink)
        case EISDIR: throw refusal(of: path, for: filePath, kind: .directory)
        default: return nil
        }
      }
      var status = stat()
      let kind = fstat(descriptor, &status) == 0 ? FileKind(mode: status.st_mode) : .other
      guard kind == .regularFile else {
        close(descriptor)
        throw refusal(of: path, for: filePath, kind: kind)
      }
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
      let file: Int32
      do {
        file = try lockFile(filePath)
      } catch {
        if isCurrentFile(descriptor, at: path) { unlink(path) }
        close(descriptor)
        throw error
      }
      writeHolder(holder, to: path, lockedAs: descriptor)
      return FileLock(path: path, descriptor: descriptor, fileDescriptor: file)
    }
  }

  /// Moves the lock of the file itself to its new version at `filePath`, once a save has
  /// renamed it into place: the version of fingerprint `written`. Left as it is when the
  /// file there is another (a program replaced it meanwhile) or cannot be locked.
  public mutating func follow(_ filePath: String, written: FileFingerprint) {
    let fd = open(filePath, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return }
    var status = stat()
    guard fstat(fd, &status) == 0, UInt64(status.st_dev) == written.device,
      UInt64(status.st_ino) == written.inode, flock(fd, LOCK_EX | LOCK_NB) == 0
    else {
      close(fd)
      return
    }
    if fileDescriptor >= 0 { close(fileDescriptor) }
    fileDescriptor = fd
  }

  /// Removes the lock file and releases the lock.
  deinit {
    if Self.isCurrentFile(descriptor, at: path) { unlink(path) }
    close(descriptor)
    if fileDescriptor >= 0 { close(fileDescriptor) }
  }

  /// The error for a lock file's name taken by something that is not a regular file.
  private static func refusal(of path: String, for filePath: String, kind: FileKind) -> FileError {
    FileError.failed(
      path: filePath, step: "cannot use the lock file \(path)", reason: kind.refusal)
  }

  /// Locks the regular file at `filePath` itself: its descriptor, or -1 when there is no
  /// such file yet (a new file) or it cannot be locked.
  ///
  /// - Throws: ``FileError/locked(path:holder:)`` when another process holds it.
  private static func lockFile(_ filePath: String) throws(FileError) -> Int32 {
    let fd = open(filePath, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return -1 }
    var status = stat()
    guard fstat(fd, &status) == 0, FileKind(mode: status.st_mode) == .regularFile else {
      close(fd)
      return -1
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let busy = errno == EWOULDBLOCK
      close(fd)
      if busy { throw FileError.locked(path: filePath, holder: nil) }
      return -1
    }
    return fd
  }

  /// Whether `descriptor` is open on the file that is at `path` now (not one a releasing
  /// holder removed).
  private static func isCurrentFile(_ descriptor: Int32, at path: String) -> Bool {
    var opened = stat()
    var named = stat()
    return fstat(descriptor, &opened) == 0 && lstat(path, &named) == 0
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
  /// would stop the file system from being remounted read-only). The file is written only
  /// when it is the one locked (`lockedAs`), a regular file with no other name, owned by this
  /// process's user: a lock file that is a hard link to another file, or another user's,
  /// is locked but left as it is. Failing to write leaves the file as it was, and others are
  /// told the store is in use without a name.
  private static func writeHolder(_ holder: LockHolder, to path: String, lockedAs locked: Int32) {
    let descriptor = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var opened = stat()
    var held = stat()
    guard fstat(descriptor, &opened) == 0, fstat(locked, &held) == 0,
      opened.st_dev == held.st_dev, opened.st_ino == held.st_ino,
      FileKind(mode: opened.st_mode) == .regularFile, opened.st_nlink == 1,
      opened.st_uid == geteuid(), ftruncate(descriptor, 0) == 0
    else { return }
    let bytes = Array(holder.fileContents.utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }
}
