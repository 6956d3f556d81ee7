import Foundation
import XCTest

/// The stores and models written by Apple's Core Data in `shared/fixtures/coredata-sqlite`
/// beside the package (`../shared/fixtures/…`; from a git worktree one folder further up).
/// Tests open copies, never the files themselves.
enum CoreDataFixtures {
  static let relativeFolder = "shared/fixtures/coredata-sqlite"

  /// The fixtures folder, or a skip that says where it was looked for.
  static func folder() throws -> URL {
    let root = GrammarTests.packageRoot.standardizedFileURL
    let candidates = [
      root.deletingLastPathComponent(),
      root.deletingLastPathComponent().deletingLastPathComponent(),
    ].map { $0.appendingPathComponent(relativeFolder) }
    for candidate in candidates
    where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path)
    {
      return candidate
    }
    throw XCTSkip(
      "the Core Data fixtures are not here: looked for \(candidates.map(\.path).joined(separator: " and "))"
    )
  }
}

extension XCTestCase {
  /// A copy of the Core Data fixture at `relativePath` in a new temporary folder, removed
  /// when the test ends.
  func copyCoreDataFixture(_ relativePath: String) throws -> URL {
    let source = try CoreDataFixtures.folder().appendingPathComponent(relativePath)
    let copy = try makeTemporaryFolder("bowq-coredata")
      .appendingPathComponent(source.lastPathComponent)
    try FileManager.default.copyItem(at: source, to: copy)
    return copy
  }
}
