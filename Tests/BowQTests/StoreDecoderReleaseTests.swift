import Foundation
import XCTest

@testable import BowQ

/// The store decoder lets the memory of bytes it has read go now and then, as a mapped
/// file's pages, from the thread that decodes, without changing what it reads.
final class StoreDecoderReleaseTests: XCTestCase {
  func testBytesAreLetGoFromTheDecodingThreadAndTheGraphIsTheSame() throws {
    var graph = ObjectGraph(
      model: Model(entities: [
        Entity(name: "Tie", attributes: [Attribute(name: "name", type: .string)])
      ]))
    for i in 0..<20_000 { graph.insert([.string("Tie \(i)")], into: "Tie") }
    let data = try StoreCodec.encodeData(graph)
    let decodingThread = pthread_self()
    var releases = 0
    var elsewhere = 0
    let decoded = try StoreDecoder.decode(
      data, externalData: nil,
      releaseInput: {
        releases += 1
        if pthread_equal(pthread_self(), decodingThread) == 0 { elsewhere += 1 }
      })
    XCTAssertEqual(decoded.table("Tie"), graph.table("Tie"))
    XCTAssertGreaterThan(releases, 0)
    XCTAssertEqual(elsewhere, 0)
  }
}
