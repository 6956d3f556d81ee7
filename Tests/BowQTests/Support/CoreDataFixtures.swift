import Foundation
import XCTest

/// The stores and models written by Apple's Core Data, kept with their licences in
/// `Tests/Fixtures/coredata-sqlite` (see its README). Tests open copies, never the files
/// themselves.
enum CoreDataFixtures {
  /// The fixtures folder inside the package.
  static let folder = GrammarTests.packageRoot.appendingPathComponent(
    "Tests/Fixtures/coredata-sqlite")
}

extension XCTestCase {
  /// A copy of the Core Data fixture at `relativePath` in a new temporary folder, removed
  /// when the test ends.
  func copyCoreDataFixture(_ relativePath: String) throws -> URL {
    let source = CoreDataFixtures.folder.appendingPathComponent(relativePath)
    let copy = try makeTemporaryFolder("bowq-coredata")
      .appendingPathComponent(source.lastPathComponent)
    try FileManager.default.copyItem(at: source, to: copy)
    return copy
  }
}
