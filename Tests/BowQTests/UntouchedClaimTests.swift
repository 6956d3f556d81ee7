import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

/// A message says a file was left untouched only when it checked
/// (``FileFingerprint/outcome(at:)``): the file is still the version it was.
final class UntouchedClaimTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-untouched").path
  }

  /// Sets the modification time of `path` to a fixed instant of 2001, its size and contents
  /// kept.
  private func touch(_ path: String) {
    var times = [
      timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0),
    ]
    XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
  }

  func testAFileIsCalledUntouchedOnlyWhenItIsStillTheVersionItWas() throws {
    let path = folder + "/f"
    try Data("one".utf8).write(to: URL(fileURLWithPath: path))
    let before = try XCTUnwrap(try FileFingerprint.current(at: path))
    XCTAssertEqual(before.outcome(at: path), "the file was left untouched")
    touch(path)
    XCTAssertTrue(
      before.outcome(at: path).hasPrefix("the file changed on disk meanwhile (it was "),
      before.outcome(at: path))
    XCTAssertEqual(unlink(path), 0)
    XCTAssertEqual(before.outcome(at: path), "the file is no longer there")
  }

  /// A Core Data store whose rows fail to read is called untouched only while it is the
  /// version the session opened; one changed since is said to have changed before anything
  /// is read from it.
  func testReadingTheRowsOfAChangedCoreDataStoreDoesNotCallItUntouched() throws {
    let path = try copyCoreDataFixture("Books/Books.sqlite").path
    SQLiteScript.run("UPDATE ZPAGE SET ZNUMBER = 'nineteen' WHERE Z_PK = 1", on: path)
    for changed in [false, true] {
      let file = try CoreDataStoreFile.open(path: path)
      let interpreter = Interpreter(
        context: Context(graph: ObjectGraph(model: file.bowqModel)),
        store: .coreData(path: path, uuid: file.schema.uuid), coreDataFile: file)
      if changed { touch(path) }
      XCTAssertThrowsError(try interpreter.run("show Page where number > 0")) { error in
        let message = (error as? EvaluationError)?.message ?? "\(error)"
        XCTAssertEqual(
          message.contains("cannot read the rows of the Core Data store"), !changed, message)
        XCTAssertEqual(message.hasSuffix("; the file was left untouched"), !changed, message)
        XCTAssertEqual(
          message.contains("was changed by another program since bowq opened it"), changed,
          message)
      }
    }
  }
}
