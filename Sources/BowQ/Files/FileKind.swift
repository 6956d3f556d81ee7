#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path names, from the type bits of its status: bowq reads and writes regular files
/// only, and says which of the others it found.
public enum FileKind: Hashable, Sendable {
  case regularFile
  case directory
  case characterDevice
  case blockDevice
  case fifo
  case socket
  case symbolicLink
  /// A type this system has that none of the above is.
  case other

  /// The kind of a file whose `st_mode` is `mode`.
  init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .directory
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFIFO: self = .fifo
    case S_IFSOCK: self = .socket
    case S_IFLNK: self = .symbolicLink
    default: self = .other
    }
  }

  /// Why a file of this kind is refused where a regular file is needed, in the system's
  /// manner (`Is a directory`, as `strerror(EISDIR)` says).
  var refusal: String {
    switch self {
    case .regularFile: return "Is a regular file"
    case .directory: return "Is a directory"
    case .characterDevice: return "Is a character device, not a file"
    case .blockDevice: return "Is a block device, not a file"
    case .fifo: return "Is a FIFO (named pipe), not a file"
    case .socket: return "Is a socket, not a file"
    case .symbolicLink: return "Is a symbolic link, not a file"
    case .other: return "Is not a regular file"
    }
  }
}
