import Foundation
import XCTest

@testable import BowQ

/// `export` chooses its format by `as …` or the file's extension, writes CSV and JSON Lines
/// besides the property-list forms, and refuses an extension it cannot honour.
final class ExportFormatTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-export")
  }

  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory, baseDirectory: folder.path)
    _ = try interpreter.run(
      """
      entity Hat { name: String, size: Double?, photo: Binary?, bought: Date? }
      insert Hat name = "Fez, red", size = 3.5
      insert Hat name = "Top \\"hat\\"", bought = CAST("2024-01-31T12:00:00Z", "NSDate")
      insert Hat name = ""
      """)
    return interpreter
  }

  func text(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  func testTheExtensionChoosesTheFormat() {
    XCTAssertEqual(ExportFormat(extension: "CSV"), .csv)
    XCTAssertEqual(ExportFormat(extension: "jsonl"), .jsonl)
    XCTAssertEqual(ExportFormat(extension: "ndjson"), .jsonl)
    XCTAssertEqual(ExportFormat(extension: "json"), .json)
    XCTAssertEqual(ExportFormat(extension: "xml"), .xml)
    XCTAssertEqual(ExportFormat(extension: "plist"), .binary)
    XCTAssertEqual(ExportFormat(extension: ""), .binary)
    XCTAssertNil(ExportFormat(extension: "txt"))
  }

  func testCSVHasAHeaderAndQuotesAsRFC4180Says() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run("export Hat where name != 'Top \"hat\"' to \"hats.csv\"")
    XCTAssertEqual(
      try text("hats.csv"),
      """
      name,size,photo,bought
      "Fez, red",3.5,,
      \"\",,,

      """)
    _ = try interpreter.run("export Hat where name BEGINSWITH 'Top' to \"top\" as CSV")
    XCTAssertEqual(
      try text("top"), "name,size,photo,bought\n\"Top \"\"hat\"\"\",,,2024-01-31T12:00:00Z\n")
  }

  func testCSVFieldsOfEveryKind() {
    XCTAssertEqual(CSV.field(.data(Data([1, 2, 3]))), "AQID")
    XCTAssertEqual(CSV.field(.null), "")
    XCTAssertEqual(CSV.field(.string("")), "\"\"")
    XCTAssertEqual(CSV.field(.string("a\nb")), "\"a\nb\"")
    XCTAssertEqual(CSV.field(.bool(true)), "YES")
    XCTAssertEqual(CSV.field(.int(-12)), "-12")
    XCTAssertEqual(CSV.field(.string("a\rb")), "\"a\rb\"")
    XCTAssertEqual(CSV.field(.string("Crème, \"brûlée\"")), "\"Crème, \"\"brûlée\"\"\"")
    XCTAssertEqual(CSV.field(.color(Color(red: 1, green: 2, blue: 3))), "\"rgb(1, 2, 3)\"")
  }

  func testCSVRecordsAppendToTheTextGiven() {
    var text = "a\n"
    CSV.append(record: [Value.string("x"), .null, .string("\""), .double(2.5)], to: &text)
    CSV.append(record: [Value](), to: &text)
    XCTAssertEqual(text, "a\nx,,\"\"\"\",2.5\n\n")
  }

  func testJSONLinesHasOneObjectPerLineThatImportReadsBack() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run("export Hat to \"hats.jsonl\"")
    let lines = try text("hats.jsonl").split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, 4)
    XCTAssertEqual(lines.last, "")
    let entity = try XCTUnwrap(interpreter.context.graph.model.entity(named: "Hat"))
    var imported: [[Value]] = []
    for line in lines.dropLast() {
      let plist = try PropertyListDecoding.decode(Data("[\(line)]".utf8)).0
      imported += try PlistImport.rows(from: plist, into: entity)
    }
    XCTAssertEqual(imported, interpreter.context.graph.table("Hat").rows)
  }

  func testAnExtensionItCannotHonourIsRefusedBeforeAnythingIsWritten() throws {
    let interpreter = try makeInterpreter()
    XCTAssertThrowsError(try interpreter.run("export Hat to \"hats.txt\"")) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.message,
        #"cannot tell the export format from ".txt": name the file .json, .jsonl, .csv, .xml "#
          + "or .plist, or add `as json` (json, jsonl, csv, xml, binary)")
    }
    XCTAssertThrowsError(try interpreter.run("export Hat to \"hats.csv\" as yaml")) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.message,
        #"unknown export format "yaml"; use json, jsonl, csv, xml, binary"#)
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }
}
