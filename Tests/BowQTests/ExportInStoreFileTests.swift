import Foundation
import XCTest

@testable import BowQ

/// A session that runs one statement (`bowq -c 'export …'`) writes a csv or JSON Lines
/// export from the store file a run of rows at a time: the file is the one an export over
/// every decoded column writes, no column is kept, and whatever the file cannot answer (other
/// formats, objects that name objects, a damaged value) runs as in any session, leaving the
/// file it would have written as it was until the export succeeds.
final class ExportInStoreFileTests: XCTestCase {
  private var folder: URL!
  private var store: String!

  /// More ties than three runs of rows hold, so that runs are read on several threads.
  private static let tieCount = 10_000

  private static let model = Model(entities: [
    Entity(
      name: "Tie",
      attributes: [
        Attribute(name: "name", type: .string), Attribute(name: "worn", type: .int16),
        Attribute(name: "rating", type: .double),
        Attribute(name: "bought", type: .date, isOptional: true),
      ])
  ])

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-export-in-file")
    store = folder.appendingPathComponent("s.bowq").path
  }

  /// Ties named `Tie 0`, `Tie 1`, … (every seventh `Blue "tie", …`, which csv quotes),
  /// worn `i % 9` times, rated `i % 11 / 2`, every third bought; the `worn` of the rows in
  /// `damaged` a string.
  private func writeStore(model: Model = model, damagingWornOfRows damaged: [Int] = []) throws {
    var graph = ObjectGraph(model: model)
    for i in 0..<Self.tieCount {
      let name = i.isMultiple(of: 7) ? "Blue \"tie\", \(i)" : "Tie \(i)"
      let bought = i.isMultiple(of: 3) ? Value.date(Date(timeIntervalSince1970: Double(i))) : .null
      var row: [Value] = [.string(name), .int(Int64(i % 9)), .double(Double(i % 11) / 2), bought]
      row += model.entities[0].relationships.map { _ in Value.null }
      graph.insert(row, into: "Tie")
    }
    try DamagedColumnStore.write(graph, to: store, damagingWornOfRows: damaged)
  }

  private func oneStatementSession(readOnly: Bool = true) throws -> Interpreter {
    let interpreter = try StoreOpening(path: store, readOnly: readOnly).open().interpreter
    interpreter.expectsMoreStatements = false
    interpreter.baseDirectory = folder.path
    return interpreter
  }

  private func contents(_ name: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(name))
  }

  func testAnExportFromTheFileIsTheExportOfEveryColumnDecodedAndKeepsNone() throws {
    try writeStore()
    let whole = Interpreter(
      context: Context(graph: try StoreFile.load(from: store)), store: .memory)
    whole.baseDirectory = folder.path
    for readOnly in [true, false] {
      for predicate in ["", #" where rating > 3 AND name CONTAINS[c] "blue""#, " where worn == 4"] {
        for format in ["csv", "jsonl"] {
          let statement = "export Tie\(predicate) to \"out.\(format)\""
          let session = try oneStatementSession(readOnly: readOnly)
          let exported = try session.run(statement)
          XCTAssertEqual(
            session.context.graph.undecodedColumns["Tie"], [0, 1, 2, 3],
            "no column is kept: \(statement)")
          XCTAssertTrue(session.context.graph.table("Tie").keysInFile, statement)
          let fromFile = try contents("out.\(format)")
          XCTAssertEqual(exported, try whole.run(statement), statement)
          XCTAssertEqual(fromFile, try contents("out.\(format)"), statement)
        }
      }
    }
  }

  /// JSON, whose objects are not written each alone, and an entity whose objects name
  /// other objects are exported over decoded columns, as in any session.
  func testOtherExportsDecodeTheirColumns() throws {
    try writeStore()
    let json = try oneStatementSession()
    _ = try json.run(#"export Tie where worn == 4 to "out.json""#)
    XCTAssertEqual(json.context.graph.undecodedColumns["Tie"], nil)

    let tie = Self.model.entities[0]
    let model = Model(entities: [
      Entity(
        name: "Tie", attributes: tie.attributes,
        relationships: [
          Relationship(name: "twin", destination: "Tie", isToMany: false, inverse: "twin")
        ])
    ])
    try writeStore(model: model)
    let related = try oneStatementSession()
    _ = try related.run(#"export Tie to "out.csv""#)
    XCTAssertEqual(related.context.graph.undecodedColumns["Tie"], nil)
  }

  /// A damaged value in a later run is reported as loading the store reports it, and the
  /// file the export was to write is left as it was.
  func testADamagedValueIsReportedAndTheFileLeftAsItWas() throws {
    try writeStore(damagingWornOfRows: [9_000])
    var loadError: StoreError?
    XCTAssertThrowsError(try StoreFile.load(from: store)) { loadError = $0 as? StoreError }
    let out = folder.appendingPathComponent("out.csv")
    try Data("before\n".utf8).write(to: out)
    XCTAssertThrowsError(try oneStatementSession(readOnly: false).run(#"export Tie to "out.csv""#))
    {
      XCTAssertEqual($0 as? StoreError, loadError)
    }
    XCTAssertEqual(try contents("out.csv"), Data("before\n".utf8))
  }

  /// Ctrl-C stops the export before its next run of rows, and writes no file.
  func testCtrlCStopsTheExport() throws {
    try writeStore()
    let session = try oneStatementSession()
    session.interrupt.request()
    XCTAssertThrowsError(try session.run(#"export Tie to "out.jsonl""#)) { error in
      XCTAssertTrue(error is Interrupted, "\(error)")
    }
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.jsonl").path))
    XCTAssertEqual(session.context.graph.undecodedColumns["Tie"], [0, 1, 2, 3])
  }
}
