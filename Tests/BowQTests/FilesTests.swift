import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

/// The file layer on what is not a plain file: devices, FIFOs, folders, symbolic and hard
/// links, and files of another owner. Tests run as root here; devices are only ever opened
/// and checked, never replaced.
final class FilesTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("bowq-files-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(atPath: folder)
  }

  // MARK: Fingerprints

  func testFingerprintsTellApartVersionsOfTheSameSizeAndModificationTime() {
    let loaded = FileFingerprint(
      device: 1, inode: 2, size: 10, modificationSeconds: 1_717_243_200,
      modificationNanoseconds: 0, statusChangeSeconds: 1_717_243_200, statusChangeNanoseconds: 0)
    var found = loaded
    found.statusChangeNanoseconds = 7
    XCTAssertNotEqual(loaded, found)
    XCTAssertEqual(loaded.description, found.description)
    XCTAssertEqual(
      found.fullDescription,
      "10 bytes, modified 2024-06-01 12:00:00.000000000 UTC, inode 2, status changed "
        + "2024-06-01 12:00:00.000000007 UTC")
  }
}

/// A closure handed to another thread by a test that waits for it.
struct UncheckedWork: @unchecked Sendable {
  var body: () -> Void
}
