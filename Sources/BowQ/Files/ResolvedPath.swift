#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A path as bowq is about to read or replace the file it names: the one place that decides
/// what is there.
///
/// Symbolic links are followed to the file they lead to (``realPath``), so that a file is
/// replaced beside its real self and a link to it stays a link; what is found there must be a
/// regular file, or nothing yet (a new file). Directories, devices, FIFOs and sockets are
/// refused with ``FileError/notAFile(path:kind:)``, before anything opens them.
public struct ResolvedPath {
  /// The path as given, for messages.
  public let path: String
  /// The file the path leads to: the path itself, or where its symbolic links point (a link
  /// target relative to the link's folder is taken from there).
  public let realPath: String
  /// The status of the regular file at ``realPath``; nil when there is none yet.
  let status: stat?

  /// The most links followed before giving up, as the kernel's `ELOOP` limit.
  private static let maximumLinks = 40

  /// Resolves `path`.
  ///
  /// - Throws: ``FileError/notAFile(path:kind:)`` when the path leads to something other than
  ///   a regular file; ``FileError/failed(path:step:reason:)`` when it cannot be examined (a
  ///   folder on the way that cannot be searched, a loop of links).
  public init(_ path: String) throws(FileError) {
    self.path = path
    var current = path
    for _ in 0...Self.maximumLinks {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        // A folder on the way that is missing or a file: nothing is there, and the step
        // that reads or writes the file says why it cannot.
        guard errno == ENOENT || errno == ENOTDIR else {
          throw FileError.failed(path: path, step: nil, reason: SystemCall.message())
        }
        realPath = current
        status = nil
        return
      }
      switch FileKind(mode: info.st_mode) {
      case .regularFile:
        realPath = current
        status = info
        return
      case .symbolicLink:
        current = try Self.target(ofLink: current, givenAs: path)
      case let kind:
        throw FileError.notAFile(path: path, kind: kind)
      }
    }
    throw FileError.failed(path: path, step: nil, reason: String(cString: strerror(ELOOP)))
  }

  /// Whether a file exists at ``realPath``.
  public var exists: Bool { status != nil }

  /// Whether the regular file there starts with `prefix`; false when there is none or it
  /// cannot be read. Only the prefix's length is read.
  public func starts(with prefix: [UInt8]) -> Bool {
    guard exists else { return false }
    let descriptor = open(realPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var start = [UInt8](repeating: 0, count: prefix.count)
    let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, prefix.count) }
    return count == prefix.count && start == prefix
  }

  /// Whether the file there belongs to a user other than the one this process runs as (a
  /// file bowq should not write on another's behalf); false for a new file.
  public var isOwnedByAnotherUser: Bool {
    status.map { $0.st_uid != geteuid() } ?? false
  }

  /// The owner of the file there, which a new version keeps; nil for a new file.
  var owner: AtomicFile.Owner? {
    status.map { AtomicFile.Owner(user: $0.st_uid, group: $0.st_gid) }
  }

  /// The mode of a new version of the file: the mode of the one it replaces, or 0644.
  var mode: mode_t {
    status.map { $0.st_mode & 0o777 } ?? 0o644
  }

  /// Where the symbolic link `link` points, a relative target taken from the link's folder.
  private static func target(ofLink link: String, givenAs path: String) throws(FileError)
    -> String
  {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(link, &buffer, buffer.count - 1)
    guard count >= 0 else {
      throw FileError.failed(path: path, step: nil, reason: SystemCall.message())
    }
    let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return target.hasPrefix("/") ? target : AtomicFile.folder(of: link) + "/" + target
  }
}
