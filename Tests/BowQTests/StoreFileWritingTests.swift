import Foundation
import XCTest

@testable import BowQ

/// A save writes the store file as it is made, a few megabytes at a time: the file holds
/// exactly the bytes the encoder makes in memory, including values found equal to ones
/// already written out (read back through the file), and a failed write is reported and
/// ends the encoding.
final class StoreFileWritingTests: XCTestCase {
  private let model = Model(entities: [
    Entity(
      name: "Tie",
      attributes: [
        Attribute(name: "name", type: .string), Attribute(name: "worn", type: .int64),
        Attribute(name: "rating", type: .double), Attribute(name: "photo", type: .binary),
      ])
  ])

  /// Enough ties for several writes of the buffer (about 4 MB each), whose names, ratings
  /// and photos repeat across them, names that repeat within a few rows (so across each
  /// write, some are found in the buffer being written out), and some large values (a photo
  /// of 5 MB, longer than the buffer, and one the same again).
  private func graph() -> ObjectGraph {
    var graph = ObjectGraph(model: model)
    var random = SplitMix64(seed: 8)
    let large = Data(repeating: 0x5A, count: 5 << 20)
    for i in 0..<150_000 {
      let name =
        random.chance(2)
        ? "Tie \(random.int(in: 0...200))"
        : random.chance(2) ? "Unique tie number \(i)" : "Tie of batch \(i / 40)"
      let photo: Value =
        i == 30_000 || i == 90_000
        ? .data(large) : .data(Data([UInt8(i % 7), 1, 2, 3, UInt8(random.int(in: 0...3))]))
      graph.insert(
        [
          .string(name), .int(Int64(random.int(in: 0...1_000_000))),
          .double(Double(random.int(in: 0...10)) / 2), photo,
        ], into: "Tie")
    }
    return graph
  }

  private func temporaryFile() throws -> (descriptor: Int32, path: String) {
    let folder = FileManager.default.temporaryDirectory.path
    return try AtomicFile.createTemporaryFile(
      prefix: "bowq-writing-test-", in: folder, mode: 0o600, owner: nil)
  }

  func testTheFileHoldsTheBytesMadeInMemory() throws {
    let graph = graph()
    let (descriptor, path) = try temporaryFile()
    defer { unlink(path) }
    let external = try StoreEncoder.encode(graph, keepingValuesApart: true, writingTo: descriptor)
    close(descriptor)
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    let inMemory = try StoreEncoder.encode(graph, keepingValuesApart: true)
    XCTAssertGreaterThan(written.count, 2 * (4 << 20), "the buffer was written out twice at least")
    XCTAssertEqual(written, inMemory.data)
    XCTAssertEqual(external, inMemory.externalValues)
    let tie = try StoreCodec.decodeData(written).table("Tie")
    XCTAssertEqual(tie.count, 150_000)
    XCTAssertEqual(tie.column(3).value(at: 90_000), .data(Data(repeating: 0x5A, count: 5 << 20)))
  }

  /// The encoding stops at the failed write: a value that cannot be stored, met only at the
  /// last row, is never reached.
  func testAFailedWriteIsReportedAndStopsTheEncoding() throws {
    let full = open("/dev/full", O_RDWR)
    try XCTSkipIf(full < 0, "no /dev/full here")
    defer { close(full) }
    let entity = Entity(
      name: "E",
      attributes: [Attribute(name: "label", type: .string), Attribute(name: "n", type: .int16)])
    var graph = ObjectGraph(model: Model(entities: [entity]))
    for i in 0..<400_000 { graph.insert([.string("row \(i) of many"), .int(2)], into: "E") }
    graph.insert([.string("last"), .int(40_000)], into: "E")
    XCTAssertThrowsError(try StoreEncoder.encode(graph, keepingValuesApart: true)) { error in
      XCTAssertTrue("\(error)".contains("outside the range of Int16"), "\(error)")
    }
    XCTAssertThrowsError(
      try StoreEncoder.encode(graph, keepingValuesApart: true, writingTo: full)
    ) { error in
      XCTAssertEqual(
        (error as? ByteOutput.WriteFailure)?.reason, String(cString: strerror(ENOSPC)))
    }
  }
}
