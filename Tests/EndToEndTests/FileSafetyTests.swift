import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// What bowq does with paths that are not plain files — devices, FIFOs, folders, symbolic
/// and hard links, files of another user — through the real binary: it says what is wrong,
/// never replaces or truncates them, never waits on a FIFO, and saves a linked store where
/// it really is. Tests run as root here; devices are opened and checked, never replaced.
final class FileSafetyTests: XCTestCase {
  var home: URL!
  var folder: String!

  override func setUpWithError() throws {
    home = try Bowq.makeHome()
    folder = home.appendingPathComponent("files").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: home)
  }

  private func kind(_ path: String) -> mode_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
  }

  /// Creates a store with one entity `T` and one object.
  private func makeStore(at path: String) throws {
    let result = try Bowq.run(
      ["--store", path, "-c", "entity T { s: String }", "-c", "insert T s = \"a\"; save"],
      home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
  }

  // MARK: The lock file (item 2)

  func testALockFileThatIsALinkIsNeitherFollowedNorTruncated() throws {
    let store = folder + "/s.bowq"
    try makeStore(at: store)
    let victim = folder + "/victim.txt"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    XCTAssertEqual(symlink("victim.txt", store + ".lock"), 0)

    let result = try Bowq.run(["--store", store, "-c", "count T"], home: home)

    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.contains(
        "cannot use the lock file \(store).lock: Is a symbolic link, not a file"), result.stderr)
    XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious")
    XCTAssertEqual(kind(store + ".lock"), S_IFLNK)
  }

  // MARK: Edits in place (item 4)

  func testAnEditInPlaceThatRestoresTheModificationTimeIsNotOverwritten() throws {
    let store = folder + "/s.bowq"
    try makeStore(at: store)
    let session = try BowqSession(["--store", store, "--keep-going"], home: home)
    defer { session.kill() }
    session.send("insert T s = \"mine\"")
    try session.waitForError(containing: "Inserted 1 T.")

    var before = stat()
    XCTAssertEqual(stat(store, &before), 0)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: store))
    bytes[bytes.count - 1] ^= 0xFF
    let fd = open(store, O_WRONLY)
    XCTAssertGreaterThanOrEqual(fd, 0)
    _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    close(fd)
    var times = [before.st_atim, before.st_mtim]
    XCTAssertEqual(utimensat(AT_FDCWD, store, &times, 0), 0)

    session.send("save")
    try session.waitForError(containing: "another program changed it since it was opened")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), bytes, "their edit is kept")
  }
}
