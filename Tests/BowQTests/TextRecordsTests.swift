import Foundation
import XCTest

@testable import BowQ

/// JSON Lines and CSV read back as records for `import`, with every problem named by its
/// line.
final class TextRecordsTests: XCTestCase {
  private let tie = TextRecordTie.entity

  private func problems(_ body: () throws -> Void) -> [String] {
    do {
      try body()
      return []
    } catch let error as PlistImportError {
      return error.problems.map(\.description)
    } catch {
      return ["\(error)"]
    }
  }

  func testCSVReadsQuotedFieldsLineBreaksAndCRLF() throws {
    let records = try CSVReader.records("a,\"b,\"\"c\"\"\",\r\n\"x\ny\",\"\",z\n")
    XCTAssertEqual(records.map(\.line), [1, 2])
    XCTAssertEqual(
      records.map(\.fields),
      [
        [.text("a", quoted: false), .text("b,\"c\"", quoted: true), .empty],
        [.text("x\ny", quoted: true), .text("", quoted: true), .text("z", quoted: false)],
      ])
  }

  /// Fields are read on the text's UTF-8, columns counted in Unicode scalars and offsets in
  /// bytes; a doubled quote is kept once wherever it falls, and text that is not UTF-8 reads
  /// as `String(decoding:as:)` reads it.
  func testCSVFieldsKeepTheirTextAndWhereTheyStart() throws {
    var reader = CSVReader("é,\"ü\"\"\"\"x\",\"a\r\nb\"\"\",🙂z\r\nlast")
    let first = try XCTUnwrap(reader.next())
    XCTAssertEqual(
      first.fields,
      [
        .text("é", quoted: false), .text("ü\"\"x", quoted: true),
        .text("a\r\nb\"", quoted: true), .text("🙂z", quoted: false),
      ])
    XCTAssertEqual(reader.fieldStarts.map(\.line), [1, 1, 1, 2])
    XCTAssertEqual(reader.fieldStarts.map(\.column), [1, 3, 12, 6])
    XCTAssertEqual(reader.fieldStarts.map(\.offset), [0, 3, 13, 22])
    let last = try XCTUnwrap(reader.next())
    XCTAssertEqual(last.line, 3)
    XCTAssertEqual(last.fields, [.text("last", quoted: false)])
    XCTAssertNil(try reader.next())

    let invalid = String(decoding: [0x61, 0xC3, 0x2C, 0x22, 0xFF, 0x22, 0x0A], as: UTF8.self)
    XCTAssertEqual(
      try CSVReader.records(invalid).map(\.fields),
      [[.text("a\u{FFFD}", quoted: false), .text("\u{FFFD}", quoted: true)]])
    XCTAssertThrowsError(try CSVReader.records("\"a\"é\n")) { error in
      XCTAssertEqual(
        "\(error)",
        #"line 1: "é" after a closing double quote; a quoted field ends at a comma or the end of the line"#
      )
    }
  }

  /// The reader reads a file's bytes in place only when they are UTF-8; its check agrees
  /// with the standard library's on every kind of sequence and on random bytes.
  func testTheReadersUTF8CheckAgreesWithTheStandardLibrary() throws {
    let cases: [[UInt8]] = [
      [], Array("plain ASCII, longer than a word".utf8), Array("é🙂ü, mixed".utf8),
      [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
      Array("eight by".utf8) + [0xFF] + Array("tes".utf8),
    ]
    var random = SplitMix64(seed: 7)
    let bytes: [UInt8] = [0x41, 0x80, 0x90, 0xA0, 0xBF, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xFF]
    let randomCases = (0..<2_000).map { _ in
      (0..<random.int(in: 0...24)).map { _ in random.pick(bytes) }
    }
    for bytes in cases + randomCases {
      XCTAssertEqual(
        bytes.withUnsafeBytes(\.isValidUTF8),
        String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
    }
    let invalid = Data([0x61, 0xC3, 0x2C, 0x22, 0xFF, 0x22, 0x0A, 0x62])
    var reader = CSVReader(utf8: invalid)
    XCTAssertEqual(
      try reader.next()?.fields,
      [.text("a\u{FFFD}", quoted: false), .text("\u{FFFD}", quoted: true)])
    XCTAssertEqual(reader.fieldStarts.map(\.column), [1, 4])
  }

  func testMalformedCSVNamesItsLine() {
    XCTAssertThrowsError(try CSVReader.records("a\nb\"c\n")) { error in
      XCTAssertEqual((error as? CSVReader.Failure)?.line, 2)
    }
    XCTAssertThrowsError(try CSVReader.records("a\n\"open\nstill open")) { error in
      XCTAssertEqual(
        "\(error)", "line 2: a quoted field is not closed by a double quote")
    }
    XCTAssertThrowsError(try CSVReader.records("\"a\"b\n")) { error in
      XCTAssertEqual((error as? CSVReader.Failure)?.line, 1)
    }
  }

  func testCSVFieldsAreReadAsTheirAttributesTypes() throws {
    let csv = Data("name,rating,worn,favorite\nRed,4.5,3,YES\n\"\",,-2,false\n".utf8)
    XCTAssertEqual(
      try PlistImport.rows(from: TextRecords.csv(csv, for: tie), into: tie),
      [
        [.string("Red"), .double(4.5), .int(3), .bool(true), .null],
        [.string(""), .null, .int(-2), .bool(false), .null],
      ])
  }

  /// A color is read from `rgb(r, g, b)`, blanks around its numbers as Foundation's
  /// `CharacterSet.whitespaces` has them (tabs and spaces of every width, not line breaks).
  func testCSVColorsAreReadWithTheBlanksAroundTheirNumbers() throws {
    let tinted = Entity(
      name: "Tint",
      attributes: [Attribute(name: "tint", type: .transformable(.color), isOptional: true)])
    let valid = "tint\n\"rgb(1, 2,3)\"\n\"rgb(\t4\u{00A0},5 , 6\u{3000})\"\n\"rgb(+7,08,0)\"\n"
    let csv =
      valid + "rgb(7;8;9)\n\"rgb(1,\n2,3)\"\n\"rgb(1,,2)\"\n\"rgb(1,2,3,4)\"\n"
      + "\"rgb(99999999999999999999,1,1)\"\n\"rgb(1, 2 3)\"\n"
    let expected = { (line: Int, text: String) in
      "line \(line), column 1, key \"tint\": expected a dictionary {red, green, blue} for "
        + "Transformable(Color), found the string \(Value.quoted(text))"
    }
    XCTAssertEqual(
      problems { _ = try TextRecords.table(csv: Data(csv.utf8), into: tinted) },
      [
        expected(5, "rgb(7;8;9)"), expected(6, "rgb(1,\n2,3)"), expected(8, "rgb(1,,2)"),
        expected(9, "rgb(1,2,3,4)"), expected(10, "rgb(99999999999999999999,1,1)"),
        expected(11, "rgb(1, 2 3)"),
      ])
    let colors = try TextRecords.table(csv: Data(valid.utf8), into: tinted)
    XCTAssertEqual(
      (0..<colors.count).map { colors.row(at: $0) },
      [
        [.color(Color(red: 1, green: 2, blue: 3))], [.color(Color(red: 4, green: 5, blue: 6))],
        [.color(Color(red: 7, green: 8, blue: 0))],
      ])
  }

  func testCSVProblemsNameTheirLines() {
    XCTAssertEqual(
      problems { _ = try TextRecords.csv(Data("name,ratng,owner\n".utf8), for: tie) },
      [
        #"line 1: Tie has no attribute "ratng". Did you mean "rating"?"#,
        #"line 1: "owner" is a relationship of Tie; import reads attributes only: leave it "#
          + "out, and link the objects after importing",
      ])
    XCTAssertEqual(
      problems { _ = try TextRecords.csv(Data("name,name\n".utf8), for: tie) },
      [#"line 1: the header names "name" twice"#])
    XCTAssertEqual(
      problems {
        _ = try TextRecords.csv(Data("name,worn\nRed\nBlue,1\nGreen,1,2\n".utf8), for: tie)
      },
      ["line 2: 1 fields, where the header names 2", "line 4: 3 fields, where the header names 2"])
    XCTAssertEqual(
      problems {
        _ = try PlistImport.rows(
          from: TextRecords.csv(Data("worn\nmany\n".utf8), for: tie), into: tie)
      },
      [#"row 1, key "worn": expected an integer for Int32, found the string "many""#])
  }

  func testAValueThatDoesNotConvertIsNamedByTheLineAndColumnOfItsField() {
    // A quoted field holding a line break puts the record after it, and the fields after it
    // in its own record, on a later line than their record's position says.
    let csv = Data("name,worn\n\"two\nlines\",many\r\nRed,1\nBlue,few\n".utf8)
    XCTAssertEqual(
      problems { _ = try TextRecords.table(csv: csv, into: tie) },
      [
        #"line 3, column 8, key "worn": expected an integer for Int32, found the string "many""#,
        #"line 5, column 6, key "worn": expected an integer for Int32, found the string "few""#,
      ])
    XCTAssertEqual(
      problems { _ = try TextRecords.table(csv: Data("name,ratng\n".utf8), into: tie) },
      [#"line 1: Tie has no attribute "ratng". Did you mean "rating"?"#])
  }

  func testAJSONLinesValueThatDoesNotConvertIsNamedByItsLine() {
    let lines = Data("\n{\"worn\": 1}\n\n{\"worn\": \"many\"}\n".utf8)
    XCTAssertEqual(
      problems { _ = try TextRecords.table(jsonLines: lines, into: tie) },
      [#"line 4, key "worn": expected an integer for Int32, found the string "many""#])
  }

  func testJSONLinesReadsOneObjectALineAndNamesBadLines() throws {
    let lines = Data("{\"name\":\"Red\",\"worn\":3}\n\n{\"name\":\"Blue\"}\r\n".utf8)
    XCTAssertEqual(
      try PlistImport.rows(from: TextRecords.jsonLines(lines), into: tie),
      [
        [.string("Red"), .null, .int(3), .null, .null],
        [.string("Blue"), .null, .null, .null, .null],
      ])
    let bad = problems {
      _ = try TextRecords.jsonLines(Data("{\"name\":\"Red\"}\n[1]\n{oops\n".utf8))
    }
    XCTAssertEqual(
      bad,
      [
        "line 2: expected a JSON object, found an array",
        "line 3, column 2: not valid JSON: expected a key in double quotes",
      ])
  }

  /// A JSON array is read an element at a time into the same table as reading the whole
  /// file as a tree makes, whatever white space is around and between its elements.
  func testAJSONArrayIsReadAnElementAtATimeAsTheWholeIs() throws {
    let text = " \n[ {\"name\":\"Red\",\"worn\":3} ,\r\n{\"name\":\"Blü\",\"favorite\":true}\n]\n "
    let data = Data(text.utf8)
    XCTAssertTrue(TextRecords.isJSONArray(data))
    let whole = try PlistImport.table(from: PropertyListDecoding.decode(data).0, into: tie)
    XCTAssertEqual(try TextRecords.table(jsonArray: data, into: tie), whole)
    XCTAssertEqual(try PlistImport.table(reading: data, into: tie), whole)
    XCTAssertEqual(whole.count, 2)
    XCTAssertEqual(try TextRecords.table(jsonArray: Data(" [ ] ".utf8), into: tie).count, 0)
    XCTAssertFalse(TextRecords.isJSONArray(Data(" {\"a\": []}".utf8)))
  }

  /// A problem in a JSON array's text is named by line and column; a record's, by its row.
  func testAJSONArraysProblemsNameTheirLineOrRow() {
    func problem(_ text: String) -> [String] {
      problems { _ = try PlistImport.table(reading: Data(text.utf8), into: tie) }
    }
    XCTAssertEqual(
      problem("[{\"name\": \"é\"},\n {\"name\": }]"),
      ["line 2, column 11: not valid JSON: expected a value"])
    XCTAssertEqual(
      problem("[{\"name\": \"a\"}] x"),
      ["line 1, column 17: not valid JSON: text after the JSON value"])
    XCTAssertEqual(
      problem("[{\"name\": \"a\"},]"), ["line 1, column 16: not valid JSON: expected a value"])
    XCTAssertEqual(
      problem("[{\"name\": \"a\"}"),
      ["line 1, column 15: not valid JSON: expected \",\" or \"]\" in an array"])
    XCTAssertEqual(
      problem("[{\"worn\": 1, \"worn\": 2}]"),
      [
        #"line 1, column 14: the key "worn" appears twice in the object at [0]; JSON readers keep "#
          + "only one of the values, so remove the other"
      ])
    XCTAssertEqual(
      problem("[1, {\"worn\": \"many\"}]"),
      [
        "row 1: expected a dictionary, found the integer 1",
        #"row 2, key "worn": expected an integer for Int32, found the string "many""#,
      ])
  }
}
