import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

/// The files of an open store, which no output may be (``ReservedFiles``): by name, through
/// links and `..`, or by inode, whether they exist yet or not.
final class ReservedFilesTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-reserved").path
  }

  private func write(_ name: String, _ text: String = "x") throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
  }

  /// What checking `name` (in the folder) says: nil when it may be written.
  private func refusal(_ name: String, of files: ReservedFiles) -> String? {
    do {
      try files.check(name.hasPrefix("/") ? name : folder + "/" + name)
      return nil
    } catch {
      guard case .reserved(_, let member) = error else { return "\(error)" }
      return member
    }
  }

  func testAPathIsItsStoreFileByNameLinkOrInodeWhetherOrNotTheFileExists() throws {
    try write("b.sqlite")
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: false)
    XCTAssertEqual(link(folder + "/b.sqlite", folder + "/sub/hard"), 0)
    XCTAssertEqual(symlink("../b.sqlite-wal", folder + "/sub/soft"), 0)
    XCTAssertEqual(symlink(folder, folder + "/sub/up"), 0)
    let files = ReservedFiles.ofCoreDataStore(at: folder + "/b.sqlite")
    let store = "the open store \(folder!)/b.sqlite"
    XCTAssertEqual(refusal("b.sqlite", of: files), store)
    XCTAssertEqual(refusal("sub/hard", of: files), store)
    XCTAssertEqual(refusal("sub/up/sub/../b.sqlite", of: files), store)
    XCTAssertEqual(
      refusal("sub/soft", of: files),
      "\(folder!)/b.sqlite-wal, the write-ahead log of \(store)")
    XCTAssertEqual(
      refusal("sub/up/b.sqlite-journal", of: files),
      "\(folder!)/b.sqlite-journal, the rollback journal of \(store)")
    XCTAssertNotNil(refusal("b.sqlite-shm", of: files))
    XCTAssertNotNil(refusal("b.sqlite.lock", of: files))
    XCTAssertNotNil(refusal(".b_SUPPORT", of: files))
    for free in ["b.sqlite2", "sub/b.sqlite", "b.sqlite-wal2", "missing/b.sqlite", "B.sqlite"] {
      XCTAssertNil(refusal(free, of: files), free)
    }
    XCTAssertNil(refusal("b.sqlite", of: ReservedFiles()))
  }

  func testABowqStoresFolderHoldsItsExternalValuesAndItsTemporaryFilesAreItsOwn() throws {
    try write("s.plist")
    let values = folder + "/.s.plist_SUPPORT/_EXTERNAL_DATA"
    try FileManager.default.createDirectory(atPath: values, withIntermediateDirectories: true)
    try write(".s.plist_SUPPORT/_EXTERNAL_DATA/abc")
    XCTAssertEqual(link(values + "/abc", folder + "/elsewhere"), 0)
    XCTAssertEqual(symlink("s.plist", folder + "/link.plist"), 0)
    let files = ReservedFiles.ofStore(at: folder + "/link.plist")
    let support = "\(folder!)/.s.plist_SUPPORT, the external-data folder of the open store"
    XCTAssertEqual(
      refusal(".s.plist_SUPPORT/_EXTERNAL_DATA/abc", of: files),
      "inside \(support) \(folder!)/s.plist")
    XCTAssertEqual(
      refusal(".s.plist_SUPPORT/_EXTERNAL_DATA/new", of: files),
      "inside \(support) \(folder!)/s.plist")
    XCTAssertEqual(
      refusal("elsewhere", of: files), "a file inside \(support) \(folder!)/s.plist")
    XCTAssertEqual(refusal("s.plist", of: files), "the open store \(folder!)/link.plist")
    XCTAssertEqual(refusal("link.plist", of: files), "the open store \(folder!)/link.plist")
    XCTAssertNotNil(refusal(".s.plist.tmp-12-0", of: files))
    XCTAssertNotNil(refusal("s.plist.lock", of: files))
    XCTAssertNotNil(refusal("link.plist.lock", of: files))
    XCTAssertNil(refusal(".s.plist.tmp", of: files))
    XCTAssertNil(refusal("other.json", of: files))
  }
}
