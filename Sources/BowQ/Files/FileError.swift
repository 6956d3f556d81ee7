/// Why the file layer could not read, write or lock a file, saying which file and what went
/// wrong. Callers that know what the file is (the store, export) phrase it for their users
/// from ``path`` and ``reason``.
public enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No file exists at `path`, or a folder on the way is missing.
  case missing(path: String)
  /// A system call failed on `path`. `step` says what was being done (`cannot flush the
  /// temporary file`), nil when it was reading the file itself; `reason` is the system's
  /// message.
  case failed(path: String, step: String?, reason: String)
  /// `path` names something other than a regular file (a directory, a device, a FIFO), which
  /// bowq neither reads nor replaces.
  case notAFile(path: String, kind: FileKind)
  /// Another process holds the lock of the file at `path` (``FileLock``); `holder` is who it
  /// says it is, nil while it has not written its name yet.
  case locked(path: String, holder: LockHolder?)
  /// `path` is one of the files of something open (``ReservedFiles``), such as the open
  /// store or its journal, which no output may be; `member` says which, as `the open store
  /// Books.sqlite`.
  case reserved(path: String, member: String)

  /// The file the error is about.
  public var path: String {
    switch self {
    case .missing(let path), .failed(let path, _, _), .notAFile(let path, _), .locked(let path, _),
      .reserved(let path, _):
      return path
    }
  }

  /// What went wrong, without the path: `cannot write: No space left on device`.
  public var reason: String {
    switch self {
    case .missing:
      return "No such file or directory"
    case .failed(_, let step, let reason):
      return step.map { "\($0): \(reason)" } ?? reason
    case .notAFile(_, let kind):
      return kind.refusal
    case .locked(_, let holder):
      return "being edited in another bowq process" + (holder.map { " (\($0))" } ?? "")
    case .reserved(_, let member):
      return "it is \(member); choose another file for output"
    }
  }

  /// What was being done when a system call failed, nil for the other errors.
  var step: String? {
    if case .failed(_, let step, _) = self { return step }
    return nil
  }

  /// The system's message alone, or what else went wrong: ``reason`` without the step.
  var systemReason: String {
    if case .failed(_, _, let reason) = self { return reason }
    return reason
  }

  public var description: String {
    "\(path): \(reason)"
  }
}
