#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How bowq removes a file it made (a progress file, a lock file, a temporary file, an
/// external value no longer referred to), and nothing else.
///
/// What is at the path is examined without following links (`lstat`), and only a regular
/// file is unlinked: a folder is never removed (let alone what it holds), nor a symbolic
/// link (or what it leads to), a FIFO, a device or a socket. Each of those stays as it is,
/// and the caller is told why.
public enum FileRemoval {
  /// What ``removeRegularFile(at:)`` found.
  public enum Outcome: Hashable, Sendable {
    /// The file was there and is removed.
    case removed
    /// Nothing was there.
    case absent
  }

  /// Unlinks the file at `path` when it is a regular file.
  ///
  /// - Throws: ``FileError/notAFile(path:kind:)`` for anything but a regular file (a
  ///   symbolic link included); ``FileError/failed(path:step:reason:)`` when the system
  ///   refuses. What is there is left as it is in each case.
  @discardableResult
  public static func removeRegularFile(at path: String) throws(FileError) -> Outcome {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { return .absent }
      throw FileError.failed(path: path, step: "cannot remove it", reason: SystemCall.message())
    }
    let kind = FileKind(mode: info.st_mode)
    guard kind == .regularFile else { throw FileError.notAFile(path: path, kind: kind) }
    guard unlink(path) == 0 else {
      if errno == ENOENT { return .absent }
      throw FileError.failed(path: path, step: "cannot remove it", reason: SystemCall.message())
    }
    return .removed
  }
}
