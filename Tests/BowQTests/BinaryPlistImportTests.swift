import Foundation
import XCTest

@testable import BowQ

/// Importing a binary property list straight into columns, without a tree, must end as the
/// tree import ends: the same table, or the same problems, or the same reader's error.
final class BinaryPlistImportTests: XCTestCase {
  private let bowTie = Entity(
    name: "BowTie",
    attributes: ImportedBowTie.attributes + [
      Attribute(name: "price", type: .decimal, isOptional: true),
      Attribute(name: "weight", type: .float, isOptional: true),
      Attribute(name: "small", type: .int16, isOptional: true),
    ])

  /// How an import ended: its table, or its error as text.
  private enum Outcome: Equatable {
    case table(EntityTable)
    case failure(String)
  }

  private func outcome(_ body: () throws -> EntityTable) -> Outcome {
    do {
      return .table(try body())
    } catch {
      return .failure("\(type(of: error)): \(error)")
    }
  }

  /// The outcome of the tree import of `data`, as `import` ran it before.
  private func treeOutcome(_ data: Data) -> Outcome {
    outcome { try PlistImport.table(from: try PropertyListDecoding.decode(data).0, into: bowTie) }
  }

  private func assertSameOutcome(
    _ data: Data, _ label: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(
      outcome { try PlistImport.table(reading: data, into: bowTie) }, treeOutcome(data), label,
      file: file, line: line)
  }

  private let records: PropertyList = [
    [
      "name": "Red Paisley", "searchKey": "R", "rating": 4, "timesWorn": 12,
      "lastWorn": .date(Date(timeIntervalSinceReferenceDate: 7e8)), "isFavorite": true,
      "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "url": "https://example.com/red",
      "photoData": .data(Data([1, 2])), "tintColor": ["red": 1.0, "green": 0.5, "blue": 0],
      "price": "12.50", "weight": 1.5, "small": 7,
    ],
    ["name": "Crème Brûlée", "searchKey": "C", "rating": 2.5, "lastWorn": "2024-05-01T10:00:00Z"],
    ["name": "Blue", "isFavorite": 1, "tintColor": ["red": 0, "green": 0, "blue": 255]],
    [:],
  ]

  func testRecordsImportAsTheTreeImportsThem() throws {
    let data = try BinaryPropertyListWriter.encode(records)
    let table = try XCTUnwrap(try BinaryPlistImport.table(data, into: bowTie))
    XCTAssertEqual(table, try PlistImport.table(from: records, into: bowTie))
    XCTAssertEqual(table.count, 4)
    XCTAssertEqual(
      [0, 3, 4, 5, 7, 8, 9].map { table.column($0).kind },
      [.strings, .integers, .dates, .booleans, .uris, .data, .colors])
    XCTAssertEqual(table.value(at: 1, slot: 0), .string("Crème Brûlée"))
    XCTAssertEqual(table.value(at: 2, slot: 3), .int(0))
  }

  func testUUIDTextsImportAsTheTreeImportsThem() throws {
    let texts = [
      "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
      "00000000-0000-0000-0000-000000000000", "E621E1F8C36C495A93FC0C247A3E6E5F",
      "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G",
      "E621E1F8+C36C-495A-93FC-0C247A3E6E5F", "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
      "É621E1F8-C36C-495A-93FC-0C247A3E6E5F", "",
    ]
    for text in texts {
      let parsed = Array(text.utf8).withUnsafeBufferPointer(UUIDText.uuid(canonical:))
      XCTAssertTrue(parsed == nil || parsed == UUID(uuidString: text), text)
      assertSameOutcome(
        try BinaryPropertyListWriter.encode([["name": "T", "id": .string(text)]]), text)
    }
    XCTAssertEqual(
      Array(texts[1].utf8).withUnsafeBufferPointer(UUIDText.uuid(canonical:)),
      UUID(uuidString: texts[0]), "lower-case digits")
  }

  func testColorsReadInPlaceImportAsTheTreeImportsThem() throws {
    let colors: [PropertyList] = [
      ["red": 0, "green": 0, "blue": 255], ["blue": 7, "red": 255, "green": 128],
      ["red": 1.0, "green": 0.5, "blue": 0], ["red": 1, "green": 2], [:],
      ["red": 1, "green": 2, "blue": 3, "alpha": 4], ["red": 256, "green": 0, "blue": 0],
      ["red": -1, "green": 0, "blue": 0], ["red": .integer(1 << 40), "green": 0, "blue": 0],
      ["red": .unsignedInteger(.max), "green": 0, "blue": 0], ["red": "1", "green": 0, "blue": 0],
      ["reds": 1, "green": 0, "blue": 0], ["Red": 1, "green": 0, "blue": 0],
      ["red": 1, "green": 2, "bleu": 3], ["red": [1], "green": 2, "blue": 3],
    ]
    for color in colors {
      assertSameOutcome(
        try BinaryPropertyListWriter.encode([["name": "T", "tintColor": color]]), "\(color)")
    }
    // One color's dictionary shared by two records, and one whose keys repeat.
    var builder = BinaryPlistBuilder(capacity: 64)
    let top = builder.reserveContainer()
    let (first, second, color, repeated) = (
      builder.reserveContainer(), builder.reserveContainer(), builder.reserveContainer(),
      builder.reserveContainer()
    )
    let tint = builder.string("tintColor")
    let keys = ["red", "green", "blue"].map { builder.string($0) }
    let values = [9, 8, 7].map { builder.integer($0) }
    builder.setArray(top, elements: [first, second].map(UInt32.init))
    try builder.setDictionary(first, keys: [tint], values: [color])
    try builder.setDictionary(second, keys: [tint], values: [color])
    try builder.setDictionary(color, keys: keys, values: values)
    try builder.setDictionary(repeated, keys: [keys[0], keys[0], keys[2]], values: values)
    let shared = builder.finish(top: top)
    let table = try XCTUnwrap(try BinaryPlistImport.table(shared, into: bowTie))
    XCTAssertEqual(table.value(at: 1, slot: 9), .color(Color(red: 9, green: 8, blue: 7)))
    assertSameOutcome(shared, "a shared color")
  }

  func testURIsReadInPlaceImportAsTheTreeImportsThem() throws {
    let texts = [
      "https://example.com/red", "https://shop.example.com/bow-ties/7-crème-brûlée", "x:y",
      "mailto:ann@example.com", "relative/path", "", "http://a:b/", "http://[::1]/",
      "https://exa mple.com/", "%zz", "http://ex%41mple.com/", "http://é.example/",
    ]
    for text in texts {
      let data = try BinaryPropertyListWriter.encode([["name": "T", "url": .string(text)]])
      assertSameOutcome(data, text)
      if let uri = URI(text) {
        let table = try XCTUnwrap(try BinaryPlistImport.table(data, into: bowTie), text)
        XCTAssertEqual(table.value(at: 0, slot: 7), .uri(uri), text)
      }
    }
  }

  func testProblemsAreTheTreeImportsProblems() throws {
    let cases: [PropertyList] = [
      [
        ["isFavorite": 2], "not a record", ["lastWorn": "yesterday"], ["id": "nope", "url": ""],
        ["tintColor": ["red": 300, "green": 0, "blue": 0]], ["tintColor": ["red": 1, "green": 0]],
        ["timesWorn": 1.5], ["ratting": 3], ["small": 40_000], ["weight": 1e300],
        ["timesWorn": .unsignedInteger(.max)], ["rating": .unsignedInteger(.max)],
        ["lastWorn": .date(Date(timeIntervalSinceReferenceDate: 1e300))], ["name": 3],
        [["name": "nested"]], ["name": ["x"]],
      ],
      .array((0..<25).map { _ in ["rating": "x"] }),
      ["name": "x"],
      "one string",
      [],
    ]
    for (i, plist) in cases.enumerated() {
      assertSameOutcome(try BinaryPropertyListWriter.encode(plist), "case \(i)")
    }
  }

  func testDamagedFilesEndAsTheTreeImportEnds() throws {
    let valid = [UInt8](try BinaryPropertyListWriter.encode(records))
    var hostile = HostileBytes(seed: 0x1_4B0)
    for i in 0..<1500 {
      assertSameOutcome(Data(hostile.mutate(valid)), "mutation \(i)")
    }
  }

  func testARepeatedKeyOrACycleIsTheTreeReadersError() throws {
    // Two records whose second repeats a key: the tree reader refuses the file.
    var builder = BinaryPlistBuilder(capacity: 64)
    let top = builder.reserveContainer()
    let first = builder.reserveContainer()
    let twice = builder.reserveContainer()
    let name = builder.string("name")
    let red = builder.string("Red")
    builder.setArray(top, elements: [UInt32(first), UInt32(twice)])
    try builder.setDictionary(first, keys: [name], values: [red])
    try builder.setDictionary(twice, keys: [name, name], values: [red, red])
    let repeated = builder.finish(top: top)
    XCTAssertNil(try BinaryPlistImport.table(repeated, into: bowTie))
    assertSameOutcome(repeated, "a repeated key")
    // A record that holds the array of records.
    var cyclic = BinaryPlistBuilder(capacity: 64)
    let outer = cyclic.reserveContainer()
    let record = cyclic.reserveContainer()
    let key = cyclic.string("name")
    cyclic.setArray(outer, elements: [UInt32(record)])
    try cyclic.setDictionary(record, keys: [key], values: [outer])
    let cycle = cyclic.finish(top: outer)
    XCTAssertNil(try BinaryPlistImport.table(cycle, into: bowTie))
    assertSameOutcome(cycle, "a cycle")
  }

  func testAnInterruptStopsTheImport() throws {
    let many = PropertyList.array((0..<5_000).map { ["name": .string("Tie \($0)"), "rating": 3] })
    let data = try BinaryPropertyListWriter.encode(many)
    Interrupt.request()
    defer { Interrupt.reset() }
    XCTAssertThrowsError(try PlistImport.table(reading: data, into: bowTie)) {
      XCTAssertTrue($0 is Interrupted, "\($0)")
    }
  }
}
