import Foundation
import XCTest

@testable import BowQ

final class StoreFileTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-store").path
  }

  private func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  private func assertStoreError(
    _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line,
    _ check: (StoreError) -> Void
  ) {
    XCTAssertThrowsError(try body(), file: file, line: line) {
      guard let error = $0 as? StoreError else {
        return XCTFail("not a StoreError: \($0)", file: file, line: line)
      }
      check(error)
    }
  }

  func testSaveAndLoadRoundTripLeavesOnlyTheStore() throws {
    let path = folder + "/store.bowq"
    let graph = StoreFixtures.graph
    try StoreFile.save(graph, to: path)
    XCTAssertEqual(try contents(), ["store.bowq"])
    XCTAssertEqual(try StoreFile.load(from: path), graph)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o644)
  }

  func testSaveAndLoadRelationships() throws {
    let path = folder + "/people.bowq"
    let graph = StoreCodecRelationshipTests.graph
    try StoreFile.save(graph, to: path)
    XCTAssertEqual(try StoreFile.load(from: path), graph)
    XCTAssertEqual(
      try Data(contentsOf: URL(fileURLWithPath: path)), try StoreCodec.encodeData(graph),
      "the file is exactly the encoded store")
  }

  func testSaveReplacesTheFileAndKeepsItsMode() throws {
    let path = folder + "/store.bowq"
    try StoreFile.save(ObjectGraph(), to: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let graph = StoreFixtures.graph
    try StoreFile.save(graph, to: path)
    XCTAssertEqual(try StoreFile.load(from: path), graph)
    XCTAssertEqual(try contents(), ["store.bowq"])
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
  }

  func testRelativePathSavesInTheCurrentFolder() throws {
    let previous = FileManager.default.currentDirectoryPath
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder))
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    try StoreFile.save(StoreFixtures.graph, to: "relative.bowq")
    XCTAssertEqual(try contents(), ["relative.bowq"])
  }

  func testMissingFolder() {
    let path = folder + "/missing/store.bowq"
    assertStoreError({ try StoreFile.save(StoreFixtures.graph, to: path) }) {
      XCTAssertEqual(
        $0.description,
        "cannot save \(path): cannot create a temporary file in \(self.folder!)/missing: "
          + "No such file or directory")
    }
    XCTAssertEqual(try contents(), [])
  }

  func testFolderThatIsAFile() throws {
    // Tests run as root, which may write anywhere; a regular file as the folder still fails.
    let blocker = folder + "/file"
    XCTAssertTrue(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
    let path = blocker + "/store.bowq"
    let graph = StoreFixtures.graph
    assertStoreError({ try StoreFile.save(graph, to: path) }) {
      XCTAssertTrue($0.description.hasPrefix("cannot save \(path): "), $0.description)
      XCTAssertTrue($0.description.hasSuffix("Not a directory"), $0.description)
    }
    XCTAssertEqual(try contents(), ["file"])
    try StoreFile.save(graph, to: folder + "/elsewhere.bowq")
    XCTAssertEqual(try StoreFile.load(from: folder + "/elsewhere.bowq"), graph)
  }

  func testFullDiskLeavesTheOldFileAndNoTemporaryFile() throws {
    let mountPoint = folder + "/small"
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
    guard runSystemCommand(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint]) == 0
    else {
      throw XCTSkip("cannot mount a small tmpfs here to fill it")
    }
    defer { runSystemCommand(["umount", mountPoint]) }
    let path = mountPoint + "/store.bowq"
    let small = StoreFixtures.graph
    try StoreFile.save(small, to: path)
    var large = small
    for _ in 0..<2_000 {
      large.insert(
        [
          .string(UUID().uuidString), .int(1), .int(2), .int(3), .null, .double(1), .null,
          .bool(true), .null, .data(Data(count: 64)), .uuid(UUID()), .null, .null,
        ], into: "Sample")
    }
    assertStoreError({ try StoreFile.save(large, to: path) }) {
      XCTAssertTrue($0.description.hasPrefix("cannot save \(path): "), $0.description)
      XCTAssertTrue($0.description.contains("No space left on device"), $0.description)
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mountPoint), ["store.bowq"])
    XCTAssertEqual(try StoreFile.load(from: path), small)
  }

  /// The file is written as it is encoded: a value that cannot be stored, met after many
  /// rows were written, removes what was written and leaves the old store.
  func testAValueThatCannotBeStoredLeavesTheOldFileAndNoTemporaryFile() throws {
    let path = folder + "/store.bowq"
    let entity = Entity(
      name: "E",
      attributes: [Attribute(name: "label", type: .string), Attribute(name: "n", type: .int16)])
    var graph = ObjectGraph(model: Model(entities: [entity]))
    graph.insert([.string("first"), .int(1)], into: "E")
    try StoreFile.save(graph, to: path)
    let saved = graph
    for i in 0..<200_000 { graph.insert([.string("row \(i) of many"), .int(2)], into: "E") }
    graph.insert([.string("last"), .int(40_000)], into: "E")
    assertStoreError({ try StoreFile.save(graph, to: path) }) {
      XCTAssertTrue($0.description.contains("outside the range of Int16"), $0.description)
    }
    XCTAssertEqual(try contents(), ["store.bowq"])
    XCTAssertEqual(try StoreFile.load(from: path), saved)
  }

  // MARK: Loading

  func testLoadMissingFileIsDistinct() {
    let path = folder + "/nothing.bowq"
    assertStoreError({ _ = try StoreFile.load(from: path) }) {
      XCTAssertEqual($0, .fileNotFound(path: path))
    }
  }

  func testLoadFolderIsUnreadable() {
    assertStoreError({ _ = try StoreFile.load(from: self.folder) }) {
      XCTAssertEqual($0, .unreadable(path: self.folder, reason: "Is a directory"))
    }
  }

  func testLoadCorruptFileNamesPathAndOffset() throws {
    let path = folder + "/store.bowq"
    try StoreFile.save(StoreFixtures.graph, to: path)
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes.remove(at: 100)
    try bytes.write(to: URL(fileURLWithPath: path))
    assertStoreError({ _ = try StoreFile.load(from: path) }) {
      guard case .corrupt(let errorPath, let error) = $0 else { return XCTFail("\($0)") }
      XCTAssertEqual(errorPath, path)
      XCTAssertEqual(error.kind, .lengthMismatch)
      XCTAssertEqual(error.offset, bytes.count - 32)
      XCTAssertTrue(
        $0.description.hasPrefix("\(path) is not a valid store file: byte "), $0.description)
    }
  }

  func testLoadXMLIsNotAStoreFile() throws {
    let path = folder + "/store.xml"
    try PropertyListEncoding.encode(StoreCodec.encode(StoreFixtures.graph), as: .xml)
      .write(to: URL(fileURLWithPath: path))
    assertStoreError({ _ = try StoreFile.load(from: path) }) {
      guard case .corrupt(_, let error) = $0 else { return XCTFail("\($0)") }
      XCTAssertEqual(error.kind, .badHeader)
    }
  }

  func testLoadOtherPlistIsInvalidFile() throws {
    let path = folder + "/other.plist"
    try BinaryPropertyListWriter.encode(["hello": "world"]).write(to: URL(fileURLWithPath: path))
    assertStoreError({ _ = try StoreFile.load(from: path) }) {
      XCTAssertEqual(
        $0, .invalidFile(path: path, .notAStore("the top-level dictionary has no \"format\" key")))
      XCTAssertEqual(
        $0.description,
        "\(path): not a bowq store: the top-level dictionary has no \"format\" key")
    }
  }
}
