import Foundation
import XCTest

@testable import BowQ

final class StoreLockTests: XCTestCase {
  private var folder: String!
  private var store: String { folder + "/ties.bowq" }

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-lock").path
  }

  /// The error of taking the store's lock, which another holder has.
  private func acquireFailure() -> StoreError? {
    do {
      _ = try StoreLock.acquire(for: store)
      return nil
    } catch {
      return error
    }
  }

  private let holder = StoreLockHolder(
    processID: 4242, started: "2024-06-01T12:00:00Z", command: "bowq --store ties.bowq")

  func testTheHolderIsNamedToTheNextProcessAndTheFileGoesWithTheLock() throws {
    var lock = try StoreLock.acquire(for: store, holder: holder)
    let held = lock != nil
    XCTAssertTrue(held)
    XCTAssertEqual(
      try String(contentsOfFile: store + ".lock", encoding: .utf8),
      "pid 4242\nstarted 2024-06-01T12:00:00Z\ncommand bowq --store ties.bowq\n")
    let refusal = acquireFailure()
    XCTAssertEqual(refusal, .locked(path: store, holder: holder))
    XCTAssertEqual(
      refusal?.description,
      "\(store) is being edited in another bowq process "
        + "(pid 4242, since 2024-06-01T12:00:00Z: bowq --store ties.bowq)")
    lock = nil
    XCTAssertFalse(FileManager.default.fileExists(atPath: store + ".lock"))
    let again = try StoreLock.acquire(for: store) != nil
    XCTAssertTrue(again)
  }

  func testAStaleLockFileOfAKilledHolderDoesNotKeepAnyoneOut() throws {
    try "pid 999999\nstarted 2020-01-01T00:00:00Z\ncommand bowq\n"
      .write(toFile: store + ".lock", atomically: true, encoding: .utf8)
    let lock = try StoreLock.acquire(for: store, holder: holder)
    let held = lock != nil
    XCTAssertTrue(held)
    XCTAssertEqual(
      try String(contentsOfFile: store + ".lock", encoding: .utf8), holder.fileContents)
  }

  func testAHolderThatHasNotWrittenItsNameYetIsUnnamed() throws {
    let lock = try StoreLock.acquire(for: store, holder: holder)
    let held = lock != nil
    XCTAssertTrue(held)
    try Data().write(to: URL(fileURLWithPath: store + ".lock"))
    let refusal = acquireFailure()
    XCTAssertEqual(refusal, .locked(path: store, holder: nil))
    XCTAssertEqual(refusal?.description, "\(store) is being edited in another bowq process")
  }

  func testAFolderWhereNoLockFileCanBeMadeGivesNoLock() throws {
    let missing = try StoreLock.acquire(for: folder + "/missing/ties.bowq") == nil
    XCTAssertTrue(missing)
    let file = folder + "/file"
    try Data().write(to: URL(fileURLWithPath: file))
    let notAFolder = try StoreLock.acquire(for: file + "/ties.bowq") == nil
    XCTAssertTrue(notAFolder)
  }

  func testHolderFileContentsRoundTrip() {
    XCTAssertEqual(StoreLockHolder(fileContents: holder.fileContents), holder)
    XCTAssertEqual(
      StoreLockHolder(fileContents: "pid 7\n"), StoreLockHolder(processID: 7))
    XCTAssertNil(StoreLockHolder(fileContents: ""))
    XCTAssertNil(StoreLockHolder(fileContents: "pid x\n"))
    XCTAssertEqual(StoreLockHolder.current.processID, getpid())
  }

  func testCommandLinesAreQuotedAsAShellNeedsAndShortened() {
    XCTAssertEqual(
      StoreLockHolder.commandLine(["/usr/local/bin/bowq", "--store", "a b.bowq", "-c", "it's"]),
      "bowq --store 'a b.bowq' -c 'it'\\''s'")
    XCTAssertEqual(StoreLockHolder.commandLine(["bowq", "-c", "a\nb", ""]), "bowq -c 'a\\nb' ''")
    let long = StoreLockHolder.commandLine(["bowq", "-c", String(repeating: "x", count: 500)])
    XCTAssertEqual(long.count, StoreLockHolder.maximumCommandLength)
    XCTAssertTrue(long.hasSuffix("…"))
  }
}
