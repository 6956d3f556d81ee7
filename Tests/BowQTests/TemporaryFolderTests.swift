import Foundation
import XCTest

/// A test's temporary folder goes, with everything in it, when the test ends: a run of the
/// suite leaves nothing in the system's temporary folder.
final class TemporaryFolderTests: XCTestCase {
  func testTheFolderAndItsFilesGoWhenTheTestEnds() throws {
    var made: URL?
    let test = XCTestCase(name: "writes") { test in
      let folder = try test.makeTemporaryFolder("bowq-cleanup")
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
      try Data("x".utf8).write(to: folder.appendingPathComponent("inner/file"))
      made = folder
    }
    test.invokeTest()
    let folder = try XCTUnwrap(made)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), folder.path)
  }
}
