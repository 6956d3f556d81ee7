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
    home = try makeHome()
    folder = home.appendingPathComponent("files").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private func kind(_ path: String) -> mode_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
  }

  private func makeFIFO(_ name: String) throws -> String {
    let path = folder + "/" + name
    guard mkfifo(path, 0o644) == 0 else { throw XCTSkip("cannot make a FIFO here") }
    return path
  }

  /// Creates a store with one entity `T` and one object.
  private func makeStore(at path: String) throws {
    let result = try Bowq.run(
      ["--store", path, "-c", "entity T { s: String }", "-c", "insert T s = \"a\"; save"],
      home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
  }

  private func count(_ path: String) throws -> String {
    let result = try Bowq.run(["--store", path, "--read-only", "-c", "count T"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  // MARK: Export (issue 12, items 1 and 27)

  func testExportLeavesDevicesFIFOsAndFoldersAsTheyAre() throws {
    let fifo = try makeFIFO("ties.fifo")
    let cases: [(String, mode_t, String)] = [
      ("/dev/null", S_IFCHR, "Is a character device, not a file"),
      ("/dev/full", S_IFCHR, "Is a character device, not a file"),
      (fifo, S_IFIFO, "Is a FIFO (named pipe), not a file"),
      (folder, S_IFDIR, "Is a directory"),
    ]
    for (path, type, reason) in cases {
      let result = try Bowq.run(
        ["--memory", "--sample", "-c", "export BowTie to \"\(path)\" as json"], home: home)
      XCTAssertEqual(result.status, 1, path)
      XCTAssertTrue(
        result.stderr.contains("cannot write \"\(path)\": \(reason)"), result.stderr)
      XCTAssertEqual(kind(path), type, "\(path) is still what it was")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["ties.fifo"])
  }

  func testExportWritesThroughALinkAndKeepsModeAndOwner() throws {
    try FileManager.default.createDirectory(
      atPath: folder + "/out", withIntermediateDirectories: false)
    let target = folder + "/out/ties.json"
    try Data("[]".utf8).write(to: URL(fileURLWithPath: target))
    XCTAssertEqual(chmod(target, 0o600), 0)
    let owned = geteuid() == 0 && chown(target, 65534, 65534) == 0
    let link = folder + "/ties.json"
    XCTAssertEqual(symlink("out/ties.json", link), 0)

    let result = try Bowq.run(
      ["--memory", "--sample", "-c", "export BowTie to \"\(link)\""], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)

    XCTAssertEqual(kind(link), S_IFLNK, "the link stays a link")
    XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).contains("Red Bow Tie"))
    var status = stat()
    XCTAssertEqual(stat(target, &status), 0)
    XCTAssertEqual(status.st_mode & 0o777, 0o600)
    if owned {
      XCTAssertEqual(status.st_uid, 65534)
      XCTAssertEqual(status.st_gid, 65534)
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder + "/out"), ["ties.json"])
  }

  // MARK: The lock file (item 2)

  func testALockFileThatIsALinkIsNeitherFollowedNorTruncated() throws {
    let store = folder + "/s.bowq"
    try makeStore(at: store)
    let victim = folder + "/victim.txt"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
    XCTAssertEqual(symlink("victim.txt", store + ".lock"), 0)

    let reader = try Bowq.run(["--store", store, "-c", "count T"], home: home)
    XCTAssertEqual(reader.stdout, "1\n", "a reader takes no lock: \(reader.stderr)")
    let result = try Bowq.run(["--store", store, "-c", "insert T s = \"b\"; save"], home: home)

    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.contains(
        "cannot use the lock file \(store).lock: Is a symbolic link, not a file"), result.stderr)
    XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious")
    XCTAssertEqual(kind(store + ".lock"), S_IFLNK)
  }

  // MARK: Linked stores (item 3)

  func testSavingThroughALinkSavesTheRealStoreAndItsNamesShareOneLock() throws {
    for name in ["real", "links"] {
      try FileManager.default.createDirectory(
        atPath: folder + "/" + name, withIntermediateDirectories: false)
    }
    let real = folder + "/real/s.bowq"
    let link = folder + "/links/s.bowq"
    let hardLink = folder + "/real/hard.bowq"
    try makeStore(at: real)
    XCTAssertEqual(symlink("../real/s.bowq", link), 0)

    let saved = try Bowq.run(["--store", link, "-c", "insert T s = \"b\"; save"], home: home)
    XCTAssertEqual(saved.status, 0, saved.stderr)
    XCTAssertTrue(saved.stderr.contains("Saved 1 change."), saved.stderr)
    XCTAssertEqual(kind(link), S_IFLNK, "the link stays a link")
    XCTAssertEqual(try count(real), "2")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder + "/links"), ["s.bowq"])

    XCTAssertEqual(Glibc.link(real, hardLink), 0)
    let session = try BowqSession(["--store", link], home: home)
    defer { session.kill() }
    session.send("insert T s = \"c\"")
    try session.waitForError(containing: "Inserted 1 T.")
    for other in [real, hardLink] {
      let refused = try Bowq.run(["--store", other, "-c", "insert T s = \"x\"; save"], home: home)
      XCTAssertEqual(refused.status, 1, other)
      XCTAssertTrue(
        refused.stderr.contains("\(other) is being edited in another bowq process"),
        refused.stderr)
    }
    session.send("save")
    try session.waitForError(containing: "Saved 1 change.")
    XCTAssertEqual(try count(real), "3")
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

  // MARK: Owners (item 5)

  func testSavingAsRootKeepsTheOwnerOfTheStore() throws {
    guard geteuid() == 0 else { throw XCTSkip("only root can give a file to another user") }
    let store = folder + "/s.bowq"
    try makeStore(at: store)
    XCTAssertEqual(chown(store, 65534, 65534), 0)
    let result = try Bowq.run(["--store", store, "-c", "insert T s = \"b\"; save"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    var status = stat()
    XCTAssertEqual(stat(store, &status), 0)
    XCTAssertEqual(status.st_uid, 65534)
    XCTAssertEqual(status.st_gid, 65534)
    XCTAssertEqual(try count(store), "2")
  }

  // MARK: Stores, imports, plist and history that are not files (items 10 and 27)

  func testAStoreThatIsADeviceOrAFIFOIsRefusedUpFront() throws {
    let device = try Bowq.run(["--store", "/dev/zero", "-c", "count T"], home: home)
    XCTAssertEqual(device.status, 1)
    XCTAssertTrue(
      device.stderr.contains(
        "cannot open the store: cannot read /dev/zero: Is a character device, not a file"),
      device.stderr)
    XCTAssertNil(kind("/dev/zero.lock"))

    let fifo = try makeFIFO("s.bowq")
    let session = try BowqSession(["--store", fifo, "-c", "count T"], home: home)
    defer { session.kill() }
    try session.waitForError(
      containing: "cannot read \(fifo): Is a FIFO (named pipe), not a file", seconds: 10)
    XCTAssertEqual(kind(fifo), S_IFIFO)
  }

  func testImportAndPlistSayWhatIsWrong() throws {
    let imported = try Bowq.run(
      ["--memory", "-c", "entity T { s: String }; import \"/dev/zero\" into T"], home: home)
    XCTAssertEqual(imported.status, 1)
    XCTAssertTrue(
      imported.stderr.contains("cannot read \"/dev/zero\": Is a character device, not a file"),
      imported.stderr)

    let plist = try Bowq.run(["plist", folder], home: home)
    XCTAssertEqual(plist.status, 1)
    XCTAssertEqual(plist.stderr, "bowq: cannot read \(folder!): Is a directory\n")
  }

  func testAHistoryFileThatIsAFIFOOrAFolderTurnsHistoryOff() throws {
    let fifo = try makeFIFO("history")
    for (path, reason) in [
      (fifo, "Is a FIFO (named pipe), not a file"), (folder!, "Is a directory"),
    ] {
      let terminal = try Terminal(
        arguments: ["--memory"], home: home, environment: ["BOWQ_HISTORY": path])
      defer { terminal.close() }
      let screen = try terminal.waitFor("bowq>", joined: true)
      XCTAssertTrue(
        screen.contains("history file '\(path)': \(reason); history will not be saved"), screen)
      try terminal.enter("entity T { s: String }")
      try terminal.waitFor("bowq>", count: 2)
      try terminal.pressAtPrompt("C-d")
      try terminal.waitFor("Ctrl-D again to discard it")
      try terminal.pressAtPrompt("C-d")
      try terminal.waitFor("[EXIT=0]")
      XCTAssertEqual(kind(path), path == fifo ? S_IFIFO : S_IFDIR)
    }
  }
}
