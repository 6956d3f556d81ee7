import Foundation
import XCTest

@testable import BowQ

/// A store file opened for reading on demand: its values read when asked for, damaged ones
/// reported then as a load reports them, and never from a file another program changed
/// since the open.
final class OpenedStoreFileTests: XCTestCase {
  private var folder: String!
  private var store: String { folder + "/ties.bowq" }

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-opened").path
  }

  private func graph(_ names: String...) -> ObjectGraph {
    var graph = ObjectGraph(
      model: Model(entities: [
        Entity(
          name: "T",
          attributes: [
            Attribute(name: "s", type: .string), Attribute(name: "n", type: .int16),
          ])
      ]))
    for (n, name) in names.enumerated() {
      graph.insert([.string(name), .int(Int64(n))], into: "T")
    }
    return graph
  }

  func testColumnsReadOnDemandHoldTheValuesALoadReads() throws {
    try StoreFile.save(graph("a", "b", "c"), to: store)
    let opened = try OpenedStoreFile(path: store)
    XCTAssertEqual(opened.model, graph().model)
    let columns = try XCTUnwrap(opened.decodeColumns([1, 0], ofEntityNamed: "T"))
    let loaded = try StoreFile.load(from: store).table("T")
    XCTAssertTrue(columns[0].holdsSameValues(as: loaded.column(1)))
    XCTAssertTrue(columns[1].holdsSameValues(as: loaded.column(0)))
    XCTAssertEqual(try opened.decodeGraph(), try StoreFile.load(from: store))
  }

  func testADamagedColumnIsReportedWhenReadAsALoadReportsIt() throws {
    guard case .dictionary(var root) = try StoreCodec.encode(graph("a", "b")),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var table) = entities["T"], case .dictionary(var columns) = table["columns"]
    else { return XCTFail("unexpected store layout") }
    columns["n"] = .array([.integer(1), .integer(40_000)])
    table["columns"] = .dictionary(columns)
    entities["T"] = .dictionary(table)
    root["entities"] = .dictionary(entities)
    try BinaryPropertyListWriter.encode(.dictionary(root)).write(to: URL(fileURLWithPath: store))
    let opened = try OpenedStoreFile(path: store)
    XCTAssertNotNil(try opened.decodeColumns([0], ofEntityNamed: "T"))
    var loadError: StoreError?
    XCTAssertThrowsError(try StoreFile.load(from: store)) { loadError = $0 as? StoreError }
    guard case .invalidFile(store, .invalidObjects("T", "n", 1, _)) = loadError else {
      return XCTFail("unexpected load error \(String(describing: loadError))")
    }
    XCTAssertThrowsError(try opened.decodeColumns([1], ofEntityNamed: "T")) { error in
      XCTAssertEqual(error as? StoreError, loadError)
    }
  }

  func testAFileWrittenInPlaceAfterTheOpenIsNotRead() throws {
    try StoreFile.save(graph("a", "b"), to: store)
    let opened = try OpenedStoreFile(path: store)
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: store))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([0]))
    try handle.close()
    let found = try XCTUnwrap(try StoreFingerprint.current(at: store))
    XCTAssertThrowsError(try opened.decodeColumns([0], ofEntityNamed: "T")) { error in
      XCTAssertEqual(
        error as? StoreError,
        StoreError.changedWhileOpen(path: store, loaded: opened.fingerprint, found: found))
      XCTAssertTrue("\(error)".contains("another program changed it since it was opened"))
    }
  }

  func testAFileReplacedAfterTheOpenIsNotRead() throws {
    try StoreFile.save(graph("a", "b"), to: store)
    let opened = try OpenedStoreFile(path: store)
    let found = try StoreFile.save(graph("c"), to: store)
    XCTAssertThrowsError(try opened.decodeGraph()) { error in
      XCTAssertEqual(
        error as? StoreError,
        StoreError.changedWhileOpen(path: store, loaded: opened.fingerprint, found: found))
    }
  }

  /// The bytes held are the version opened, so a file moved aside is still read whole.
  func testAFileMovedAsideAfterTheOpenIsStillRead() throws {
    try StoreFile.save(graph("a", "b"), to: store)
    let opened = try OpenedStoreFile(path: store)
    try FileManager.default.moveItem(atPath: store, toPath: store + ".aside")
    XCTAssertEqual(try opened.decodeGraph(), graph("a", "b"))
  }
}
