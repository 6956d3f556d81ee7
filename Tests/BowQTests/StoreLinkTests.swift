import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

/// A store reached through links, edited in place by other programs, owned by another user,
/// or that is not a file at all: saved where it really is, locked once whatever its name,
/// never overwritten unnoticed, and never read or replaced when it is a device or a FIFO.
final class StoreLinkTests: XCTestCase {
  private var folder: String!
  private var real: String { folder + "/real/s.bowq" }
  private var link: String { folder + "/links/s.bowq" }

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-links").path
    for name in ["real", "links"] {
      try FileManager.default.createDirectory(
        atPath: folder + "/" + name, withIntermediateDirectories: true)
    }
  }

  private func graph(_ names: String...) -> ObjectGraph {
    var graph = ObjectGraph(
      model: Model(entities: [Entity(name: "T", attributes: [Attribute(name: "s", type: .string)])])
    )
    for name in names { graph.insert([.string(name)], into: "T") }
    return graph
  }

  private func contents(_ name: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder + "/" + name).sorted()
  }

  private func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  /// The error of opening `path` for writing and claiming it for an edit.
  private func openingError(_ path: String) -> StoreError? {
    do {
      let handle = try StoreHandle(openingForWriting: path)
      _ = try handle.load()
      try handle.claim()
      return nil
    } catch {
      return error as? StoreError
    }
  }

  func testSavingThroughASymbolicLinkSavesTheRealStoreAndKeepsTheLink() throws {
    try StoreFile.save(graph("a"), to: real)
    XCTAssertEqual(symlink("../real/s.bowq", link), 0)
    let handle = try StoreHandle(openingForWriting: link)
    XCTAssertEqual(try handle.load(), graph("a"))
    XCTAssertEqual(try contents("real"), ["s.bowq"], "no lock before the first edit")
    try handle.claim()
    XCTAssertEqual(try contents("real"), ["s.bowq", "s.bowq.lock"], "locked beside the real file")
    try handle.save(graph("a", "b"))
    try handle.save(graph("a", "b", "c"))

    XCTAssertTrue(isSymbolicLink(link))
    XCTAssertEqual(try StoreFile.load(from: real), graph("a", "b", "c"))
    XCTAssertEqual(try contents("links"), ["s.bowq"])
    XCTAssertEqual(handle.fingerprint, try StoreFingerprint.current(at: real))
  }

  func testTheRealPathALinkAndAHardLinkMeetOneLock() throws {
    try StoreFile.save(graph("a"), to: real)
    XCTAssertEqual(symlink(real, link), 0)
    let hardLink = folder + "/links/hard.bowq"
    XCTAssertEqual(Glibc.link(real, hardLink), 0)
    var handle: StoreHandle? = try StoreHandle(openingForWriting: link)
    _ = try handle?.load()
    try handle?.claim()

    guard case .locked(let path, let holder) = openingError(real) else {
      return XCTFail("the real path is not locked")
    }
    XCTAssertEqual(path, real)
    XCTAssertEqual(holder?.processID, getpid())
    XCTAssertEqual(
      openingError(hardLink), .locked(path: hardLink, holder: nil),
      "a hard link reaches the locked file itself")

    try handle?.save(graph("a", "b"))
    let second = folder + "/links/second.bowq"
    XCTAssertEqual(Glibc.link(real, second), 0)
    XCTAssertEqual(
      openingError(second), .locked(path: second, holder: nil),
      "the lock follows the store to the version saved")
    handle = nil
    XCTAssertNil(openingError(hardLink))
  }

  func testAnEditInPlaceThatKeepsSizeAndModificationTimeIsNoticed() throws {
    try StoreFile.save(graph("aaa"), to: real)
    let handle = try StoreHandle(openingForWriting: real)
    _ = try handle.load()
    let loaded = try XCTUnwrap(handle.fingerprint)
    let theirs = try StoreCodec.encodeData(graph("bbb"))
    XCTAssertEqual(Int64(theirs.count), loaded.size, "the same size")
    let fd = open(real, O_WRONLY)
    XCTAssertGreaterThanOrEqual(fd, 0)
    _ = theirs.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    close(fd)
    var times = [
      timespec(
        tv_sec: Int(loaded.modificationSeconds), tv_nsec: Int(loaded.modificationNanoseconds)),
      timespec(
        tv_sec: Int(loaded.modificationSeconds), tv_nsec: Int(loaded.modificationNanoseconds)),
    ]
    XCTAssertEqual(utimensat(AT_FDCWD, real, &times, 0), 0)
    let found = try XCTUnwrap(try StoreFingerprint.current(at: real))
    XCTAssertEqual(found.description, loaded.description, "size and time as loaded")

    XCTAssertThrowsError(try handle.save(graph("mine"))) {
      guard case .changedOnDisk(_, let was, let now) = $0 as? StoreError else {
        return XCTFail("\($0)")
      }
      XCTAssertEqual(was, loaded)
      XCTAssertEqual(now, found)
      XCTAssertTrue("\($0)".contains(", status changed "), "\($0)")
    }
    XCTAssertEqual(try StoreFile.load(from: real), graph("bbb"))
  }

  func testSavingKeepsTheOwnerAndModeOfTheStore() throws {
    guard geteuid() == 0 else { throw XCTSkip("only root can give a file to another user") }
    try StoreFile.save(graph("a"), to: real)
    XCTAssertEqual(chown(real, 65534, 65534), 0)
    XCTAssertEqual(chmod(real, 0o640), 0)
    let handle = try StoreHandle(openingForWriting: real)
    _ = try handle.load()
    try handle.save(graph("a", "b"))
    var status = stat()
    XCTAssertEqual(stat(real, &status), 0)
    XCTAssertEqual(status.st_uid, 65534)
    XCTAssertEqual(status.st_gid, 65534)
    XCTAssertEqual(status.st_mode & 0o777, 0o640)
    try handle.save(graph("a", "b", "c"))
    XCTAssertEqual(try StoreFile.load(from: real), graph("a", "b", "c"))
  }

  func testDevicesAndFIFOsAreRefusedBeforeAnythingOpensThem() throws {
    XCTAssertEqual(
      openingError("/dev/zero"),
      .unreadable(path: "/dev/zero", reason: "Is a character device, not a file"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: "/dev/zero.lock"))
    XCTAssertThrowsError(try StoreFile.save(graph("a"), to: "/dev/null")) {
      XCTAssertEqual(
        "\($0)", "cannot save /dev/null: Is a character device, not a file")
    }
    var status = stat()
    XCTAssertEqual(stat("/dev/null", &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR)

    let fifo = folder + "/fifo.bowq"
    XCTAssertEqual(mkfifo(fifo, 0o644), 0)
    let done = DispatchSemaphore(value: 0)
    let work = UncheckedWork {
      XCTAssertEqual(
        self.openingError(fifo),
        .unreadable(path: fifo, reason: "Is a FIFO (named pipe), not a file"))
      XCTAssertNil(try? StoreFile.load(from: fifo))
    }
    Thread {
      work.body()
      done.signal()
    }.start()
    if done.wait(timeout: .now() + 5) == .timedOut {
      XCTFail("opening a FIFO as a store waited for a writer")
      let writer = open(fifo, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
      done.wait()
    }
  }
}
