import Foundation
import XCTest

extension XCTestCase {
  /// A new empty folder in the system's temporary folder, named `prefix-<UUID>`, removed with
  /// everything in it when the test ends, passed or failed: every test that writes a file
  /// writes it in one of these, so that a run of the suite leaves nothing behind.
  func makeTemporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }
}
