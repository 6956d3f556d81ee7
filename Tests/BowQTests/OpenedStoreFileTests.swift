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

  /// One object's row is read alone, with the values a load reads, and reading rows first
  /// changes nothing the columns' decoding reads afterwards.
  func testARowReadAloneHoldsTheValuesALoadReads() throws {
    let names = (0..<10_000).map { $0 % 3 == 0 ? "name \($0)" : "a" }
    var graph = graph()
    for (n, name) in names.enumerated() {
      graph.insert([.string(name), .int(Int64(n % 30_000))], into: "T")
    }
    try StoreFile.save(graph, to: store)
    let loaded = try StoreFile.load(from: store).table("T")
    let opened = try OpenedStoreFile(path: store)
    for position in [0, 1, 4_095, 4_096, 9_999] {
      XCTAssertEqual(
        try opened.decodeRow(position, ofEntityNamed: "T"), loaded.row(at: position), "\(position)")
    }
    XCTAssertNil(try opened.decodeRow(10_000, ofEntityNamed: "T"))
    XCTAssertNil(try opened.decodeRow(0, ofEntityNamed: "U"))
    let columns = try XCTUnwrap(opened.decodeColumns([0, 1], ofEntityNamed: "T"))
    XCTAssertTrue(columns[0].holdsSameValues(as: loaded.column(0)))
    XCTAssertTrue(columns[1].holdsSameValues(as: loaded.column(1)))
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

  /// A store file whose offset table is `change`d, written again with 8-byte entries.
  private func writeStore(
    _ graph: ObjectGraph, offsets change: (_ offsets: inout [UInt64], _ bytes: [UInt8]) -> Void
  ) throws {
    let bytes = [UInt8](try StoreCodec.encodeData(graph))
    func read(_ at: Int, _ size: Int) -> UInt64 {
      bytes[at..<at + size].reduce(0) { $0 << 8 | UInt64($1) }
    }
    let trailer = bytes.count - 32
    let (size, count, table) = (
      Int(bytes[trailer + 6]), read(trailer + 8, 8), read(trailer + 24, 8)
    )
    var offsets = (0..<Int(count)).map { read(Int(table) + $0 * size, size) }
    change(&offsets, bytes)
    var out = Array(bytes[..<Int(table)])
    for offset in offsets { out += CraftedPlist.bigEndian(offset, size: 8) }
    out += Array(bytes[trailer..<trailer + 6]) + [8, bytes[trailer + 7]]
    out += CraftedPlist.bigEndian(UInt64(offsets.count), size: 8)
    out += Array(bytes[trailer + 16..<trailer + 24]) + CraftedPlist.bigEndian(table, size: 8)
    try Data(out).write(to: URL(fileURLWithPath: store))
  }

  /// The offset table is read where references lead: an entry past the object table is
  /// reported when its object is first read, as a load and the tree reader report it, and
  /// one no object refers to is never read.
  func testAStrayOffsetIsReportedWhenItsObjectIsFirstRead() throws {
    try writeStore(graph("a", "zz")) { offsets, bytes in
      let string = Array("\u{52}zz".utf8)
      let object = offsets.firstIndex { bytes[Int($0)...].starts(with: string) }!
      offsets[object] = 1 << 40
    }
    let opened = try OpenedStoreFile(path: store)
    XCTAssertNotNil(try opened.decodeColumns([1], ofEntityNamed: "T"))
    var treeError: PropertyListError?
    XCTAssertThrowsError(
      try BinaryPropertyListReader.decode(Data(contentsOf: URL(fileURLWithPath: store)))
    ) {
      treeError = $0 as? PropertyListError
    }
    XCTAssertEqual(treeError?.kind, .badOffset)
    XCTAssertTrue(treeError?.message.contains("points past the object table") == true)
    for read in [
      { _ = try opened.decodeColumns([0], ofEntityNamed: "T") },
      { _ = try StoreFile.load(from: self.store) },
    ] {
      XCTAssertThrowsError(try read()) { error in
        XCTAssertEqual(error as? StoreError, treeError.map { .corrupt(path: self.store, $0) })
      }
    }

    try writeStore(graph("a", "zz")) { offsets, _ in offsets.append(1 << 40) }
    XCTAssertThrowsError(
      try BinaryPropertyListReader.decode(Data(contentsOf: URL(fileURLWithPath: store))))
    XCTAssertEqual(try OpenedStoreFile(path: store).decodeGraph(), graph("a", "zz"))
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
