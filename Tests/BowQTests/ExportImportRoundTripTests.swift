import Foundation
import XCTest

@testable import BowQ

/// What `export` writes, `import` reads back to the same values, for every attribute type
/// and every format.
final class ExportImportRoundTripTests: XCTestCase {
  private let everyType = Entity(
    name: "Every",
    attributes: [
      Attribute(name: "string", type: .string, isOptional: true),
      Attribute(name: "int16", type: .int16, isOptional: true),
      Attribute(name: "int32", type: .int32, isOptional: true),
      Attribute(name: "int64", type: .int64, isOptional: true),
      Attribute(name: "decimal", type: .decimal, isOptional: true),
      Attribute(name: "double", type: .double, isOptional: true),
      Attribute(name: "float", type: .float, isOptional: true),
      Attribute(name: "bool", type: .bool, isOptional: true),
      Attribute(name: "date", type: .date, isOptional: true),
      Attribute(name: "binary", type: .binary, isOptional: true),
      Attribute(name: "uuid", type: .uuid, isOptional: true),
      Attribute(name: "uri", type: .uri, isOptional: true),
      Attribute(name: "color", type: .transformable(.color), isOptional: true),
      Attribute(
        name: "archived", type: .transformable(ValueTransformerName(rawValue: "Archive")!),
        isOptional: true),
    ])

  private func rows(date: Date) throws -> [[Value]] {
    let uri = try XCTUnwrap(URI("https://example.com/a?b=c"))
    let uuid = try XCTUnwrap(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    let decimal = try XCTUnwrap(Decimal(string: "12.50"))
    return [
      [
        .string("Red \"Paisley\" é"), .int(-32768), .int(2_147_483_647), .int(Int64.min),
        .decimal(decimal), .double(0.1), .double(1.5), .bool(true), .date(date),
        .data(Data([0, 1, 2, 0xFF, 0xFE])), .uuid(uuid), .uri(uri),
        .color(Color(red: 255, green: 128, blue: 0)), .data(Data("archived".utf8)),
      ],
      [
        .string(""), .int(0), .int(0), .int(Int64.max), .decimal(0), .double(-2),
        .double(0), .bool(false), .date(Date(timeIntervalSinceReferenceDate: 0)),
        .data(Data()), .uuid(uuid), .uri(uri), .color(Color(red: 0, green: 0, blue: 0)),
        .data(Data([0x80])),
      ],
      everyType.attributes.map { _ in .null },
    ]
  }

  private func assertRoundTrip(
    _ rows: [[Value]], as format: PropertyListFormat, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let data = try ObjectExport.data(
      rows, of: everyType, as: ExportFormat(rawValue: format.rawValue) ?? .binary)
    let (plist, read) = try PropertyListDecoding.decode(data)
    XCTAssertEqual(read, format, file: file, line: line)
    let imported = try PlistImport.rows(from: plist, into: everyType)
    XCTAssertEqual(imported, rows, "\(format)", file: file, line: line)
  }

  func testEveryAttributeTypeRoundTripsThroughEveryFormat() throws {
    let wholeSeconds = Date(timeIntervalSince1970: 1_714_557_600)
    for format in PropertyListFormat.allCases {
      try assertRoundTrip(rows(date: wholeSeconds), as: format)
    }
  }

  func testEveryAttributeTypeRoundTripsThroughJSONLinesAndCSV() throws {
    for date in [Date(timeIntervalSince1970: 1_714_557_600), Date(timeIntervalSince1970: 0.25)] {
      let rows = try rows(date: date)
      let jsonLines = try ObjectExport.data(rows, of: everyType, as: .jsonl)
      XCTAssertEqual(
        try PlistImport.rows(from: TextRecords.jsonLines(jsonLines), into: everyType), rows)
      let csv = try ObjectExport.data(rows, of: everyType, as: .csv)
      XCTAssertEqual(
        try PlistImport.rows(from: TextRecords.csv(csv, for: everyType), into: everyType), rows)
    }
  }

  /// An export is written object by object: a JSON array and an XML property list exactly
  /// as Foundation writes them whole and JSON Lines as it writes each object, a binary property list that reads back
  /// the same, and a file that holds exactly
  /// what the export makes in memory, in every format, for no object, one, and thousands
  /// (each different, so that objects written out of order would show: they are written a
  /// batch on each processor).
  func testAnExportWrittenAsItIsReadHoldsWhatOneMadeWholeDoes() throws {
    let some = try rows(date: Date(timeIntervalSince1970: 1_714_557_600))
    let many = (0..<3_000).map { i in
      var row = some[i % some.count]
      row[3] = .int(Int64(i))
      return row
    }
    for rows in [[], Array(some.prefix(1)), some, many] {
      let whole = { (json: Bool) in
        PropertyList.array(rows.map { ObjectExport.dictionary($0, of: self.everyType, json: json) })
      }
      XCTAssertEqual(
        try ObjectExport.data(rows, of: everyType, as: .json),
        try PropertyListEncoding.encode(whole(true), as: .json), "\(rows.count) objects")
      XCTAssertEqual(
        try ObjectExport.data(rows, of: everyType, as: .xml),
        try PropertyListEncoding.encode(whole(false), as: .xml), "\(rows.count) objects")
      XCTAssertEqual(
        try PropertyListDecoding.decode(try ObjectExport.data(rows, of: everyType, as: .binary)).0,
        whole(false))
      var lines = Data()
      for row in rows {
        let object = try FoundationBridge.object(
          from: ObjectExport.dictionary(row, of: everyType, json: true), forJSON: true)
        lines += try JSONSerialization.data(
          withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        lines.append(0x0A)
      }
      XCTAssertEqual(try ObjectExport.data(rows, of: everyType, as: .jsonl), lines)
      for format in ExportFormat.allCases {
        let folder = try makeTemporaryFolder("bowq-export")
        let path = folder.appendingPathComponent("out").path
        var count = 0
        try AtomicFile.replaceContents(of: path) { file in
          count = try ObjectExport.write(rows, of: everyType, as: format, to: file)
        }
        XCTAssertEqual(count, rows.count)
        XCTAssertEqual(
          try Data(contentsOf: URL(fileURLWithPath: path)),
          try ObjectExport.data(rows, of: everyType, as: format), "\(format), \(rows.count)")
      }
    }
  }

  /// A large export reaches its file in several writes of the output's buffer (about 4 MB
  /// each), which hold exactly what the export makes in memory.
  func testALargeExportIsWrittenInPartsThatHoldWhatOneMadeWholeDoes() throws {
    let entity = Entity(name: "Tie", attributes: [Attribute(name: "name", type: .string)])
    let rows = (0..<500_000).lazy.map { [Value.string("Tie number \($0)")] }
    let path = try makeTemporaryFolder("bowq-export").appendingPathComponent("ties.csv").path
    try AtomicFile.replaceContents(of: path) { file in
      XCTAssertEqual(try ObjectExport.write(rows, of: entity, as: .csv, to: file), 500_000)
    }
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertGreaterThan(written.count, 2 * (4 << 20))
    XCTAssertEqual(written, try ObjectExport.data(Array(rows), of: entity, as: .csv))
  }

  func testFractionalDatesRoundTripThroughJSONAndBinary() throws {
    let fractional = Date(timeIntervalSince1970: 1_714_557_600.25)
    try assertRoundTrip(rows(date: fractional), as: .json)
    try assertRoundTrip(rows(date: fractional), as: .binary)
  }

  func testJSONExportWritesBinaryAsBase64ThatImportAccepts() throws {
    let entity = Entity(
      name: "Photo", attributes: [Attribute(name: "photoData", type: .binary, isOptional: true)])
    let data = try ObjectExport.data([[.data(Data([1, 2, 3]))]], of: entity, as: .json)
    XCTAssertTrue(String(decoding: data, as: UTF8.self).contains(#""AQID""#))
    let plist = try PropertyListDecoding.decode(data).0
    XCTAssertEqual(try PlistImport.rows(from: plist, into: entity), [[.data(Data([1, 2, 3]))]])
  }

  func testBase64IsReadStrictly() {
    let entity = Entity(
      name: "Photo",
      attributes: [
        Attribute(name: "photoData", type: .binary, isOptional: true),
        Attribute(
          name: "blob", type: .transformable(ValueTransformerName(rawValue: "Archive")!),
          isOptional: true),
      ])
    let rule =
      "which is not base64 (A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4 "
      + "characters, without spaces or line breaks)"
    let records: PropertyList = [
      ["photoData": "AQI"], ["photoData": "AQ I="], ["photoData": "AQJ="],
      ["photoData": "AQI=\n"], ["blob": "-_8="], ["photoData": "AQI=AQI="],
    ]
    XCTAssertThrowsError(try PlistImport.rows(from: records, into: entity)) {
      XCTAssertEqual(
        ($0 as? PlistImportError)?.problems.map(\.description),
        [
          #"row 1, key "photoData": expected data or a base64 string for Binary, found the string "AQI", "#
            + rule,
          #"row 2, key "photoData": expected data or a base64 string for Binary, found the string "AQ I=", "#
            + rule,
          #"row 3, key "photoData": expected data or a base64 string for Binary, found the string "AQJ=", "#
            + rule,
          #"row 4, key "photoData": expected data or a base64 string for Binary, found the string "AQI=\n", "#
            + rule,
          #"row 5, key "blob": expected data or a base64 string for Transformable(Archive), found the string "-_8=", "#
            + rule,
          #"row 6, key "photoData": expected data or a base64 string for Binary, found the string "AQI=AQI=", "#
            + rule,
        ])
    }
  }
}
