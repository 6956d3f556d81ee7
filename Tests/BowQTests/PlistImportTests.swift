import Foundation
import XCTest

@testable import BowQ

final class PlistImportTests: XCTestCase {
  private let bowTie = Entity(name: "BowTie", attributes: ImportedBowTie.attributes)

  private let numbers = Entity(
    name: "N",
    attributes: [
      Attribute(name: "small", type: .int16, isOptional: true),
      Attribute(name: "big", type: .int64, isOptional: true),
      Attribute(name: "price", type: .decimal, isOptional: true),
      Attribute(name: "weight", type: .float, isOptional: true),
    ])

  private func assertProblems(
    _ plist: PropertyList, into entity: Entity, _ expected: [String], omitted: Int = 0,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try PlistImport.rows(from: plist, into: entity), file: file, line: line) {
      guard let error = $0 as? PlistImportError else {
        return XCTFail("not a PlistImportError: \($0)", file: file, line: line)
      }
      XCTAssertEqual(error.problems.map(\.description), expected, file: file, line: line)
      XCTAssertEqual(error.omitted, omitted, file: file, line: line)
    }
  }

  func testSampleRecordWithEveryCoercion() throws {
    let plist: PropertyList = [
      [
        "name": "Red Paisley", "searchKey": "R", "rating": 4, "timesWorn": 12,
        "lastWorn": "2024-05-01T10:00:00Z", "isFavorite": 1,
        "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "url": "https://example.com/red",
        "photoData": .data(Data([1, 2])), "tintColor": ["red": 1.0, "green": 0.5, "blue": 0],
      ],
      [
        "name": "Blue", "searchKey": "B", "rating": 3.5,
        "lastWorn": .date(Date(timeIntervalSince1970: 5)), "isFavorite": false,
        "id": .data(Data(repeating: 0xAB, count: 16)),
        "tintColor": ["red": 0, "green": 0, "blue": 255],
      ],
    ]
    let rows = try PlistImport.rows(from: plist, into: bowTie)
    XCTAssertEqual(rows.count, 2)
    XCTAssertEqual(
      rows[0],
      [
        .string("Red Paisley"), .string("R"), .double(4), .int(12),
        .date(Date(timeIntervalSince1970: 1_714_557_600)), .bool(true),
        .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
        .uri(URI("https://example.com/red")!), .data(Data([1, 2])),
        .color(Color(red: 255, green: 128, blue: 0)),
      ])
    XCTAssertEqual(rows[1][3], .int(0), "missing keys take the default")
    XCTAssertEqual(rows[1][7], .null, "or nil without one")
    XCTAssertEqual(rows[1][6], .uuid(UUID(uuidString: "ABABABAB-ABAB-ABAB-ABAB-ABABABABABAB")!))
    XCTAssertEqual(rows[1][9], .color(Color(red: 0, green: 0, blue: 255)))
  }

  func testNumbersAndDecimals() throws {
    let rows = try PlistImport.rows(
      from: [
        ["small": -32768, "big": .integer(.max), "price": "12.50", "weight": 1],
        ["price": 0.1], ["price": 7],
      ], into: numbers)
    XCTAssertEqual(
      rows[0], [.int(-32768), .int(.max), .decimal(Decimal(string: "12.50")!), .double(1)])
    XCTAssertEqual(
      rows[1][2], .decimal(Decimal(string: "0.1")!), "reals become their shortest decimal")
    XCTAssertEqual(rows[2][2], .decimal(7))
  }

  func testFractionalISODates() throws {
    let rows = try PlistImport.rows(
      from: [["lastWorn": "2024-05-01T10:00:00.250+02:00"]], into: bowTie)
    XCTAssertEqual(rows[0][4], .date(Date(timeIntervalSince1970: 1_714_550_400.25)))
  }

  func testWrongTypeMessage() {
    assertProblems(
      [["rating": 1], ["rating": 2], ["rating": "high"]], into: bowTie,
      [#"row 3, key "rating": expected a number for Double, found the string "high""#])
  }

  func testRangeErrorsNameValueAndRange() {
    assertProblems(
      [["small": 40_000], ["big": .unsignedInteger(.max)], ["weight": 1e300]], into: numbers,
      [
        #"row 1, key "small": 40000 is outside the range of Int16 (-32768...32767)"#,
        #"row 2, key "big": 18446744073709551615 is outside the range of Int64"#,
        #"row 3, key "weight": 1e+300 is outside the range of Float"#,
      ])
  }

  func testUnknownKeySuggestsTheAttribute() {
    assertProblems(
      [["ratting": 3]], into: bowTie,
      [#"row 1, key "ratting": BowTie has no attribute "ratting". Did you mean "rating"?"#])
  }

  func testEveryRowIsReported() {
    assertProblems(
      [
        ["isFavorite": 2], "not a record", ["lastWorn": "yesterday"], ["id": "nope", "url": ""],
        ["tintColor": ["red": 300, "green": 0, "blue": 0]], ["tintColor": ["red": 1, "green": 0]],
        ["tintColor": ["red": 1, "green": 0, "blue": 0, "alpah": 1]], ["timesWorn": 1.5],
      ], into: bowTie,
      [
        #"row 1, key "isFavorite": expected a Boolean (or 0 or 1) for Bool, found the integer 2"#,
        #"row 2: expected a dictionary, found the string "not a record""#,
        #"row 3, key "lastWorn": expected a date or an ISO 8601 string for Date, found the string "yesterday""#,
        #"row 4, key "id": expected a UUID string for UUID, found the string "nope""#,
        #"row 4, key "url": expected a URI for URI, found the string """#,
        #"row 5, key "tintColor": the color's red must be an integer 0–255 or a real 0–1, found the integer 300"#,
        #"row 6, key "tintColor": the color has no blue"#,
        #"row 7, key "tintColor": a color has the keys red, green and blue, found "alpah"."#,
        #"row 8, key "timesWorn": expected an integer for Int32, found the real 1.5"#,
      ])
  }

  func testProblemsAreCappedAndCounted() {
    let records = PropertyList.array((0..<25).map { _ in ["rating": "x"] })
    XCTAssertThrowsError(try PlistImport.rows(from: records, into: bowTie)) {
      let error = $0 as? PlistImportError
      XCTAssertEqual(error?.problems.count, PlistImportError.limit)
      XCTAssertEqual(error?.omitted, 5)
      XCTAssertEqual(error?.problems.last?.row, 20)
      XCTAssertTrue("\($0)".hasSuffix("\n… and 5 more problems"), "\($0)")
    }
  }

  func testTopLevelMustBeAnArray() {
    assertProblems(
      ["name": "x"], into: bowTie, ["expected an array of dictionaries, found a dictionary"])
  }
}
