import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

/// bowq removes only regular files (``FileRemoval``): a folder, a symbolic link and a FIFO
/// with a name it removes — a progress file, an abandoned temporary file — stay as they are.
final class FileRemovalTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-removal").path
  }

  private func kind(_ path: String) -> FileKind? {
    var status = stat()
    return lstat(path, &status) == 0 ? FileKind(mode: status.st_mode) : nil
  }

  func testOnlyARegularFileIsRemoved() throws {
    let kept = folder + "/kept"
    try Data("mine".utf8).write(to: URL(fileURLWithPath: kept))
    XCTAssertEqual(mkdir(folder + "/folder", 0o700), 0)
    XCTAssertEqual(link(kept, folder + "/folder/inside"), 0)
    XCTAssertEqual(symlink(kept, folder + "/link"), 0)
    guard mkfifo(folder + "/fifo", 0o600) == 0 else { throw XCTSkip("no FIFO here") }
    for (name, kind) in [
      ("folder", FileKind.directory), ("link", .symbolicLink), ("fifo", .fifo),
    ] {
      XCTAssertThrowsError(try FileRemoval.removeRegularFile(at: folder + "/" + name)) {
        XCTAssertEqual($0 as? FileError, .notAFile(path: folder + "/" + name, kind: kind))
      }
      XCTAssertEqual(self.kind(folder + "/" + name), kind)
    }
    XCTAssertEqual(self.kind(folder + "/folder/inside"), .regularFile)
    XCTAssertEqual(try FileRemoval.removeRegularFile(at: kept), .removed)
    XCTAssertNil(kind(kept))
    XCTAssertEqual(try FileRemoval.removeRegularFile(at: kept), .absent)
    XCTAssertEqual(try FileRemoval.removeRegularFile(at: folder + "/missing/x"), .absent)
  }

  func testAbandonedTemporaryNamesThatAreNotFilesStay() throws {
    // A pid past any the kernel hands out: its process cannot be running.
    let dead = ".s.plist.tmp-2147483646-"
    XCTAssertEqual(mkdir(folder + "/\(dead)0", 0o700), 0)
    XCTAssertEqual(symlink(folder + "/\(dead)0", folder + "/\(dead)1"), 0)
    try Data().write(to: URL(fileURLWithPath: folder + "/\(dead)2"))
    StoreFile.removeAbandonedTemporaryFiles(of: folder + "/s.plist")
    XCTAssertEqual(kind(folder + "/\(dead)0"), .directory)
    XCTAssertEqual(kind(folder + "/\(dead)1"), .symbolicLink)
    XCTAssertNil(kind(folder + "/\(dead)2"), "an abandoned temporary file is removed")
  }
}
