import Foundation
import XCTest

/// `bowq --store App.sqlite` on a store whose rows are in its write-ahead log, through the
/// binary: the rows answered, `.tables` saying where they came from, the store's files
/// byte-identical, and the private copy gone when bowq exits.
final class CoreDataCompanionCommandTests: XCTestCase {
  func testRowsInTheLogAreAnsweredAndNothingIsLeftBehind() throws {
    let home = try makeHome()
    let folder = try Bowq.coreDataFixture("SurfJournal", in: home)
    let temporary = home.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    func files() throws -> [String: Data] {
      var found: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where name.hasPrefix("SurfJournalModel.sqlite") {
        found[name] = try Data(contentsOf: folder.appendingPathComponent(name))
      }
      return found
    }
    let before = try files()
    XCTAssertEqual(before.count, 3)
    let result = try Bowq.run(
      [
        "--store", folder.appendingPathComponent("SurfJournalModel.sqlite").path, "--model",
        folder.appendingPathComponent("SurfJournalModel.xcdatamodeld").path, "-c", ".tables",
        "-c", "count JournalEntry where location == 'Malibu'",
      ], home: home, environment: ["TMPDIR": temporary.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.stdout,
      "JournalEntry  5000 objects\nnote: rows read through the write-ahead log (54 frames)\n509\n")
    XCTAssertEqual(try files(), before)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
  }
}
