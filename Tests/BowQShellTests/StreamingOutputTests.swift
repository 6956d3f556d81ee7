import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// Large results are written as they are rendered, in pieces, never as one text; Ctrl-C
/// stops the writing.
final class StreamingOutputTests: XCTestCase {
  override func tearDown() {
    Interrupt.reset()
  }

  /// Records each piece the shell writes.
  final class Pieces: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var written: [String] = []
    private(set) var errors = ""

    var output: ShellOutput {
      ShellOutput(
        write: { text in self.lock.withLock { self.written.append(text) } },
        error: { text in self.lock.withLock { self.errors += text } })
    }
  }

  /// A graph of `rows` objects `T { name, n }`.
  func makeGraph(rows: Int) throws -> ObjectGraph {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "T",
        attributes: [Attribute(name: "name", type: .string), Attribute(name: "n", type: .int32)]))
    for i in 0..<rows { graph.insert([.string("row number \(i)"), .int(Int64(i))], into: "T") }
    return graph
  }

  func makeShell(format: OutputFormat, rows: Int, pieces: Pieces) throws -> Shell {
    let interpreter = Interpreter(
      context: Context(graph: try makeGraph(rows: rows)), store: .memory)
    return Shell(interpreter: interpreter, format: format, output: pieces.output)
  }

  func testEveryFormatIsWrittenInPiecesThatMakeTheWholeText() throws {
    for format in OutputFormat.allCases {
      let pieces = Pieces()
      let shell = try makeShell(format: format, rows: 20_000, pieces: pieces)
      XCTAssertTrue(shell.run(script: "fetch T", name: "-c"))
      XCTAssertGreaterThan(pieces.written.count, 5, "\(format) was written at once")
      // A format of a line per row adds a batch of rows made on a processor past the
      // buffer's 64 KB; an aligned one a page of rows.
      let lastPiece = [.table, .box].contains(format) ? 100_000 : 2 * InOrderBatches.pieceBytes
      XCTAssertLessThan(
        pieces.written.map(\.utf8.count).max() ?? 0, (1 << 16) + lastPiece,
        "\(format) wrote a piece larger than the buffer")
      guard case .objects(let result)? = try shell.interpreter.run("fetch T").last else {
        return XCTFail("no result")
      }
      XCTAssertEqual(
        pieces.written.joined(), format.renderer(style: .plain).render(result),
        "\(format): the pieces are not the text render gives")
    }
  }

  func testATableAtATerminalPrintsItsFirstScreenfulFirst() throws {
    for format in [OutputFormat.table, .box] {
      let pieces = Pieces()
      let shell = try makeShell(format: format, rows: 20_000, pieces: pieces)
      shell.terminalRows = { 30 }
      var reader = StreamLineReader(text: "fetch T\n")
      shell.run(reader: &reader, interactive: true)
      let first = try XCTUnwrap(pieces.written.first)
      XCTAssertTrue(first.contains("row number 29"), "\(format): \(first)")
      XCTAssertFalse(first.contains("row number 30"), "\(format): \(first)")
      XCTAssertTrue(pieces.written.joined().contains("row number 19999"))
    }
  }

  func testJSONOfAStreamedResultParses() throws {
    let pieces = Pieces()
    let shell = try makeShell(format: .json, rows: 3_000, pieces: pieces)
    XCTAssertTrue(shell.run(script: "fetch T where n < 1500", name: "-c"))
    let parsed = try JSONSerialization.jsonObject(with: Data(pieces.written.joined().utf8))
    XCTAssertEqual((parsed as? [[String: Any]])?.count, 1_500)
  }

  func testCtrlCStopsWritingAResult() throws {
    let renderer = CSVRenderer()
    let interpreter = Interpreter(
      context: Context(graph: try makeGraph(rows: 5_000)), store: .memory)
    guard case .objects(let result)? = try interpreter.run("fetch T").last else {
      return XCTFail("no result")
    }
    var lines = 0
    XCTAssertThrowsError(
      try renderer.write(result) { piece in
        lines += piece.utf8.count { $0 == UInt8(ascii: "\n") }
        if lines >= 100 { Interrupt.request() }
      })
    XCTAssertLessThan(lines, 1_200, "the writing went on after Ctrl-C")
  }
}

/// A table that fits the terminal stays a table with colour on: escape codes take no width.
final class ColouredTableWidthTests: XCTestCase {
  func testAColouredTableThatFitsStaysATable() throws {
    let capture = ShellFixtures.Capture()
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      "entity Hat { name: String, width: Int16, color: String? }\n"
        + "insert Hat name = \"Fez\", width = 3\ninsert Hat name = \"Top hat\", width = 5")
    let shell = Shell(
      interpreter: interpreter, output: capture.output, style: Style(isEnabled: true))
    shell.terminalColumns = { 30 }
    var reader = StreamLineReader(text: "fetch Hat\n")
    shell.run(reader: &reader, interactive: true)
    XCTAssertTrue(capture.out.contains("\u{1B}[1mname"), capture.out)
    XCTAssertFalse(capture.out.contains(" = "), "shown one attribute per line:\n\(capture.out)")
  }
}

/// With `--json` every statement's output is JSON: `changes` and `explain` too, so a run
/// is a stream of JSON documents.
final class JSONEverywhereTests: XCTestCase {
  func testEveryOutputOfAJSONRunIsJSON() throws {
    for format in [OutputFormat.jsonl, .json] {
      let capture = ShellFixtures.Capture()
      let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
      shell.settings.format = format
      XCTAssertTrue(shell.run(script: "update Hat set width = 4\nchanges", name: "-c"))
      let changes = try JSONSerialization.jsonObject(with: Data(capture.out.utf8))
      XCTAssertEqual(
        (changes as? [[String: Any]])?.first?["object"] as? String, "Hat/p1", capture.out)
      let explain = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
      explain.settings.format = format
      let before = capture.out.count
      XCTAssertTrue(explain.run(script: "explain count Hat where width > 1", name: "-c"))
      let plan = try JSONSerialization.jsonObject(
        with: Data(capture.out.dropFirst(before).utf8))
      XCTAssertEqual(
        (plan as? [String: Any])?["plan"] as? [String],
        ["scan 1 Hat object", "filter width > 1 (1 object)", "count"])
    }
  }
}
