import Foundation
import XCTest

@testable import BowQ

/// Opening a store as a session, as the shell and the Swift API do: new, existing,
/// read-only, locked and Core Data stores, and what each failure says became of the file.
final class StoreOpeningTests: XCTestCase {
  func testANewStoreIsWrittenOnlyWhenAsked() throws {
    let path = try makeTemporaryFolder("bowq-opening").appendingPathComponent("new.bowq").path
    let opened = try StoreOpening(path: path).open()
    XCTAssertTrue(opened.isNew)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    _ = try opened.interpreter.run("entity T { n: Int64 }; insert T n = 1")
    try opened.writeNewStore()
    let again = try StoreOpening(path: path, readOnly: true).open()
    XCTAssertFalse(again.isNew)
    XCTAssertEqual(try again.interpreter.run("count T"), [.count(entity: "T", 1)])
  }

  func testFailuresSayWhatAndWhatBecameOfTheFile() throws {
    let folder = try makeTemporaryFolder("bowq-opening")
    let missing = folder.appendingPathComponent("missing.bowq").path
    XCTAssertThrowsError(try StoreOpening(path: missing, readOnly: true).open()) {
      XCTAssertEqual(($0 as? StoreOpeningError)?.kind, .missing)
    }
    let damaged = folder.appendingPathComponent("damaged.bowq").path
    try Data("bplist00 not really".utf8).write(to: URL(fileURLWithPath: damaged))
    XCTAssertThrowsError(try StoreOpening(path: damaged).open()) {
      let error = $0 as? StoreOpeningError
      XCTAssertEqual(error?.kind, .unreadable)
      XCTAssertEqual(error?.fileOutcome, "the file was left untouched")
    }
    XCTAssertThrowsError(try StoreOpening(path: damaged, modelPath: "Model.momd").open()) {
      XCTAssertEqual(($0 as? StoreOpeningError)?.kind, .notCoreData(.model))
    }
  }

  func testAStoreBeingEditedOpensAndRefusesTheSecondEditor() throws {
    let path = try makeTemporaryFolder("bowq-opening").appendingPathComponent("s.bowq").path
    let first = try StoreOpening(path: path).open()
    _ = try first.interpreter.run("entity T { n: Int64 }")
    try first.writeNewStore()
    let editing = try StoreOpening(path: path).open()
    _ = try editing.interpreter.run("insert T n = 1")
    let second = try StoreOpening(path: path).open()
    XCTAssertThrowsError(try second.interpreter.run("insert T n = 2")) {
      XCTAssertTrue("\($0)".contains("is being edited in another bowq process"), "\($0)")
    }
    XCTAssertEqual(
      try StoreOpening(path: path, readOnly: true).open().interpreter.run("count T"),
      [.count(entity: "T", 0)])
  }

  func testACoreDataStoreOpensInPlaceWithItsNotes() throws {
    let path = try copyCoreDataFixture("SurfJournal/SurfJournalModel.sqlite").path
    try FileManager.default.copyItem(
      at: CoreDataFixtures.folder.appendingPathComponent("SurfJournal/SurfJournalModel.sqlite-wal"),
      to: URL(fileURLWithPath: path + "-wal"))
    let opened = try StoreOpening(path: path).open()
    XCTAssertTrue(opened.isCoreData)
    XCTAssertFalse(opened.isNew)
    XCTAssertEqual(opened.warnings.count, 1, "the model is guessed: \(opened.warnings)")
    XCTAssertTrue(
      opened.notes.contains { $0.contains("write-ahead log") }, "\(opened.notes)")
    XCTAssertEqual(
      try opened.interpreter.run("count JournalEntry"), [.count(entity: "JournalEntry", 5000)])
  }

  func testASessionReadsItsStoreAgainAfterAnotherSaved() throws {
    let path = try makeTemporaryFolder("bowq-opening").appendingPathComponent("s.bowq").path
    let first = try StoreOpening(path: path).open()
    _ = try first.interpreter.run("entity T { n: Int64 }")
    try first.writeNewStore()
    let mine = try StoreOpening(path: path).open().interpreter
    let theirs = try StoreOpening(path: path).open().interpreter
    _ = try theirs.run("insert T n = 1; save")
    if case .file(let handle) = theirs.store { handle.release() }  // as when it quits
    XCTAssertThrowsError(try mine.run("insert T n = 2")) {
      XCTAssertTrue("\($0)".contains(".reload"), "\($0)")
    }
    XCTAssertEqual(try mine.reload(), 1)
    _ = try mine.run("insert T n = 2")
    XCTAssertThrowsError(try mine.reload()) {
      XCTAssertEqual(
        "\($0)", "cannot read the store again: 1 change would be lost: save or roll back first")
    }
    _ = try mine.run("save")
    XCTAssertEqual(
      try StoreOpening(path: path, readOnly: true).open().interpreter.run("count T"),
      [.count(entity: "T", 2)])
    let memory = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    XCTAssertThrowsError(try memory.reload()) { XCTAssertTrue($0 is ReloadRefusal) }
  }
}
