import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A private copy of a SQLite database and the companions SQLite must read with it (its
/// write-ahead log, its hot journal: ``SQLiteCompanions``), in a folder of its own in the
/// temporary folder, made so that SQLite can replay the log or roll back the journal in the
/// copy while the user's files stay byte-identical.
///
/// Each file is cloned (`ioctl(FICLONE)`: the copy shares the original's blocks until either
/// changes) where the file system can, and copied otherwise. The folder is removed when the
/// copy is released, which ``SQLiteConnection`` does as soon as it has the copy open: its
/// open file keeps the bytes until it closes, and nothing is left on disk however the
/// process ends.
final class SQLitePrivateCopy {
  /// The copy's folder, readable by this user only.
  let folder: String
  /// The copy of the database.
  let databasePath: String

  /// Linux's `FICLONE` request (`_IOW(0x94, 9, int)`), which `<linux/fs.h>` defines.
  private static let cloneRequest: UInt = 0x4004_9409

  /// Copies `companions.databasePath` and `companions.companionsToCopy` into a new folder,
  /// under the same names.
  ///
  /// - Throws: ``CoreDataStoreError/Kind/unreadable`` naming the file that could not be
  ///   read or the folder that could not be made; nothing is left behind.
  init(of companions: SQLiteCompanions) throws(CoreDataStoreError) {
    var template = Array(
      URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bowq-store-XXXXXX")
        .path.utf8CString)
    guard
      let made = template.withUnsafeMutableBufferPointer({ buffer in
        buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
      })
    else {
      throw CoreDataStoreError(
        .unreadable,
        "cannot make a private folder in \(Value.quoted(NSTemporaryDirectory())) to read a copy "
          + "of \(Value.quoted(companions.databasePath)) in: \(SystemCall.message()) (set TMPDIR "
          + "to a folder with room)")
    }
    folder = made
    let name = URL(fileURLWithPath: companions.databasePath).lastPathComponent
    databasePath = URL(fileURLWithPath: folder).appendingPathComponent(name).path
    do {
      try Self.clone(companions.databasePath, to: databasePath)
      for companion in companions.companionsToCopy {
        let suffix = String(companion.dropFirst(companions.databasePath.count))
        try Self.clone(companion, to: databasePath + suffix)
      }
    } catch {
      Self.remove(folder)
      throw error
    }
  }

  deinit { Self.remove(folder) }

  /// Copies the file at `source` to a new file at `target`, readable by this user only: a
  /// clone where the file system can make one, the bytes otherwise.
  private static func clone(_ source: String, to target: String) throws(CoreDataStoreError) {
    func failure(_ path: String) -> CoreDataStoreError {
      CoreDataStoreError(
        .unreadable,
        "cannot copy \(Value.quoted(source)) to read it privately (\(Value.quoted(path))): "
          + SystemCall.message())
    }
    let input = SystemCall.retryingInterrupts { Glibc.open(source, O_RDONLY | O_CLOEXEC) }
    guard input >= 0 else { throw failure(source) }
    defer { close(input) }
    let output = SystemCall.retryingInterrupts {
      Glibc.open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    }
    guard output >= 0 else { throw failure(target) }
    defer { close(output) }
    if ioctl(output, cloneRequest, input) == 0 { return }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = SystemCall.retryingInterrupts { read(input, &buffer, buffer.count) }
      guard count >= 0 else { throw failure(source) }
      if count == 0 { return }
      var written = 0
      while written < count {
        let step = buffer.withUnsafeBytes { bytes in
          SystemCall.retryingInterrupts {
            write(output, bytes.baseAddress.map { $0 + written }, count - written)
          }
        }
        guard step > 0 else { throw failure(target) }
        written += step
      }
    }
  }

  /// Removes the copy's folder and everything SQLite made in it.
  private static func remove(_ folder: String) {
    try? FileManager.default.removeItem(atPath: folder)
  }
}
