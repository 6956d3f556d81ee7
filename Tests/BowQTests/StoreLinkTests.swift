import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

/// A store reached through links, edited in place by other programs, owned by another user,
/// or that is not a file at all: saved where it really is, locked once whatever its name,
/// never overwritten unnoticed, and never read or replaced when it is a device or a FIFO.
final class StoreLinkTests: XCTestCase {
  private var folder: String!
  private var real: String { folder + "/real/s.bowq" }
  private var link: String { folder + "/links/s.bowq" }

  override func setUpWithError() throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("bowq-links-\(UUID().uuidString)").path
    for name in ["real", "links"] {
      try FileManager.default.createDirectory(
        atPath: folder + "/" + name, withIntermediateDirectories: true)
    }
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(atPath: folder)
  }

  private func graph(_ names: String...) -> ObjectGraph {
    var graph = ObjectGraph(
      model: Model(entities: [Entity(name: "T", attributes: [Attribute(name: "s", type: .string)])])
    )
    for name in names { graph.insert([.string(name)], into: "T") }
    return graph
  }

  func testAnEditInPlaceThatKeepsSizeAndModificationTimeIsNoticed() throws {
    try StoreFile.save(graph("aaa"), to: real)
    let handle = try StoreHandle(openingForWriting: real)
    _ = try handle.load()
    let loaded = try XCTUnwrap(handle.fingerprint)
    let theirs = try StoreCodec.encodeData(graph("bbb"))
    XCTAssertEqual(Int64(theirs.count), loaded.size, "the same size")
    let fd = open(real, O_WRONLY)
    XCTAssertGreaterThanOrEqual(fd, 0)
    _ = theirs.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    close(fd)
    var times = [
      timespec(
        tv_sec: Int(loaded.modificationSeconds), tv_nsec: Int(loaded.modificationNanoseconds)),
      timespec(
        tv_sec: Int(loaded.modificationSeconds), tv_nsec: Int(loaded.modificationNanoseconds)),
    ]
    XCTAssertEqual(utimensat(AT_FDCWD, real, &times, 0), 0)
    let found = try XCTUnwrap(try StoreFingerprint.current(at: real))
    XCTAssertEqual(found.description, loaded.description, "size and time as loaded")

    XCTAssertThrowsError(try handle.save(graph("mine"))) {
      guard case .changedOnDisk(_, let was, let now) = $0 as? StoreError else {
        return XCTFail("\($0)")
      }
      XCTAssertEqual(was, loaded)
      XCTAssertEqual(now, found)
      XCTAssertTrue("\($0)".contains(", status changed "), "\($0)")
    }
    XCTAssertEqual(try StoreFile.load(from: real), graph("bbb"))
  }
}
