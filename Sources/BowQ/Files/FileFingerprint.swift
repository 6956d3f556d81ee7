#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which version of a file a program holds: the file's identity (device and inode), its
/// size, and its modification and status-change times to the nanosecond, taken when it was
/// read or written.
///
/// Comparing it with the file on disk before replacing the file tells whether another
/// program changed or replaced it in the meantime. A file replaced by renaming a new one
/// over it has a new inode; a program that writes in place changes the size or the
/// modification time, and when it keeps the size and sets the modification time back (as
/// `touch -d` or `utimensat` can), the status-change time, which no program can set, still
/// moves.
public struct FileFingerprint: Hashable, Sendable, CustomStringConvertible {
  public var device: UInt64
  public var inode: UInt64
  /// The size in bytes.
  public var size: Int64
  /// The modification time: seconds since 1970-01-01 UTC, and nanoseconds within the second.
  public var modificationSeconds: Int64
  public var modificationNanoseconds: Int64
  /// The status-change time (`st_ctim`: contents, owner, mode or links changed), as the
  /// modification time.
  public var statusChangeSeconds: Int64
  public var statusChangeNanoseconds: Int64

  public init(
    device: UInt64, inode: UInt64, size: Int64, modificationSeconds: Int64,
    modificationNanoseconds: Int64, statusChangeSeconds: Int64 = 0,
    statusChangeNanoseconds: Int64 = 0
  ) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modificationSeconds = modificationSeconds
    self.modificationNanoseconds = modificationNanoseconds
    self.statusChangeSeconds = statusChangeSeconds
    self.statusChangeNanoseconds = statusChangeNanoseconds
  }

  /// The fingerprint of a file's status.
  init(_ info: stat) {
    #if canImport(Darwin)
      let modified = info.st_mtimespec
      let changed = info.st_ctimespec
    #else
      let modified = info.st_mtim
      let changed = info.st_ctim
    #endif
    self.init(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modificationSeconds: Int64(modified.tv_sec), modificationNanoseconds: Int64(modified.tv_nsec),
      statusChangeSeconds: Int64(changed.tv_sec), statusChangeNanoseconds: Int64(changed.tv_nsec))
  }

  /// The fingerprint of the file open as `descriptor`, or nil when `fstat` fails.
  static func of(descriptor: Int32) -> FileFingerprint? {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? FileFingerprint(info) : nil
  }

  /// The fingerprint of the file at `path` now, or nil when there is none (the file or one
  /// of its folders is missing, or a folder on the way is a file).
  ///
  /// - Throws: ``FileError/failed(path:step:reason:)`` when the file cannot be examined
  ///   for another reason, such as a folder without search permission.
  public static func current(at path: String) throws(FileError) -> FileFingerprint? {
    var info = stat()
    if stat(path, &info) == 0 { return FileFingerprint(info) }
    if errno == ENOENT || errno == ENOTDIR { return nil }
    throw FileError.failed(path: path, step: nil, reason: SystemCall.message())
  }

  /// What became of the file at `path`, which was this version before something that failed,
  /// checked now: `the file was left untouched` only when it is still this version; otherwise
  /// that it changed (or is gone), with both versions. A message claims a file untouched only
  /// through this.
  public func outcome(at path: String) -> String {
    switch Result(catching: { () throws(FileError) in try Self.current(at: path) }) {
    case .success(let now?) where now == self:
      return "the file was left untouched"
    case .success(let now?):
      let alike = now.description == description
      let before = alike ? fullDescription : description
      let after = alike ? now.fullDescription : now.description
      return "the file changed on disk meanwhile (it was \(before), it is \(after))"
    case .success(nil):
      return "the file is no longer there"
    case .failure(let error):
      return "whether the file changed cannot be told: \(error.reason)"
    }
  }

  /// The size and modification time, for messages: `1234 bytes, modified
  /// 2024-06-01 12:00:00.123456789 UTC`.
  public var description: String {
    "\(size) bytes, modified \(Self.date(modificationSeconds, modificationNanoseconds))"
  }

  /// The ``description`` with what else tells two versions apart, for when their sizes and
  /// modification times are the same: `1234 bytes, modified 2024-06-01 12:00:00.123456789
  /// UTC, inode 12, status changed 2024-06-01 12:00:01.000000000 UTC`.
  public var fullDescription: String {
    "\(description), inode \(inode), status changed "
      + Self.date(statusChangeSeconds, statusChangeNanoseconds)
  }

  /// `2024-06-01 12:00:00.123456789 UTC`.
  private static func date(_ seconds: Int64, _ nanoseconds: Int64) -> String {
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    func pad(_ value: Int32, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let fraction = String(nanoseconds)
    return
      "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2)) "
      + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))."
      + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction + " UTC"
  }
}
