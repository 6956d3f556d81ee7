import BowQ
import Foundation
import XCTest

/// Saving when the disk, the folder or the file is not what it was, two bowq processes on
/// one store, and damaged stores: through the real binary, checking the messages, that
/// changes stay pending, and that files are left as they were.
final class StoreDurabilityTests: XCTestCase {
  var home: URL!
  var folder: URL!
  var store: URL { folder.appendingPathComponent("ties.bowq") }

  override func setUpWithError() throws {
    home = try makeHome()
    folder = home.appendingPathComponent("stores")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Creates a store with two entities, `T` and `U`, one object each.
  private func makeStore(at path: String) throws {
    let result = try Bowq.run(
      [
        "--store", path, "-c", "entity T { s: String }; entity U { n: Int32 }",
        "-c", "insert T s = \"kept\"; insert U n = 7; save",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
  }

  private func contents(of url: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// Runs a session from a pipe that inserts, saves and lists its changes, calling
  /// `beforeSaving` between the insert and the save.
  private func insertAndSave(
    _ path: String, value: String = "new", beforeSaving: () throws -> Void = {}
  ) throws -> Bowq.Result {
    let session = try BowqSession(["--store", path, "--keep-going"], home: home)
    session.send("insert T s = \"\(value)\"")
    try session.waitForError(containing: "Inserted 1 T.")
    try beforeSaving()
    session.send("save")
    session.send("changes")
    return try session.finish()
  }

  /// The changes list of a session whose insert of `value` is still pending.
  private func assertPending(_ result: Bowq.Result, _ value: String = "new", line: UInt = #line) {
    XCTAssertEqual(result.status, 1, line: line)
    XCTAssertTrue(result.stdout.hasPrefix("+ T/"), result.stdout, line: line)
    XCTAssertTrue(result.stdout.contains("s = \"\(value)\""), result.stdout, line: line)
  }

  // MARK: Saving fails

  /// A new folder `name` in the test's folder with a tmpfs of `size` mounted on it until
  /// the test ends; the test is skipped where mounting is not allowed.
  private func mountTmpfs(_ name: String, size: String) throws -> URL {
    let mountPoint = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: false)
    guard
      Self.system(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint.path]) == 0
    else {
      throw XCTSkip("cannot mount a tmpfs here")
    }
    addTeardownBlock { Self.system(["umount", mountPoint.path]) }
    return mountPoint
  }

  func testAFullDiskKeepsTheChangesPendingAndTheOldStore() throws {
    let small = try mountTmpfs("small", size: "64k")
    let path = small.appendingPathComponent("ties.bowq").path
    try makeStore(at: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let big = String(repeating: "x", count: 100_000)
    let result = try insertAndSave(path, value: big)
    XCTAssertTrue(
      result.stderr.contains("cannot save \(path): cannot write: No space left on device"),
      result.stderr)
    assertPending(result, big)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    XCTAssertEqual(try contents(of: small), ["ties.bowq"])
  }

  func testAReadOnlyFolderKeepsTheChangesPending() throws {
    let mounted = try mountTmpfs("mounted", size: "1m")
    let path = mounted.appendingPathComponent("ties.bowq").path
    try makeStore(at: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertEqual(Self.system(["mount", "-o", "remount,ro", mounted.path]), 0)

    let result = try insertAndSave(path)
    XCTAssertTrue(
      result.stderr.contains(
        "cannot save \(path): cannot create a temporary file in \(mounted.path): "
          + "Read-only file system"), result.stderr)
    assertPending(result)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    XCTAssertEqual(try contents(of: mounted), ["ties.bowq"])
  }

  func testAFolderRemovedDuringTheSessionKeepsTheChangesPending() throws {
    let inner = folder.appendingPathComponent("inner")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    let path = inner.appendingPathComponent("ties.bowq").path
    try makeStore(at: path)
    let result = try insertAndSave(path) {
      try FileManager.default.removeItem(at: inner)
    }
    XCTAssertTrue(
      result.stderr.contains(
        "cannot save \(path): cannot create a temporary file in \(inner.path): "
          + "No such file or directory"), result.stderr)
    assertPending(result)
    XCTAssertEqual(try contents(of: folder), [])
  }

  func testAFolderReplacedByAFileKeepsTheChangesPending() throws {
    let inner = folder.appendingPathComponent("inner")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    let path = inner.appendingPathComponent("ties.bowq").path
    try makeStore(at: path)
    let result = try insertAndSave(path) {
      try FileManager.default.removeItem(at: inner)
      try Data("not a folder".utf8).write(to: inner)
    }
    XCTAssertTrue(
      result.stderr.contains(
        "cannot save \(path): cannot create a temporary file in \(inner.path): Not a directory"),
      result.stderr)
    assertPending(result)
    XCTAssertEqual(try String(contentsOf: inner, encoding: .utf8), "not a folder")
  }

  // MARK: Two processes

  func testASecondBowqReadsWhileTheFirstEditsAndIsToldWhoHoldsTheStoreWhenItEdits() throws {
    try makeStore(at: store.path)
    let first = try BowqSession(["--store", store.path], home: home)
    first.send("insert T s = \"first\"")
    try first.waitForError(containing: "Inserted 1 T.")

    let counting = try Bowq.run(["--store", store.path, "-c", "count T"], home: home)
    XCTAssertEqual(counting.stdout, "1\n", "a reader opens the store an editor holds")
    XCTAssertEqual(counting.status, 0, counting.stderr)

    let second = try Bowq.run(
      ["--store", store.path, "-c", "count T; insert T s = \"second\"; save"], home: home)
    XCTAssertEqual(second.status, 1)
    XCTAssertEqual(second.stdout, "1\n")
    XCTAssertTrue(
      second.stderr.contains(
        "\(store.path) is being edited in another bowq process (pid "
          + "\(first.processIdentifier), since "), second.stderr)
    XCTAssertTrue(second.stderr.contains(": bowq --store \(store.path))."), second.stderr)
    XCTAssertTrue(
      second.stderr.contains(
        "Nothing was changed: edit again once that process has quit (if it saved, read the "
          + "store again first: .reload)"), second.stderr)

    let reader = try Bowq.run(
      ["--store", store.path, "--read-only", "-c", "count T", "-c", "insert T s = \"r\"; save"],
      home: home)
    XCTAssertEqual(reader.stdout, "1\n", "the read-only session sees the saved version")
    XCTAssertEqual(reader.status, 1)
    XCTAssertTrue(
      reader.stderr.contains(
        "cannot save \(store.path): the store is open read-only, so nothing was written"),
      reader.stderr)

    first.send("save")
    let firstResult = try first.finish()
    XCTAssertEqual(firstResult.status, 0, firstResult.stderr)
    let after = try Bowq.run(["--store", store.path, "-c", "count T"], home: home)
    XCTAssertEqual(after.stdout, "2\n", after.stderr)
    XCTAssertEqual(try contents(of: folder), ["ties.bowq"], "the lock file goes with its holder")
  }

  func testAStoreChangedOnDiskIsNotOverwritten() throws {
    try makeStore(at: store.path)
    let theirs = Data("their version".utf8)
    let result = try insertAndSave(store.path) {
      try theirs.write(to: store)
    }
    XCTAssertTrue(
      result.stderr.contains(
        "cannot save \(store.path): another program changed it since it was opened (it was "),
      result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "Nothing was written and the changes are still pending. To keep the version on disk, "
          + "discard them with rollback and read the store again (.reload); to keep yours, move that "
          + "file aside (mv \(store.path) \(store.path).other) and save again"), result.stderr)
    assertPending(result)
    XCTAssertEqual(try Data(contentsOf: store), theirs)
    XCTAssertEqual(try contents(of: folder), ["ties.bowq"])
  }

  func testMovingTheOtherVersionAsideLetsTheSessionSave() throws {
    try makeStore(at: store.path)
    let aside = folder.appendingPathComponent("ties.bowq.other")
    let session = try BowqSession(["--store", store.path, "--keep-going"], home: home)
    session.send("insert T s = \"mine\"")
    try session.waitForError(containing: "Inserted 1 T.")
    try Data("their version".utf8).write(to: store)
    session.send("save")
    try session.waitForError(containing: "another program changed it")
    try FileManager.default.moveItem(at: store, to: aside)
    session.send("save")
    let result = try session.finish()
    XCTAssertTrue(result.stderr.hasSuffix("Saved 1 change.\n"), result.stderr)
    XCTAssertEqual(try String(contentsOf: aside, encoding: .utf8), "their version")
    let reopened = try Bowq.run(["--store", store.path, "-c", "count T"], home: home)
    XCTAssertEqual(reopened.stdout, "2\n", reopened.stderr)
  }

  // MARK: Damaged stores

  /// Every way of opening a damaged store for writing fails, says where the damage is and
  /// the ways on, and leaves the file as it was.
  private func assertRefusedAndUntouched(
    _ path: String, _ fragment: String, line: UInt = #line
  ) throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let folderBefore = try contents(of: URL(fileURLWithPath: path).deletingLastPathComponent())
    let script = home.appendingPathComponent("edit.bowq")
    try "insert T s = \"x\"\nsave\n".write(to: script, atomically: true, encoding: .utf8)
    let runs = [
      ["--store", path, "-c", "save"],
      ["--store", path, "-c", "entity V { a: String }; save"],
      ["--store", path, script.path],
      ["--store", path, "--keep-going", script.path],
    ]
    for arguments in runs {
      let result = try Bowq.run(arguments, home: home)
      XCTAssertEqual(result.status, 1, "\(arguments)", line: line)
      XCTAssertTrue(
        result.stderr.hasPrefix("bowq: cannot open the store: \(path)"), result.stderr, line: line)
      XCTAssertTrue(result.stderr.contains(fragment), result.stderr, line: line)
      XCTAssertTrue(
        result.stderr.hasSuffix(
          "The file was left untouched. Use --read-only to look at what can be read from it, "
            + "or --store NEW to start a new store elsewhere.\n"), result.stderr, line: line)
      XCTAssertEqual(
        try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(arguments)", line: line)
      XCTAssertEqual(
        try contents(of: URL(fileURLWithPath: path).deletingLastPathComponent()), folderBefore,
        line: line)
    }
  }

  func testATruncatedStoreIsNeverOverwritten() throws {
    try makeStore(at: store.path)
    var bytes = try Data(contentsOf: store)
    bytes.removeLast(7)
    try bytes.write(to: store)
    try assertRefusedAndUntouched(store.path, "is not a valid store file: byte ")

    let readOnly = try Bowq.run(
      ["--store", store.path, "--read-only", "-c", "count T"], home: home)
    XCTAssertEqual(readOnly.status, 1)
    XCTAssertTrue(
      readOnly.stderr.contains(
        "bowq: cannot open the store read-only: \(store.path) is not a "
          + "valid store file: byte "), readOnly.stderr)
    XCTAssertTrue(
      readOnly.stderr.hasSuffix(
        "Nothing in it can be read; the file was left untouched. Use --store NEW to start a "
          + "new store elsewhere.\n"), readOnly.stderr)
  }

  func testReadOnlyOpensOnlyAStoreThatExists() throws {
    let result = try Bowq.run(["--store", store.path, "--read-only", "-c", "count T"], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      "bowq: cannot open the store read-only: there is no store file at \(store.path)\n")
    XCTAssertEqual(try contents(of: folder), [])
  }

  func testADamagedDefaultStoreIsNeverReseededOrOverwritten() throws {
    let seeded = try Bowq.run(["-c", "count BowTie"], home: home)
    XCTAssertEqual(seeded.stdout, "7\n", seeded.stderr)
    let path = home.appendingPathComponent("data/bowq/default.plist").path
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes[0] = UInt8(ascii: "X")
    try bytes.write(to: URL(fileURLWithPath: path))
    let result = try Bowq.run(["-c", "count BowTie"], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("byte 0: not a binary property list"), result.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes)
  }

  /// A store whose `U` objects are damaged (a string in the Int32 column) opens, since its
  /// columns are read as statements need them: for writing, every statement that reads
  /// `U.n` (an edit reads every column) is refused with the column's error and changes
  /// nothing; read-only, the first such statement reads `T` in full and leaves `U` out.
  func testReadOnlyOpensEveryEntityThatDecodes() throws {
    try makeStore(at: store.path)
    guard
      case .dictionary(var root) = try BinaryPropertyListReader.decode(Data(contentsOf: store)),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var objects) = entities["U"],
      case .dictionary(var columns) = objects["columns"]
    else { return XCTFail("unexpected store layout") }
    columns["n"] = .array([.string("seven")])
    objects["columns"] = .dictionary(columns)
    entities["U"] = .dictionary(objects)
    root["entities"] = .dictionary(entities)
    try BinaryPropertyListWriter.encode(.dictionary(root)).write(to: store)

    let before = try Data(contentsOf: store)
    let problem = "\(store.path): entity U, attribute n, row 0: expected an integer, found a string"
    for statement in [
      "fetch U", "count U where n > 1", "insert T s = \"x\"", "entity V { a: String }",
    ] {
      let refused = try Bowq.run(
        ["--store", store.path, "-c", "fetch T", "-c", statement, "-c", "save"], home: home)
      XCTAssertEqual(refused.status, 1, statement)
      XCTAssertTrue(refused.stdout.contains("kept"), refused.stdout)
      XCTAssertTrue(refused.stderr.hasPrefix("-c#2:1:1: error: \(problem)\n"), refused.stderr)
      XCTAssertEqual(try Data(contentsOf: store), before, statement)
    }

    let result = try Bowq.run(
      [
        "--store", store.path, "--read-only", "-c", "fetch T", "-c", "fetch U", "-c", "count U",
        "-c", "insert T s = \"more\"", "-c", "save",
      ], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stdout.contains("kept"), result.stdout)
    XCTAssertTrue(result.stdout.hasSuffix("0\n"), result.stdout)
    XCTAssertTrue(
      result.stderr.hasPrefix(
        "-c#2:1:1: warning: \(store.path) is damaged; it is open read-only with what could be "
          + "read. Left out:\n  entity U, attribute n, row 0: expected an integer, found a "
          + "string\n"), result.stderr)
    XCTAssertTrue(result.stderr.contains("the store is open read-only"), result.stderr)
    XCTAssertEqual(try Data(contentsOf: store), before)
    XCTAssertEqual(try contents(of: folder), ["ties.bowq"])
  }

  @discardableResult
  static func system(_ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
