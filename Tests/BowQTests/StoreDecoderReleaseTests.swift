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
