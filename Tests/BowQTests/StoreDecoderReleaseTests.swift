import Foundation
import XCTest

@testable import BowQ

/// The store decoder lets the memory of bytes it has read go now and then, as a mapped
/// file's pages, from one decoding thread at a time, without changing what it reads.
final class StoreDecoderReleaseTests: XCTestCase {
  func testBytesAreLetGoOneReleaseAtATimeAndTheGraphIsTheSame() throws {
    var graph = ObjectGraph(
      model: Model(entities: [
        Entity(name: "Tie", attributes: [Attribute(name: "name", type: .string)])
      ]))
    // Enough runs for a release with up to four decoding threads.
    for i in 0..<140_000 { graph.insert([.string("Tie \(i)")], into: "Tie") }
    let data = try StoreCodec.encodeData(graph)
    let releases = Releases()
    let decoded = try StoreDecoder.decode(
      data, externalData: nil, releaseInput: releases.release)
    XCTAssertEqual(decoded.table("Tie"), graph.table("Tie"))
    XCTAssertGreaterThan(releases.count, 0)
    XCTAssertEqual(releases.overlapping, 0)
  }

  /// Opening a store reads no key, and lets go of what it read of each column's form;
  /// reading an entity's keys lets their bytes go as it reads them.
  func testKeysAreReadWhenAskedForAndLetGoOneReleaseAtATime() throws {
    var graph = ObjectGraph(
      model: Model(entities: [
        Entity(name: "Tie", attributes: [Attribute(name: "worn", type: .int16)])
      ]))
    // More keys than the stretches read between two releases hold.
    for i in 0..<300_000 { graph.insert([.int(Int64(i % 7))], into: "Tie") }
    let data = try StoreCodec.encodeData(graph)
    let releases = Releases()
    let (opened, keys) = try StoreDecoder.withOpened(
      data, externalData: nil, releaseInput: releases.release
    ) { decoder in
      let opened = decoder.undecodedGraph { _ in nil }.table("Tie")
      XCTAssertEqual(releases.count, 1, "one release for the one column's form")
      return (opened, try decoder.decodeKeys(ofEntityNamed: "Tie"))
    }
    XCTAssertTrue(opened.keysInFile)
    XCTAssertEqual(opened.count, 300_000)
    XCTAssertEqual(opened.keys, [])
    XCTAssertEqual(keys?.keys, graph.table("Tie").keys)
    XCTAssertEqual(keys?.ascend, true)
    XCTAssertGreaterThan(releases.count, 1)
    XCTAssertEqual(releases.overlapping, 0)
  }
}

/// Counts releases, and those that began while another was under way.
private final class Releases: @unchecked Sendable {
  private let lock = NSLock()
  private var underWay = 0
  private(set) var count = 0
  private(set) var overlapping = 0

  func release() {
    lock.withLock {
      count += 1
      if underWay > 0 { overlapping += 1 }
      underWay += 1
    }
    usleep(1_000)
    lock.withLock { underWay -= 1 }
  }
}
