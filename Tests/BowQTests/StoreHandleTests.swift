import Foundation
import XCTest

@testable import BowQ

/// Saving through a session's handle: the fingerprint check against other programs, the
/// read-only refusal, and the removal of temporary files that killed saves left.
final class StoreHandleTests: XCTestCase {
  private var folder: String!
  private var store: String { folder + "/ties.bowq" }

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-handle").path
  }

  private func graph(_ names: String...) -> ObjectGraph {
    var graph = ObjectGraph(
      model: Model(entities: [Entity(name: "T", attributes: [Attribute(name: "s", type: .string)])])
    )
    for name in names { graph.insert([.string(name)], into: "T") }
    return graph
  }

  private func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  func testSavesFollowEachOtherAndTheLockIsHeldUntilTheHandleGoes() throws {
    var handle: StoreHandle? = try StoreHandle(openingForWriting: store)
    XCTAssertEqual(handle?.isLocked, true)
    XCTAssertThrowsError(try handle?.load()) {
      XCTAssertEqual($0 as? StoreError, .fileNotFound(path: store))
    }
    try handle?.save(graph("a"))
    try handle?.save(graph("a", "b"))
    XCTAssertEqual(handle?.fingerprint, try StoreFingerprint.current(at: store))
    XCTAssertEqual(try StoreFile.load(from: store), graph("a", "b"))
    XCTAssertThrowsError(try StoreHandle(openingForWriting: store)) {
      guard case .locked(let path, let holder) = $0 as? StoreError else { return XCTFail("\($0)") }
      XCTAssertEqual(path, store)
      XCTAssertEqual(holder?.processID, getpid())
    }
    handle = nil
    XCTAssertEqual(try contents(), ["ties.bowq"])
    let reopened = try StoreHandle(openingForWriting: store)
    XCTAssertEqual(try reopened.load(), graph("a", "b"))
  }

  func testAFileChangedInPlaceIsNotOverwritten() throws {
    try StoreFile.save(graph("a"), to: store)
    let handle = try StoreHandle(openingForWriting: store)
    _ = try handle.load()
    let loaded = try XCTUnwrap(handle.fingerprint)
    let theirs = Data("their version".utf8)
    try theirs.write(to: URL(fileURLWithPath: store))
    XCTAssertThrowsError(try handle.save(graph("mine"))) {
      guard case .changedOnDisk(let path, let was, let found) = $0 as? StoreError else {
        return XCTFail("\($0)")
      }
      XCTAssertEqual(path, store)
      XCTAssertEqual(was, loaded)
      XCTAssertEqual(found.size, Int64(theirs.count))
      XCTAssertTrue(
        "\($0)".hasPrefix(
          "cannot save \(store): another program changed it since it was opened (it was "
            + "\(loaded.size) bytes, modified "), "\($0)")
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), theirs)
    XCTAssertEqual(try contents(), ["ties.bowq", "ties.bowq.lock"])
    XCTAssertEqual(handle.fingerprint, loaded, "a refused save keeps the version loaded")
  }

  func testAFileReplacedWithTheSameSizeAndTimeIsStillNoticed() throws {
    try StoreFile.save(graph("a"), to: store)
    let handle = try StoreHandle(openingForWriting: store)
    _ = try handle.load()
    let loaded = try XCTUnwrap(handle.fingerprint)
    let copy = folder + "/copy"
    try FileManager.default.copyItem(atPath: store, toPath: copy)
    var times = [
      timespec(
        tv_sec: Int(loaded.modificationSeconds), tv_nsec: Int(loaded.modificationNanoseconds)),
      timespec(
        tv_sec: Int(loaded.modificationSeconds), tv_nsec: Int(loaded.modificationNanoseconds)),
    ]
    XCTAssertEqual(utimensat(AT_FDCWD, copy, &times, 0), 0)
    XCTAssertEqual(rename(copy, store), 0)
    let found = try XCTUnwrap(try StoreFingerprint.current(at: store))
    XCTAssertEqual(found.size, loaded.size)
    XCTAssertEqual(found.modificationNanoseconds, loaded.modificationNanoseconds)
    XCTAssertNotEqual(found.inode, loaded.inode)
    XCTAssertThrowsError(try handle.save(graph("mine")))
  }

  func testAStoreCreatedByAnotherProgramAfterANewStoreStartedIsNotOverwritten() throws {
    let handle = try StoreHandle(openingForWriting: store)
    XCTAssertThrowsError(try handle.load())
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: store))
    XCTAssertThrowsError(try handle.save(graph("mine"))) {
      guard case .changedOnDisk(_, nil, _) = $0 as? StoreError else { return XCTFail("\($0)") }
      XCTAssertTrue(
        "\($0)".contains("another program created it since this new store was started"), "\($0)")
    }
  }

  func testAFileMovedAsideIsNotOverwrittenAndTheSaveGoesAhead() throws {
    try StoreFile.save(graph("a"), to: store)
    let handle = try StoreHandle(openingForWriting: store)
    _ = try handle.load()
    try FileManager.default.moveItem(atPath: store, toPath: store + ".other")
    try handle.save(graph("mine"))
    XCTAssertEqual(try StoreFile.load(from: store), graph("mine"))
    XCTAssertEqual(try StoreFile.load(from: store + ".other"), graph("a"))
  }

  func testAReadOnlyHandleNeverSavesNorLocks() throws {
    try StoreFile.save(graph("a"), to: store)
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    let handle = StoreHandle(openingReadOnly: store)
    XCTAssertFalse(handle.isLocked)
    XCTAssertEqual(try handle.salvage().graph, graph("a"))
    XCTAssertThrowsError(try handle.save(graph("b"))) {
      XCTAssertEqual($0 as? StoreError, .readOnly(path: store))
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), before)
    XCTAssertEqual(try contents(), ["ties.bowq"])
    let writer = try StoreHandle(openingForWriting: store)
    XCTAssertTrue(writer.isLocked, "a read-only session does not keep a writer out")
  }

  func testTemporaryFilesOfKilledSavesGoAtTheNextOpenAndSave() throws {
    try StoreFile.save(graph("a"), to: store)
    // Int32.max is above every pid_max: no process has it.
    let abandoned = ".ties.bowq.tmp-\(Int32.max)-0"
    let kept = [
      ".ties.bowq.tmp-1-0",  // pid 1 runs
      ".ties.bowq.tmp-\(getpid())-3",  // this process
      ".ties.bowq.tmp-x-0", ".ties.bowq.tmp-+5-0", ".ties.bowq.tmp-\(Int32.max)-",
      ".other.bowq.tmp-\(Int32.max)-0", "ties.bowq.tmp-\(Int32.max)-0",
    ]
    for name in [abandoned] + kept {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    let handle = try StoreHandle(openingForWriting: store)
    XCTAssertEqual(try contents(), (["ties.bowq", "ties.bowq.lock"] + kept).sorted())

    try Data("partial".utf8).write(to: URL(fileURLWithPath: folder + "/" + abandoned))
    _ = try handle.load()
    try handle.save(graph("b"))
    XCTAssertEqual(try contents(), (["ties.bowq", "ties.bowq.lock"] + kept).sorted())
  }

  func testTheTemporaryFileIsNamedAfterTheStoreAndProcess() throws {
    try FileManager.default.createDirectory(
      atPath: folder + "/.ties.bowq.tmp-\(getpid())-0", withIntermediateDirectories: false)
    try StoreFile.save(graph("a"), to: store)
    XCTAssertEqual(try contents(), [".ties.bowq.tmp-\(getpid())-0", "ties.bowq"])
  }

  func testFingerprintsDescribeSizeAndTimeToTheNanosecond() {
    let fingerprint = StoreFingerprint(
      device: 1, inode: 2, size: 1234, modificationSeconds: 1_717_243_200,
      modificationNanoseconds: 5)
    XCTAssertEqual(
      fingerprint.description, "1234 bytes, modified 2024-06-01 12:00:00.000000005 UTC")
    XCTAssertNil(try StoreFingerprint.current(at: folder + "/missing/file"))
  }
}
