import Foundation
import XCTest

@testable import BowQ

/// Saving through a session's handle: the lock taken at the first edit or save, the
/// fingerprint checks against other programs, the read-only refusal, and the removal of
/// temporary files that killed saves left.
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

  func testTheFirstSaveTakesTheLockAndHoldsItUntilTheHandleGoes() throws {
    var handle: StoreHandle? = try StoreHandle(openingForWriting: store)
    XCTAssertEqual(handle?.isLocked, false, "opening takes no lock")
    XCTAssertThrowsError(try handle?.load()) {
      XCTAssertEqual($0 as? StoreError, .fileNotFound(path: store))
    }
    try handle?.save(graph("a"))
    XCTAssertEqual(handle?.isLocked, true)
    try handle?.save(graph("a", "b"))
    XCTAssertEqual(handle?.fingerprint, try StoreFingerprint.current(at: store))
    XCTAssertEqual(try StoreFile.load(from: store), graph("a", "b"))

    let other = try StoreHandle(openingForWriting: store)
    XCTAssertEqual(try other.load(), graph("a", "b"), "a second session opens and reads")
    for attempt in [{ try other.claim() }, { try other.save(self.graph("x")) }] {
      XCTAssertThrowsError(try attempt()) {
        guard case .locked(let path, let holder) = $0 as? StoreError else {
          return XCTFail("\($0)")
        }
        XCTAssertEqual(path, store)
        XCTAssertEqual(holder?.processID, getpid())
      }
    }
    XCTAssertFalse(other.isLocked)
    XCTAssertFalse(other.isClaimed)
    XCTAssertEqual(try StoreFile.load(from: store), graph("a", "b"))
    handle = nil
    XCTAssertEqual(try contents(), ["ties.bowq"])
    try other.claim()
    XCTAssertTrue(other.isLocked, "the store is free once its holder goes")
  }

  func testAReleasedStoreIsClaimedAgainByTheNextEdit() throws {
    let handle = try StoreHandle(openingForWriting: store)
    try handle.save(graph("a"))
    handle.release()
    XCTAssertFalse(handle.isLocked)
    XCTAssertEqual(try contents(), ["ties.bowq"])
    let other = try StoreHandle(openingForWriting: store)
    _ = try other.load()
    try other.claim()
    XCTAssertThrowsError(try handle.claim(), "the other session holds it now")
    other.release()
    try handle.claim()
    XCTAssertTrue(handle.isLocked, "the file is the version saved")
  }

  func testAClaimOfAStoreChangedSinceItWasLoadedIsRefusedAndKeepsNoLock() throws {
    try StoreFile.save(graph("a"), to: store)
    var first: StoreHandle? = try StoreHandle(openingForWriting: store)
    let second = try StoreHandle(openingForWriting: store)
    _ = try first?.load()
    let loaded = try second.load()
    XCTAssertEqual(loaded, graph("a"))
    let secondVersion = try XCTUnwrap(second.fingerprint)
    try first?.claim()
    try first?.save(graph("a", "b"))
    first = nil

    XCTAssertThrowsError(try second.claim()) {
      guard case .changedSinceLoaded(let path, let was, let found) = $0 as? StoreError else {
        return XCTFail("\($0)")
      }
      XCTAssertEqual(path, store)
      XCTAssertEqual(was, secondVersion)
      XCTAssertEqual(found, try? StoreFingerprint.current(at: store))
      XCTAssertTrue(
        "\($0)".hasPrefix(
          "cannot edit \(store): another program changed it since it was opened (it was "),
        "\($0)")
      XCTAssertTrue(
        "\($0)".hasSuffix(
          "Nothing was changed: read the store again (.reload at the prompt, or rerun bowq) to "
            + "edit the version on disk"), "\($0)")
    }
    XCTAssertFalse(second.isClaimed)
    XCTAssertFalse(second.isLocked)
    XCTAssertEqual(try contents(), ["ties.bowq"], "a refused claim keeps no lock")

    let reopened = try StoreHandle(openingForWriting: store)
    XCTAssertEqual(try reopened.load(), graph("a", "b"))
    try reopened.claim()
    XCTAssertTrue(reopened.isClaimed)
  }

  func testAnInterpreterClaimsItsStoreAtItsFirstEditAndARefusedEditChangesNothing() throws {
    try StoreFile.save(graph("a"), to: store)
    func session() throws -> (StoreHandle, Interpreter) {
      let handle = try StoreHandle(openingForWriting: store)
      return (handle, Interpreter(context: Context(graph: try handle.load()), store: .file(handle)))
    }
    let (firstHandle, first) = try session()
    let (secondHandle, second) = try session()
    _ = try first.run("count T; fetch T")
    XCTAssertFalse(firstHandle.isLocked, "reading claims nothing")
    _ = try first.run("insert T s = \"b\"")
    XCTAssertTrue(firstHandle.isClaimed)

    for edit in ["insert T s = \"c\"", "update T set s = \"c\"", "delete T", "entity U { n: Int }"]
    {
      XCTAssertThrowsError(try second.run(edit), edit) {
        XCTAssertTrue(
          "\($0)".contains(
            "is being edited in another bowq process (pid \(getpid()), since "), "\($0)")
      }
    }
    XCTAssertEqual(second.context.pendingChanges.count, 0)
    XCTAssertEqual(second.context.graph, graph("a"))
    XCTAssertFalse(secondHandle.isClaimed)
  }

  func testAClaimOfANewStoreThatAnotherProgramCreatedIsRefused() throws {
    let handle = try StoreHandle(openingForWriting: store)
    XCTAssertThrowsError(try handle.load())
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: store))
    XCTAssertThrowsError(try handle.claim()) {
      guard case .changedSinceLoaded(_, nil, _) = $0 as? StoreError else {
        return XCTFail("\($0)")
      }
      XCTAssertTrue(
        "\($0)".contains("another program created it since this new store was started"), "\($0)")
    }
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
    try handle.claim()
    XCTAssertFalse(handle.isLocked, "a read-only handle claims nothing")
    XCTAssertEqual(try contents(), ["ties.bowq"])
    let writer = try StoreHandle(openingForWriting: store)
    _ = try writer.load()
    try writer.claim()
    XCTAssertTrue(writer.isLocked, "a read-only session does not keep a writer out")
  }

  func testTemporaryFilesOfKilledSavesGoAtTheFirstClaimAndEverySave() throws {
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
    _ = try handle.load()
    XCTAssertEqual(
      try contents(), (["ties.bowq", abandoned] + kept).sorted(), "opening changes nothing")
    try handle.claim()
    XCTAssertEqual(try contents(), (["ties.bowq", "ties.bowq.lock"] + kept).sorted())

    try Data("partial".utf8).write(to: URL(fileURLWithPath: folder + "/" + abandoned))
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
