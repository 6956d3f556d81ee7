import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

/// The file layer on what is not a plain file: devices, FIFOs, folders, symbolic and hard
/// links, and files of another owner. Tests run as root here; devices are only ever opened
/// and checked, never replaced.
final class FilesTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-files").path
  }

  /// A FIFO in the test's folder.
  private func makeFIFO(_ name: String = "fifo") throws -> String {
    let path = folder + "/" + name
    guard mkfifo(path, 0o644) == 0 else { throw XCTSkip("cannot make a FIFO here") }
    return path
  }

  /// The kind of what is at `path`, links not followed.
  private func kind(_ path: String) -> FileKind? {
    var status = stat()
    return lstat(path, &status) == 0 ? FileKind(mode: status.st_mode) : nil
  }

  /// Runs `body` on another thread and fails when it takes more than a few seconds, as
  /// opening a FIFO for reading does while no one writes to it; opening the FIFO for writing
  /// then lets it go.
  private func withoutHanging(
    on fifo: String, file: StaticString = #filePath, line: UInt = #line,
    _ body: @escaping () -> Void
  ) {
    let done = DispatchSemaphore(value: 0)
    let work = UncheckedWork(body: body)
    Thread {
      work.body()
      done.signal()
    }.start()
    if done.wait(timeout: .now() + 5) == .timedOut {
      XCTFail("waited on the FIFO \(fifo)", file: file, line: line)
      let writer = open(fifo, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
      done.wait()
    }
  }

  private func error(of body: () throws -> Void) -> FileError? {
    do {
      try body()
      return nil
    } catch {
      return error as? FileError
    }
  }

  // MARK: What a path is

  func testResolvingSaysWhatIsThereAndFollowsLinks() throws {
    let file = folder + "/file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    XCTAssertEqual(try ResolvedPath(file).realPath, file)
    XCTAssertTrue(try ResolvedPath(file).exists)
    XCTAssertFalse(try ResolvedPath(folder + "/new").exists)

    XCTAssertEqual(symlink("file", folder + "/relative"), 0)
    XCTAssertEqual(symlink(folder + "/relative", folder + "/chain"), 0)
    XCTAssertEqual(try ResolvedPath(folder + "/chain").realPath, folder + "/file")
    XCTAssertEqual(symlink("missing", folder + "/dangling"), 0)
    let dangling = try ResolvedPath(folder + "/dangling")
    XCTAssertEqual(dangling.realPath, folder + "/missing")
    XCTAssertFalse(dangling.exists)

    XCTAssertEqual(symlink("loop", folder + "/loop"), 0)
    XCTAssertEqual(
      error(of: { _ = try ResolvedPath(folder + "/loop") })?.reason,
      String(cString: strerror(ELOOP)))
  }

  func testResolvingRefusesFoldersDevicesAndFIFOs() throws {
    let fifo = try makeFIFO()
    XCTAssertEqual(symlink("/dev/null", folder + "/null"), 0)
    let cases: [(String, FileKind, String)] = [
      (folder, .directory, "Is a directory"),
      ("/dev/null", .characterDevice, "Is a character device, not a file"),
      (folder + "/null", .characterDevice, "Is a character device, not a file"),
      (fifo, .fifo, "Is a FIFO (named pipe), not a file"),
    ]
    for (path, kind, reason) in cases {
      let refusal = error(of: { _ = try ResolvedPath(path) })
      XCTAssertEqual(refusal, .notAFile(path: path, kind: kind))
      XCTAssertEqual(refusal?.reason, reason)
      XCTAssertEqual(refusal?.description, "\(path): \(reason)")
    }
  }

  // MARK: Reading

  func testReadingRefusesDevicesFoldersAndFIFOsWithoutWaiting() throws {
    XCTAssertEqual(
      error(of: { _ = try FileContents(reading: "/dev/zero") }),
      .notAFile(path: "/dev/zero", kind: .characterDevice))
    XCTAssertEqual(
      error(of: { _ = try FileContents(reading: self.folder) }),
      .notAFile(path: folder, kind: .directory))
    let fifo = try makeFIFO()
    withoutHanging(on: fifo) {
      XCTAssertEqual(
        self.error(of: { _ = try FileContents(reading: fifo) }), .notAFile(path: fifo, kind: .fifo))
    }
    let file = folder + "/file"
    try Data("bytes".utf8).write(to: URL(fileURLWithPath: file))
    XCTAssertEqual(try FileContents(reading: file).data, Data("bytes".utf8))
    XCTAssertEqual(
      error(of: { _ = try FileContents(reading: file + "x") }), .missing(path: file + "x"))
  }

  // MARK: Replacing

  func testReplacingLeavesDevicesFIFOsAndFoldersAsTheyAre() throws {
    let fifo = try makeFIFO()
    let folder: String = self.folder
    for (path, kind) in [
      ("/dev/null", FileKind.characterDevice), ("/dev/full", .characterDevice), (fifo, .fifo),
      (folder, .directory),
    ] {
      withoutHanging(on: fifo) {
        XCTAssertEqual(
          self.error(of: { try AtomicFile.replaceContents(of: path, with: Data("x".utf8)) }),
          .notAFile(path: path, kind: kind))
      }
      XCTAssertEqual(self.kind(path), kind, path)
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["fifo"])
  }

  func testReplacingWritesThroughALinkAndKeepsModeAndOwner() throws {
    let real = folder + "/real"
    try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
    let target = real + "/data.json"
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    XCTAssertEqual(chmod(target, 0o600), 0)
    let owned = geteuid() == 0 && chown(target, 65534, 65534) == 0
    let link = folder + "/link.json"
    XCTAssertEqual(symlink("real/data.json", link), 0)

    try AtomicFile.replaceContents(of: link, with: Data("new".utf8))

    XCTAssertEqual(kind(link), .symbolicLink, "the link stays a link")
    XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: real), ["data.json"])
    var status = stat()
    XCTAssertEqual(stat(target, &status), 0)
    XCTAssertEqual(status.st_mode & 0o777, 0o600)
    if owned {
      XCTAssertEqual(status.st_uid, 65534)
      XCTAssertEqual(status.st_gid, 65534)
    }
  }

  // MARK: The lock file

  func testALockFileThatIsASymbolicLinkIsRefusedAndItsTargetKept() throws {
    let victim = folder + "/victim.txt"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    XCTAssertEqual(symlink("victim.txt", folder + "/s.bowq.lock"), 0)
    let refusal = error(of: { _ = try FileLock.acquire(for: self.folder + "/s.bowq") })
    XCTAssertEqual(
      refusal?.reason,
      "cannot use the lock file \(folder!)/s.bowq.lock: Is a symbolic link, not a file")
    XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious")
    XCTAssertEqual(kind(folder + "/s.bowq.lock"), .symbolicLink)
  }

  func testALockFileThatIsAHardLinkIsLockedButNotWritten() throws {
    let victim = folder + "/victim.txt"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    XCTAssertEqual(link(victim, folder + "/s.bowq.lock"), 0)
    let lock = try FileLock.acquire(for: folder + "/s.bowq")
    let held = lock != nil
    XCTAssertTrue(held)
    XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious")
  }

  func testALockFileThatIsAFIFOIsRefusedWithoutWaiting() throws {
    let fifo = try makeFIFO("s.bowq.lock")
    withoutHanging(on: fifo) {
      XCTAssertEqual(
        self.error(of: { _ = try FileLock.acquire(for: self.folder + "/s.bowq") })?.reason,
        "cannot use the lock file \(fifo): Is a FIFO (named pipe), not a file")
    }
  }

  // MARK: Fingerprints

  func testFingerprintsTellApartVersionsOfTheSameSizeAndModificationTime() {
    let loaded = FileFingerprint(
      device: 1, inode: 2, size: 10, modificationSeconds: 1_717_243_200,
      modificationNanoseconds: 0, statusChangeSeconds: 1_717_243_200, statusChangeNanoseconds: 0)
    var found = loaded
    found.statusChangeNanoseconds = 7
    XCTAssertNotEqual(loaded, found)
    XCTAssertEqual(loaded.description, found.description)
    XCTAssertEqual(
      found.fullDescription,
      "10 bytes, modified 2024-06-01 12:00:00.000000000 UTC, inode 2, status changed "
        + "2024-06-01 12:00:00.000000007 UTC")
  }
}

/// A closure handed to another thread by a test that waits for it.
struct UncheckedWork: @unchecked Sendable {
  var body: () -> Void
}
