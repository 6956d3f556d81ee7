import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes store files: a ``StoreCodec`` layout in a binary property list.
public enum StoreFile {
  /// Loads the graph stored at `path`.
  ///
  /// - Throws: ``StoreError/fileNotFound(path:)`` when there is no file (the caller then
  ///   creates a new store); ``StoreError/unreadable(path:reason:)`` when it cannot be read;
  ///   ``StoreError/corrupt(path:_:)`` with the byte offset when it is not a valid binary
  ///   property list (XML and JSON are not accepted as stores); and
  ///   ``StoreError/invalidFile(path:_:)`` when its layout or values are invalid.
  public static func load(from path: String) throws -> ObjectGraph {
    let data = try contents(of: path)
    let plist: PropertyList
    do {
      plist = try BinaryPropertyListReader.decode(data)
    } catch let error as PropertyListError {
      throw StoreError.corrupt(path: path, error)
    }
    do {
      return try StoreCodec.decode(plist)
    } catch let error as StoreError {
      throw StoreError.invalidFile(path: path, error)
    }
  }

  /// Saves `graph` to `path`, atomically and durably.
  ///
  /// The store is written to a new temporary file in the same folder (created exclusively,
  /// mode 0644, or the mode of the file it replaces), flushed with `fsync`, renamed over
  /// `path`, and the folder is flushed so the rename itself survives a crash. Readers see
  /// either the old file or the new one, never a mix. On failure the temporary file is
  /// removed, the old file is untouched, and ``StoreError/unwritable(path:reason:)`` names
  /// the step and the system's message (a missing or read-only folder, a full disk).
  public static func save(_ graph: ObjectGraph, to path: String) throws {
    let data: Data
    do {
      data = try BinaryPropertyListWriter.encode(StoreCodec.encode(graph))
    } catch let error as PropertyListError {
      throw StoreError.unwritable(path: path, reason: error.description)
    }
    let folder = parentFolder(of: path)
    let (fd, temporary) = try createTemporaryFile(for: path, in: folder)
    do {
      do {
        try writeAll(data, to: fd, path: path)
        if retryingInterrupts({ fsync(fd) }) != 0 {
          throw StoreError.unwritable(
            path: path, reason: "cannot flush the temporary file: \(systemMessage())")
        }
      } catch {
        close(fd)
        throw error
      }
      if close(fd) != 0, errno != EINTR {
        throw StoreError.unwritable(
          path: path, reason: "cannot close the temporary file: \(systemMessage())")
      }
      if rename(temporary, path) != 0 {
        throw StoreError.unwritable(
          path: path, reason: "cannot replace the file with the new version: \(systemMessage())")
      }
    } catch {
      unlink(temporary)
      throw error
    }
    try flushFolder(folder, path: path)
  }

  // MARK: Reading

  private static func contents(of path: String) throws -> Data {
    let fd = retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
    guard fd >= 0 else {
      if errno == ENOENT { throw StoreError.fileNotFound(path: path) }
      throw StoreError.unreadable(path: path, reason: systemMessage())
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var info = stat()
    if fstat(fd, &info) == 0, info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size)) }
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        retryingInterrupts { read(fd, buffer.baseAddress, buffer.count) }
      }
      if count < 0 { throw StoreError.unreadable(path: path, reason: systemMessage()) }
      if count == 0 { return Data(bytes) }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  // MARK: Writing

  private static func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Creates `.<name>.<pid>.<random>.tmp` beside `path` with `O_CREAT | O_EXCL`.
  private static func createTemporaryFile(for path: String, in folder: String) throws -> (
    Int32, String
  ) {
    let name = path.split(separator: "/").last.map(String.init) ?? "store"
    var mode: mode_t = 0o644
    var existing = stat()
    if stat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
      mode = existing.st_mode & 0o777
    }
    while true {
      let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
      let temporary = "\(folder)/.\(name).\(getpid()).\(suffix).tmp"
      let fd = retryingInterrupts {
        open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
      }
      if fd >= 0 {
        fchmod(fd, mode)
        return (fd, temporary)
      }
      if errno != EEXIST {
        throw StoreError.unwritable(
          path: path, reason: "cannot create a temporary file in \(folder): \(systemMessage())")
      }
    }
  }

  private static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = retryingInterrupts {
          write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if written < 0 {
          throw StoreError.unwritable(path: path, reason: "cannot write: \(systemMessage())")
        }
        offset += written
      }
    }
  }

  /// Flushes the folder's entry for the renamed file; folders that cannot be flushed (some
  /// file systems answer EINVAL) are left as they are.
  private static func flushFolder(_ folder: String, path: String) throws {
    let fd = retryingInterrupts { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else {
      throw StoreError.unwritable(
        path: path, reason: "saved, but cannot open \(folder) to flush it: \(systemMessage())")
    }
    defer { close(fd) }
    if retryingInterrupts({ fsync(fd) }) != 0, errno != EINVAL {
      throw StoreError.unwritable(
        path: path, reason: "saved, but cannot flush \(folder): \(systemMessage())")
    }
  }

  // MARK: System calls

  /// Repeats a call that failed with EINTR.
  private static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  private static func systemMessage() -> String {
    String(cString: strerror(errno))
  }
}
