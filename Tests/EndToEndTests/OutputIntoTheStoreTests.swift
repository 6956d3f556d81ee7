import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// `.once`, `.output` and `export` never write into the open store or the files that go
/// with it, however the path reaches them (a symbolic link, `..`, a hard link), and even
/// when the store is open `--read-only`: they refuse, saying which store file the path is,
/// and open, create and truncate nothing (issue 23, item 1).
final class OutputIntoTheStoreTests: XCTestCase {
  var home: URL!
  var folder: URL!

  override func setUpWithError() throws {
    home = try makeHome()
    folder = home.appendingPathComponent("files")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  private func path(_ name: String) -> String {
    folder.appendingPathComponent(name).path
  }

  /// The bytes of every file in the folder, links as their targets, and folders by name.
  private func snapshot() throws -> [String: Data] {
    var files: [String: Data] = [:]
    let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    for name in names {
      var status = stat()
      XCTAssertEqual(lstat(path(name), &status), 0, name)
      switch status.st_mode & S_IFMT {
      case S_IFLNK:
        files[name] = Data(
          try FileManager.default.destinationOfSymbolicLink(atPath: path(name)).utf8)
      case S_IFREG: files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
      default: files[name] = Data("folder".utf8)
      }
    }
    return files
  }

  /// Runs `bowq --store store [--read-only] -c command -c "count entity"` in the folder,
  /// once for each of `--read-only` and not, and checks that it fails with `message`,
  /// leaving every file as it was.
  private func assertRefused(
    _ command: String, store: String, entity: String, message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    for readOnly in [true, false] {
      let before = try snapshot()
      let result = try Bowq.run(
        ["--store", store] + (readOnly ? ["--read-only"] : []) + [
          "-c", command, "-c", "count \(entity)",
        ], home: home, directory: folder)
      XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)", file: file, line: line)
      XCTAssertTrue(
        result.stderr.contains(message), "\(command): \(result.stderr)", file: file, line: line)
      XCTAssertEqual(result.stdout, "", command, file: file, line: line)
      XCTAssertEqual(try snapshot(), before, "\(command) changed a file", file: file, line: line)
    }
  }

  func testTheCoreDataStoreAndItsJournalsAreNeverAnOutputFile() throws {
    let store = try Bowq.coreDataFixture("Books/Books.sqlite", in: folder)
    XCTAssertEqual(link(store.path, path("hard.sqlite")), 0)
    XCTAssertEqual(symlink("Books.sqlite", path("soft.sqlite")), 0)
    XCTAssertEqual(symlink("Books.sqlite-wal", path("log")), 0)
    try FileManager.default.createDirectory(
      atPath: path("sub"), withIntermediateDirectories: false)
    let it = "it is the open store Books.sqlite; choose another file for output"
    let wal = "it is Books.sqlite-wal, the write-ahead log of the open store Books.sqlite"
    for command in [".once", ".output"] {
      try assertRefused(
        "\(command) Books.sqlite", store: "Books.sqlite", entity: "Book",
        message: "cannot write Books.sqlite: \(it)")
      try assertRefused(
        "\(command) sub/../hard.sqlite", store: "Books.sqlite", entity: "Book",
        message: "cannot write sub/../hard.sqlite: \(it)")
      try assertRefused(
        "\(command) soft.sqlite", store: "Books.sqlite", entity: "Book",
        message: "cannot write soft.sqlite: \(it)")
      try assertRefused(
        "\(command) log", store: "Books.sqlite", entity: "Book",
        message: "cannot write log: \(wal)")
      try assertRefused(
        "\(command) \(path("Books.sqlite-shm"))", store: "Books.sqlite", entity: "Book",
        message: "the shared-memory index of the open store Books.sqlite")
      try assertRefused(
        "\(command) sub/../Books.sqlite-journal", store: "Books.sqlite", entity: "Book",
        message: "the rollback journal of the open store Books.sqlite")
      try assertRefused(
        "\(command) Books.sqlite.lock", store: "soft.sqlite", entity: "Book",
        message: "the lock file of the open store")
    }
    try assertRefused(
      "export Book to \"sub/../hard.sqlite\" as json", store: "Books.sqlite", entity: "Book",
      message: "cannot write \"sub/../hard.sqlite\": \(it)")
  }

  func testTheBowqStoreItsLockTemporaryAndExternalFilesAreNeverAnOutputFile() throws {
    let store = path("s.plist")
    let seeded = try Bowq.run(["--store", store, "--sample", "-c", "count BowTie"], home: home)
    XCTAssertEqual(seeded.status, 0, seeded.stderr)
    let external = path(".s.plist_SUPPORT/_EXTERNAL_DATA")
    try FileManager.default.createDirectory(atPath: external, withIntermediateDirectories: true)
    try Data("a value".utf8).write(to: URL(fileURLWithPath: external + "/0123"))
    XCTAssertEqual(link(external + "/0123", path("value.json")), 0)
    XCTAssertEqual(symlink(".s.plist_SUPPORT/_EXTERNAL_DATA", path("values")), 0)
    XCTAssertEqual(symlink("s.plist", path("link.plist")), 0)

    let it = "it is the open store s.plist; choose another file for output"
    try assertRefused(
      "export BowTie to \"s.plist\"", store: "s.plist", entity: "BowTie",
      message: "cannot write \"s.plist\": \(it)")
    try assertRefused(
      "export BowTie to \"link.plist\"", store: "s.plist", entity: "BowTie",
      message: "cannot write \"link.plist\": \(it)")
    try assertRefused(
      "export BowTie to \"values/new.json\"", store: "s.plist", entity: "BowTie",
      message: "it is inside .s.plist_SUPPORT, the external-data folder of the open store s.plist")
    try assertRefused(
      "export BowTie to \"value.json\"", store: "s.plist", entity: "BowTie",
      message: "it is a file inside .s.plist_SUPPORT, the external-data folder of the open store")
    try assertRefused(
      "export BowTie to \".s.plist.tmp-1-0\" as json", store: "s.plist", entity: "BowTie",
      message: "it is a temporary file of a save of the open store s.plist")
    try assertRefused(
      ".once s.plist.lock", store: "s.plist", entity: "BowTie",
      message: "it is s.plist.lock, the lock file of the open store s.plist")
    try assertRefused(
      ".output value.json", store: "link.plist", entity: "BowTie",
      message: "a file inside")

    let written = try Bowq.run(
      [
        "--store", "s.plist", "-c", "export BowTie to \"ties.json\"", "-c", ".once count.txt",
        "-c", "count BowTie",
      ], home: home, directory: folder)
    XCTAssertEqual(written.status, 0, written.stderr)
    XCTAssertEqual(try String(contentsOfFile: path("count.txt"), encoding: .utf8), "7\n")
  }

  func testTheTutorialsScratchSessionKeepsTheLearnersStoreSafe() throws {
    let store = path("s.plist")
    let seeded = try Bowq.run(["--store", store, "--sample", "-c", "count BowTie"], home: home)
    XCTAssertEqual(seeded.status, 0, seeded.stderr)
    let before = try snapshot()
    let result = try Bowq.run(
      ["--store", store], input: ".tutorial\nexport BowTie to \"s.plist\"\n.tutorial off\n",
      home: home, directory: folder)
    XCTAssertTrue(
      result.stderr.contains("cannot write \"s.plist\": it is the open store"), result.stderr)
    XCTAssertEqual(try snapshot(), before)
  }

  func testTheHistoryIsNeverWrittenIntoTheStore() throws {
    let store = path("s.plist")
    let seeded = try Bowq.run(["--store", store, "--sample", "-c", "count BowTie"], home: home)
    XCTAssertEqual(seeded.status, 0, seeded.stderr)
    let before = try snapshot()
    let terminal = try startShell(
      ["--store", store, "--read-only"], home: home, environment: ["BOWQ_HISTORY": store])
    try terminal.waitFor(
      "bowq: the history file \(store) is not written: it is the open store \(store)",
      joined: true)
    try terminal.enter("count BowTie")
    try terminal.waitFor("\n7\n")
    try terminal.enter(".quit")
    try terminal.waitFor("[EXIT=0]")
    XCTAssertEqual(try snapshot(), before)
  }
}
