import BowQ
import Foundation
import XCTest

/// `bowq -c 'count …'` and `bowq -c 'export …'`, one statement in a process of its own, read
/// the store file a run of rows at a time: through the real binary, their answers, files,
/// damage reports and exit codes are those of the same statement in a script that goes on
/// after it.
final class OneStatementTests: XCTestCase {
  var home: URL!
  var store: String { home.appendingPathComponent("ties.bowq").path }

  override func setUpWithError() throws {
    home = try makeHome()
  }

  /// A store of 10,000 ties (several runs of rows): every seventh named `Blue tie …`, rated
  /// `i % 11 / 2`, worn `i % 9` times; the `worn` of row 6,000 a string when `damaged`.
  private func writeStore(damaged: Bool = false) throws {
    var graph = ObjectGraph(
      model: Model(entities: [
        Entity(
          name: "Tie",
          attributes: [
            Attribute(name: "name", type: .string), Attribute(name: "rating", type: .double),
            Attribute(name: "worn", type: .int16),
          ])
      ]))
    for i in 0..<10_000 {
      graph.insert(
        [
          .string(i.isMultiple(of: 7) ? "Blue tie \(i)" : "Tie \(i)"),
          .double(Double(i % 11) / 2), .int(Int64(i % 9)),
        ], into: "Tie")
    }
    try StoreFile.save(graph, to: store)
    guard damaged else { return }
    guard case .dictionary(var root) = try StoreCodec.encode(graph),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var tie) = entities["Tie"], case .dictionary(var columns) = tie["columns"],
      case .array(var worn) = columns["worn"]
    else { return XCTFail("unexpected store layout") }
    worn[6_000] = .string("many")
    columns["worn"] = .array(worn)
    tie["columns"] = .dictionary(columns)
    entities["Tie"] = .dictionary(tie)
    root["entities"] = .dictionary(entities)
    try BinaryPropertyListWriter.encode(.dictionary(root)).write(to: URL(fileURLWithPath: store))
  }

  func testACountAnswersAsTheSameCountInAScript() throws {
    try writeStore()
    for count in [
      #"count Tie where rating > 3 AND name CONTAINS[c] "blue""#, "count Tie where worn == 4",
    ] {
      for options in [["--read-only"], []] {
        let alone = try Bowq.run(options + ["--store", store, "-c", count], home: home)
        let inScript = try Bowq.run(
          options + ["--store", store, "-c", "count Tie; \(count)"], home: home)
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(alone.stderr, "")
        XCTAssertEqual(alone.stdout, inScript.stdout.split(separator: "\n").last.map { "\($0)\n" })
      }
    }
    let alone = try Bowq.run(
      [
        "--read-only", "--store", store, "-c",
        #"count Tie where rating > 3 AND name CONTAINS[c] "blue""#,
      ],
      home: home)
    XCTAssertEqual(alone.stdout, "520\n")
  }

  func testADamagedValueIsReportedAsInAScriptAndTheStoreIsLeftAsItWas() throws {
    try writeStore(damaged: true)
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    let alone = try Bowq.run(["--store", store, "-c", "count Tie where worn == 4"], home: home)
    let inScript = try Bowq.run(
      ["--store", store, "-c", "count Tie; count Tie where worn == 4"], home: home)
    XCTAssertEqual(alone.status, 1)
    XCTAssertTrue(alone.stderr.contains("row 6000"), alone.stderr)
    // The same message, at the statement: column 1 alone, 12 after `count Tie; `.
    XCTAssertEqual(
      alone.stderr.split(separator: "\n").first?.replacingOccurrences(
        of: "-c:1:1:", with: "-c:1:12:"),
      inScript.stderr.split(separator: "\n").first.map(String.init))
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), before)
    let readOnly = try Bowq.run(
      ["--read-only", "--store", store, "-c", "count Tie where worn == 4"], home: home)
    XCTAssertEqual(readOnly.stdout, "0\n")
    XCTAssertTrue(readOnly.stderr.contains("what could be read"), readOnly.stderr)
  }

  func testAnExportWritesTheFileOfTheSameExportInAScript() throws {
    try writeStore()
    for predicate in ["", " where worn == 4 OR name BEGINSWITH \"Blue\""] {
      for format in ["csv", "jsonl"] {
        let alone = try Bowq.run(
          ["--store", store, "-c", "export Tie\(predicate) to \"alone.\(format)\""], home: home,
          directory: home)
        let inScript = try Bowq.run(
          ["--store", store, "-c", "export Tie\(predicate) to \"script.\(format)\"; count Tie"],
          home: home, directory: home)
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(alone.stdout, "")
        // What an export reports goes to standard error, its file being the output.
        XCTAssertEqual(
          alone.stderr, inScript.stderr.replacingOccurrences(of: "script.", with: "alone."))
        XCTAssertEqual(
          try Data(contentsOf: home.appendingPathComponent("alone.\(format)")),
          try Data(contentsOf: home.appendingPathComponent("script.\(format)")), predicate)
      }
    }
  }

  func testAnExportOfADamagedStoreIsReportedAndWritesNothing() throws {
    try writeStore(damaged: true)
    let alone = try Bowq.run(
      ["--store", store, "-c", #"export Tie to "ties.csv""#], home: home, directory: home)
    XCTAssertEqual(alone.status, 1)
    XCTAssertTrue(alone.stderr.contains("row 6000"), alone.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: home.appendingPathComponent("ties.csv").path))
  }
}
