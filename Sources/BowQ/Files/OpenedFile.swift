#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file open for reading: everything bowq reads from a path (a store, an import,
/// a script) is opened here, so that a directory, a device or a FIFO is refused with one
/// clear error before anything reads it, rather than read forever (`/dev/zero`) or waited
/// on (a FIFO with no writer).
///
/// The file is opened with `O_NONBLOCK`, so that opening a FIFO does not wait, and examined
/// through its descriptor (what was opened, not what the path names a moment later); the
/// flag is cleared once it is known to be a regular file. The descriptor is closed when the
/// value is released.
public final class OpenedFile {
  /// The descriptor, open read-only.
  public let descriptor: Int32
  /// The version opened, taken before anything is read.
  public let fingerprint: FileFingerprint

  /// Opens the file at `path` (a symbolic link is followed).
  ///
  /// - Throws: ``FileError/missing(path:)`` when there is no file;
  ///   ``FileError/notAFile(path:kind:)`` for a directory, device, FIFO or socket;
  ///   ``FileError/failed(path:step:reason:)`` with the system's message when it cannot be
  ///   opened or examined.
  public init(reading path: String) throws(FileError) {
    let fd = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else {
      if errno == ENOENT { throw FileError.missing(path: path) }
      throw FileError.failed(path: path, step: nil, reason: SystemCall.message())
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = SystemCall.message()
      close(fd)
      throw FileError.failed(path: path, step: nil, reason: reason)
    }
    let kind = FileKind(mode: info.st_mode)
    guard kind == .regularFile else {
      close(fd)
      throw FileError.notAFile(path: path, kind: kind)
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    descriptor = fd
    fingerprint = FileFingerprint(info)
  }

  deinit {
    close(descriptor)
  }
}
