import Foundation
import XCTest

/// Large values of `external` Binary attributes, through the real binary: they go to files
/// beside the store, come back in the next session, and go when nothing refers to them.
final class ExternalDataStoreTests: XCTestCase {
  var home: URL!
  var folder: URL!
  var store: URL { folder.appendingPathComponent("ties.bowq") }
  var externalFolder: URL {
    folder.appendingPathComponent(".ties.bowq_SUPPORT/_EXTERNAL_DATA", isDirectory: true)
  }
  /// 150,000 bytes: over the 100 KB threshold.
  let photo = Data((0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

  override func setUpWithError() throws {
    home = try makeHome()
    folder = home.appendingPathComponent("stores")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Saves a store of two ties, a big photo and a small one, imported from a property list
  /// (statements have no literal for binary data).
  private func makeStore() throws {
    let photos = folder.appendingPathComponent("photos.plist")
    let records: [[String: Any]] = [
      ["name": "Big", "photo": photo], ["name": "Small", "photo": Data("tiny".utf8)],
    ]
    try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0)
      .write(to: photos)
    let result = try Bowq.run(
      [
        "--store", store.path, "-c", "entity Tie { name: String, photo: Binary? external }",
        "-c", "import \"\(photos.path)\" into Tie; save",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
  }

  private func externalFiles() -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: externalFolder.path)) ?? []
  }

  func testABigValueIsKeptBesideTheStoreAndReadBackInTheNextSession() throws {
    try makeStore()
    let files = externalFiles()
    XCTAssertEqual(files.count, 1, "only the big photo is kept apart: \(files)")
    let name = try XCTUnwrap(files.first)
    XCTAssertTrue(
      name.count == 64 && name.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(name)")
    XCTAssertEqual(try Data(contentsOf: externalFolder.appendingPathComponent(name)), photo)
    let size = try FileManager.default.attributesOfItem(atPath: store.path)[.size] as? NSNumber
    XCTAssertLessThan(size?.intValue ?? .max, 10_000, "the photo is not in the store file")

    let exported = folder.appendingPathComponent("out.plist")
    let result = try Bowq.run(
      [
        "--store", store.path, "-c",
        "fetch Tie select name, photo sort by name; export Tie where name == \"Big\" to \"\(exported.path)\"",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      result.stdout,
      """
      name   photo
      -----  --------------
      Big    <150000 bytes>
      Small  <4 bytes>

      """)
    let records =
      try PropertyListSerialization.propertyList(
        from: Data(contentsOf: exported), format: nil) as? [[String: Any]]
    XCTAssertEqual(records?.first?["photo"] as? Data, photo, "the value read back is the same")
  }

  func testDeletingTheObjectRemovesItsFile() throws {
    try makeStore()
    XCTAssertEqual(externalFiles().count, 1)
    let result = try Bowq.run(
      ["--store", store.path, "-c", "delete Tie where name == \"Big\"; save"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
      ["photos.plist", "ties.bowq"])
  }

  func testAMissingFileIsNamedAndTheRestCanBeReadReadOnly() throws {
    try makeStore()
    let file = externalFolder.appendingPathComponent(try XCTUnwrap(externalFiles().first))
    try FileManager.default.removeItem(at: file)
    let before = try Data(contentsOf: store)
    let problem =
      "entity Tie, attribute photo, object Tie/p1: the external data file \(file.path) is "
      + "missing (a store's external data files are copied, moved and restored with it)"

    // Only a statement that reads the photos' column reads the missing file.
    let writing = try Bowq.run(
      ["--store", store.path, "-c", "count Tie", "-c", "fetch Tie"], home: home)
    XCTAssertEqual(writing.status, 1)
    XCTAssertEqual(writing.stdout, "2\n")
    XCTAssertTrue(
      writing.stderr.hasPrefix("-c#2:1:1: error: \(store.path): \(problem)\n"), writing.stderr)
    XCTAssertTrue(
      writing.stderr.hasSuffix(
        "Nothing was changed. Use --read-only to look at what can be read from the store.\n"),
      writing.stderr)
    XCTAssertEqual(try Data(contentsOf: store), before, "a store that fails to load is kept")

    let reading = try Bowq.run(
      ["--store", store.path, "--read-only", "-c", "fetch Tie", "-c", "count Tie"], home: home)
    XCTAssertEqual(reading.status, 0, reading.stderr)
    XCTAssertTrue(reading.stderr.contains("  \(problem)\n"), reading.stderr)
    XCTAssertTrue(reading.stdout.hasSuffix("\n0\n"), reading.stdout)
  }
}
