import Foundation
import XCTest

@testable import BowQ

/// The store decoder reads a run of rows column by column; reading the same file row by row
/// (``StoreDecoder/Order/byRow``) must give the same graph, the same shared values and the
/// same first error.
final class StoreDecoderOrderTests: XCTestCase {
  private let rated = Entity(
    name: "BowTie",
    attributes: [
      Attribute(name: "rating", type: .double), Attribute(name: "n", type: .int16),
      Attribute(name: "photo", type: .binary, isOptional: true),
    ])

  func testEveryTypeReadsTheSameEitherWay() throws {
    try assertSameEitherWay(try StoreCodec.encodeData(StoreFixtures.graph))
  }

  /// Several runs of rows, on several threads, with nil rows, values repeated within and
  /// across columns (some boxed to share their bytes), decimals, to-ones and to-manys.
  func testManyRunsWithRepeatedValuesAndRelationshipsReadTheSameEitherWay() throws {
    let model = Model(entities: [
      Entity(
        name: "Person", attributes: [Attribute(name: "name", type: .string)],
        relationships: [
          Relationship(name: "ties", destination: "Tie", isToMany: true, inverse: "owner")
        ]),
      Entity(
        name: "Tie",
        attributes: [
          Attribute(name: "name", type: .string),
          Attribute(name: "photo", type: .binary, isOptional: true),
          Attribute(name: "price", type: .decimal, isOptional: true),
          Attribute(name: "thumbnail", type: .binary, isOptional: true),
          Attribute(name: "url", type: .uri, isOptional: true),
          Attribute(name: "tint", type: .transformable(.color), isOptional: true),
        ],
        relationships: [
          Relationship(name: "owner", destination: "Person", isToMany: false, inverse: "ties")
        ]),
    ])
    var graph = ObjectGraph(model: model)
    let people = (0..<50).map {
      graph.insert([.string("Person \($0)"), .collection([])], into: "Person")
    }
    let shared = Data(repeating: 7, count: 40)
    for i in 0..<10_000 {
      let tie = graph.insert(
        [
          .string("Tie \(i)"),
          i % 7 == 0 ? .null : i % 5 == 0 ? .data(shared) : .data(Data([UInt8(i % 256), 1, 2])),
          i % 3 == 0 ? .null : .decimal(Decimal(i % 11)),
          i % 4 == 0 ? .data(shared) : .data(Data([UInt8(i % 13)])),
          i % 6 == 0 ? .null : .uri(try XCTUnwrap(URI("https://example.com/\(i % 17)"))),
          i % 8 == 0 ? .null : .color(Color(red: UInt8(i % 256), green: 1, blue: 2)),
          .null,
        ], into: "Tie")
      if i % 9 != 0 { graph.setRelationship(tie, "owner", to: [people[i % people.count]]) }
    }
    try assertSameEitherWay(try StoreCodec.encodeData(graph))
  }

  /// An object met first in a later column of an earlier row is the one read whole there;
  /// the row that meets it again, in an earlier column, shares it (boxed).
  func testTheRowThatMeetsAValueFirstInRowOrderKeepsItUnboxed() throws {
    let entity = Entity(
      name: "Tie",
      attributes: [
        Attribute(name: "front", type: .binary, isOptional: true),
        Attribute(name: "back", type: .binary, isOptional: true),
      ])
    var graph = ObjectGraph(model: Model(entities: [entity]))
    let shared = Data([9, 9, 9])
    graph.insert([.data(Data([1])), .data(shared)], into: "Tie")
    graph.insert([.data(shared), .data(Data([2]))], into: "Tie")
    let data = try StoreCodec.encodeData(graph)
    for order in [StoreDecoder.Order.byColumn, .byRow] {
      let table = try StoreDecoder.decode(data, externalData: nil, order: order).table("Tie")
      XCTAssertEqual(table, graph.table("Tie"))
      XCTAssertEqual(table.column(0).kind, .values, "\(order)")
      XCTAssertEqual(table.column(1).kind, .data, "\(order)")
    }
  }

  /// Errors in a later column of an earlier row come before errors in an earlier column of
  /// a later row, as a row-by-row reader meets them.
  func testTheFirstErrorIsTheFirstInRowOrder() throws {
    try assertFails(
      [
        "rating": [1.0, "high", 3.0], "n": [40_000, 2, 3],
        "photo": [.data(Data()), .data(Data()), .data(Data())],
      ],
      "entity BowTie, attribute n, row 0: the integer 40000 is outside the range of Int16 "
        + "(-32768...32767)")
    try assertFails(
      [
        "rating": [1.0, 2.0, "high"], "n": [1, 2, 3],
        "photo": [.data(Data()), "photo", .data(Data())],
      ],
      "entity BowTie, attribute photo, row 1: expected data, found a string")
    try assertFails(
      [
        "rating": [1.0, 2.0, 3.0], "n": [1, 2, 3.5],
        "photo": [.data(Data()), "photo", .data(Data())],
      ],
      "entity BowTie, attribute photo, row 1: expected data, found a string")
  }

  /// Runs decoded on different threads report the error of the first failing run in row
  /// order, whichever thread meets its error first, and a store with no error reads whole.
  func testTheFirstFailingRunInRowOrderGivesTheErrorWhicheverThreadFailsFirst() throws {
    let rows = 5 * 4_096
    func columns(badRows: [Int]) -> PropertyListDictionary {
      [
        "rating": .array((0..<rows).map { .real(Double($0 % 11) / 2) }),
        "n": .array((0..<rows).map { .integer(badRows.contains($0) ? 40_000 : Int64($0 % 100)) }),
        "photo": .array((0..<rows).map { _ in .data(Data([1, 2])) }),
      ]
    }
    let message = { (row: Int) in
      "entity BowTie, attribute n, row \(row): the integer 40000 is outside the range of Int16 "
        + "(-32768...32767)"
    }
    try assertFails(columns(badRows: [3 * 4_096 + 7, 4 * 4_096 + 1]), message(3 * 4_096 + 7))
    try assertFails(columns(badRows: [4_096 + 5, 4 * 4_096]), message(4_096 + 5))
    try assertFails(columns(badRows: [4_096 - 1, 2 * 4_096]), message(4_096 - 1))
    let graph = try StoreDecoder.decode(
      try encodedStore(columns(badRows: [])), externalData: nil)
    XCTAssertEqual(graph.table("BowTie").count, rows)
    XCTAssertEqual(
      graph.table("BowTie").column(1).value(at: rows - 1), .int(Int64((rows - 1) % 100)))
  }

  /// Keys are read a stretch at a time on several threads: the error is the first bad or
  /// repeated key in row order, whichever stretch holds it.
  func testTheFirstBadKeyInRowOrderGivesTheErrorAcrossStretchesOfKeys() throws {
    let rows = 3 * 65_536
    let columns: PropertyListDictionary = [
      "rating": .array((0..<rows).map { _ in .real(1) }),
      "n": .array((0..<rows).map { _ in .integer(1) }),
      "photo": .array((0..<rows).map { _ in .data(Data()) }),
    ]
    func keys(_ changes: [Int: Int64]) -> [Int64] {
      (0..<rows).map { changes[$0] ?? Int64($0 + 1) }
    }
    let outOfRange = { (row: Int) in
      "entity BowTie, row \(row): a key must be an integer from 1 to nextKey - 1 (\(rows)), "
        + "found the integer 0"
    }
    try assertFails(columns, keys: keys([150_000: 0, 190_000: 1]), outOfRange(150_000))
    try assertFails(
      columns, keys: keys([70_000: 6, 150_000: 0]),
      "entity BowTie, row 70000: the key 6 appears twice")
    try assertFails(columns, keys: keys([100_000: 0, 10: 0]), outOfRange(10))
  }

  /// A reader going on after a walk failed inside containers starts again from where it was.
  func testLeavingToADepthTakesTheInnerContainersOffThePath() throws {
    let data = try BinaryPropertyListWriter.encode([[1], [2]])
    try data.withUnsafeBytes { bytes in
      let scanner = try BinaryPlistScanner(bytes)
      var traversal = BinaryPlistTraversal(scanner)
      try traversal.enter(scanner.topObject, at: nil)
      let inner = try scanner.reference(
        at: try scanner.container(scanner.topObject).refsStart, in: scanner.topObject)
      try traversal.enter(inner, at: nil)
      XCTAssertEqual(traversal.depth, 2)
      traversal.leave(toDepth: 1)
      XCTAssertEqual(traversal.depth, 1)
      try traversal.enter(inner, at: nil)
      traversal.leave(toDepth: 0)
      try traversal.enter(scanner.topObject, at: nil)
    }
  }

  /// Decodes `data` both ways and checks that the tables and their columns' forms agree.
  private func assertSameEitherWay(
    _ data: Data, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let byColumn = try StoreDecoder.decode(data, externalData: nil, order: .byColumn)
    let byRow = try StoreDecoder.decode(data, externalData: nil, order: .byRow)
    for entity in byRow.model.entities {
      let (fast, general) = (byColumn.table(entity.name), byRow.table(entity.name))
      XCTAssertEqual(fast, general, entity.name, file: file, line: line)
      for slot in 0..<general.slotCount {
        XCTAssertEqual(
          fast.column(slot).kind, general.column(slot).kind, "\(entity.name) \(slot)",
          file: file, line: line)
      }
    }
  }

  /// A store of ``rated`` objects with `columns`, keyed `keys` (from 1 without them).
  private func encodedStore(_ columns: PropertyListDictionary, keys: [Int64]? = nil) throws
    -> Data
  {
    guard
      case .dictionary(var root) = try StoreCodec.encode(
        ObjectGraph(model: Model(entities: [rated]))),
      case .array(let ratings) = columns["rating"]
    else { throw CocoaError(.coderInvalidValue) }
    root["entities"] = [
      "BowTie": [
        "nextKey": .integer(Int64(ratings.count + 1)),
        "keys": .array((keys ?? (1...Int64(ratings.count)).map { $0 }).map { .integer($0) }),
        "columns": .dictionary(columns),
      ]
    ]
    return try BinaryPropertyListWriter.encode(.dictionary(root))
  }

  /// Decodes a store of ``rated`` objects with `columns`, both ways, expecting `message`.
  private func assertFails(
    _ columns: PropertyListDictionary, keys: [Int64]? = nil, _ message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let data = try encodedStore(columns, keys: keys)
    for order in [StoreDecoder.Order.byColumn, .byRow] {
      XCTAssertThrowsError(
        try StoreDecoder.decode(data, externalData: nil, order: order), "\(order)", file: file,
        line: line
      ) {
        XCTAssertEqual("\($0)", message, "\(order)", file: file, line: line)
      }
    }
  }
}
