import Glibc

/// A file system call that failed, with the system's reason.
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was being done.
  public enum Operation: Hashable, Sendable {
    case read
    case write
    case createDirectory
  }

  public var operation: Operation
  /// The path as given.
  public var path: String
  /// The `errno` of the failed call.
  public var errorNumber: Int32

  public init(_ operation: Operation, path: String, errorNumber: Int32) {
    self.operation = operation
    self.path = path
    self.errorNumber = errorNumber
  }

  /// The system's text for ``errorNumber``, such as `No such file or directory`.
  public var reason: String {
    String(cString: strerror(errorNumber))
  }

  /// `cannot read 'x.bowq': No such file or directory`.
  public var description: String {
    switch operation {
    case .read: return "cannot read '\(path)': \(reason)"
    case .write: return "cannot write '\(path)': \(reason)"
    case .createDirectory: return "cannot create directory '\(path)': \(reason)"
    }
  }
}
