import Foundation
import XCTest

@testable import BowQ

/// A session that runs one statement (`bowq -c 'count …'`) counts in the store file a
/// run of rows at a time: the answer is the one with every column decoded, no column is
/// left decoded, and whatever the run-by-run count cannot answer (objects named, an empty
/// result's notes, a damaged value, a comparison that fails) runs as in any session.
final class CountInStoreFileTests: XCTestCase {
  private var store: String!
  private var decoded: [String] = []

  /// More ties than three runs of rows hold, so that runs are counted on several threads.
  private static let tieCount = 10_000

  override func setUpWithError() throws {
    store = try makeTemporaryFolder("bowq-count-in-file").appendingPathComponent("s.bowq").path
    decoded = []
  }

  private let model = DamagedColumnStore.model

  /// Ties named `Tie 0`, `Tie 1`, … (every seventh `Blue tie …`), worn `i % 9` times, rated
  /// `i % 11 / 2`, every other one Ann's; the `worn` of the rows in `damaged` a string.
  private func writeStore(damagingWornOfRows damaged: [Int] = []) throws {
    var graph = ObjectGraph(model: model)
    let ann = graph.insert([.string("Ann"), .collection([])], into: "Person")
    var owned: [RelationshipEdit] = []
    for i in 0..<Self.tieCount {
      let name = i.isMultiple(of: 7) ? "Blue tie \(i)" : "Tie \(i)"
      let tie = graph.insert(
        [.string(name), .int(Int64(i % 9)), .double(Double(i % 11) / 2), .null], into: "Tie")
      if i.isMultiple(of: 2) {
        owned.append(RelationshipEdit(object: tie, relationship: "owner", change: .set([ann])))
      }
    }
    graph.apply(owned)
    guard !damaged.isEmpty else {
      try StoreFile.save(graph, to: store)
      return
    }
    try DamagedColumnStore.write(graph, to: store, damagingWornOfRows: damaged)
  }

  /// A session on the store that runs one statement, counting each column read as
  /// `Entity.column`.
  private func oneStatementSession(readOnly: Bool = true) throws -> Interpreter {
    let interpreter = try StoreOpening(path: store, readOnly: readOnly).open().interpreter
    interpreter.expectsMoreStatements = false
    interpreter.storeFile?.decodedColumn = { [unowned self] in decoded.append("\($0).\($1)") }
    return interpreter
  }

  /// The slots of `Tie` whose columns are still in the store file, as `session` has it.
  private func undecodedTieSlots(_ session: Interpreter) -> Set<Int>? {
    session.context.graph.undecodedColumns["Tie"]
  }

  func testACountComparingOwnAttributesKeepsNoColumnAndAnswersAsWithEveryColumnDecoded() throws {
    try writeStore()
    let whole = Interpreter(
      context: Context(graph: try StoreFile.load(from: store)), store: .memory)
    for readOnly in [true, false] {
      for (predicate, columns) in [
        (#"rating > 3 AND name CONTAINS[c] "blue""#, ["Tie.name", "Tie.rating"]),
        ("worn == 4", ["Tie.worn"]),
        (#"NOT (worn < 5) OR name BEGINSWITH "Blue tie 99""#, ["Tie.name", "Tie.worn"]),
        ("rating BETWEEN {1, 2} AND worn IN {1, 3, 8}", ["Tie.worn", "Tie.rating"]),
      ] {
        let statement = "count Tie where \(predicate)"
        decoded = []
        let session = try oneStatementSession(readOnly: readOnly)
        XCTAssertEqual(try session.run(statement), try whole.run(statement), statement)
        XCTAssertEqual(decoded, columns, statement)
        XCTAssertEqual(undecodedTieSlots(session), [0, 1, 2, 3], "no column is kept: \(statement)")
        XCTAssertTrue(session.context.graph.table("Tie").keysInFile, statement)
      }
    }
  }

  /// On a writable store whose file keeps an index of the attribute counted, the one
  /// statement neither takes the index into use nor builds it, since no save will keep it:
  /// it counts run by run, as it does read-only.
  func testOneStatementOnAWritableStoreTakesNoIndexIntoUse() throws {
    var indexed = ObjectGraph(
      model: Model(entities: [
        Entity(
          name: "Tie", attributes: [Attribute(name: "worn", type: .int16)],
          indexes: [IndexDefinition(name: "byWorn", elements: [.init(attribute: "worn")])])
      ]))
    for i in 0..<Self.tieCount { indexed.insert([.int(Int64(i % 9))], into: "Tie") }
    indexed.prepareIndexes(for: "Tie")
    try StoreFile.save(indexed, to: store)
    let session = try oneStatementSession(readOnly: false)
    XCTAssertEqual(try session.run("count Tie where worn == 4"), [.count(entity: "Tie", 1_111)])
    XCTAssertEqual(decoded, ["Tie.worn"])
    XCTAssertEqual(undecodedTieSlots(session), [0])
    XCTAssertTrue(session.context.graph.table("Tie").keysInFile)
    XCTAssertTrue(session.context.graph.builtIndexes(of: "Tie").isEmpty)

    let kept = try StoreOpening(path: store, readOnly: false).open().interpreter
    XCTAssertEqual(try kept.run("count Tie where worn == 4"), [.count(entity: "Tie", 1_111)])
    XCTAssertEqual(kept.context.graph.builtIndexes(of: "Tie").count, 1, "a session keeps it")
  }

  /// The same count in a session that keeps what it decodes decodes the columns and keeps
  /// them, for the statements after it.
  func testASessionThatKeepsColumnsDecodesThem() throws {
    try writeStore()
    let session = try StoreOpening(path: store, readOnly: true).open().interpreter
    XCTAssertEqual(try session.run("count Tie where worn == 4"), [.count(entity: "Tie", 1_111)])
    XCTAssertEqual(undecodedTieSlots(session), [0, 2, 3])
  }

  /// A count that names objects (a relationship followed) runs as in any session, over
  /// decoded columns.
  func testACountThatNamesObjectsDecodesItsColumns() throws {
    try writeStore()
    let session = try oneStatementSession()
    XCTAssertEqual(
      try session.run(#"count Tie where owner.name == "Ann""#),
      [.count(entity: "Tie", Self.tieCount / 2)])
    XCTAssertEqual(undecodedTieSlots(session), [0, 1, 2])
  }

  /// A count that finds nothing looks for its note in the file too: the value a string
  /// compared case by case would match ignoring case is found run by run, and its row read
  /// alone, with the note of any session, and no column is kept. A part of the predicate
  /// that matches, or a value found nowhere, gives no note, as in any session.
  func testTheNoteOfAnEmptyCountIsFoundInTheFile() throws {
    try writeStore()
    let whole = Interpreter(
      context: Context(graph: try StoreFile.load(from: store)), store: .memory)
    for statement in [
      #"count Tie where name == "tie 12""#,
      #"count Tie where worn == 1 AND name ENDSWITH "TIE 9998""#,
      #"count Tie where name == "Tie 12" AND worn > 8"#, #"count Tie where name == "none""#,
      #"count Tie where worn > 8 OR name ==[c] "none""#,
    ] {
      decoded = []
      let session = try oneStatementSession()
      XCTAssertEqual(try session.run(statement), [.count(entity: "Tie", 0)], statement)
      _ = try whole.run(statement)
      XCTAssertEqual(session.notes, whole.notes, statement)
      XCTAssertEqual(undecodedTieSlots(session), [0, 1, 2, 3], statement)
    }
    let session = try oneStatementSession()
    _ = try session.run(#"count Tie where name == "tie 12""#)
    XCTAssertEqual(
      session.notes.map(\.message),
      [
        #"no Tie has name == "tie 12", but "Tie 12" differs only in case: name ==[c] "tie 12" ignores case"#
      ])
  }

  /// A damaged value in the second of several runs (and another after it) is reported as
  /// loading the store reports it, and the file is left as it was; read-only, the store is
  /// then read as far as it can be, as in any session.
  func testADamagedValueIsReportedAsTheLoadReportsIt() throws {
    try writeStore(damagingWornOfRows: [5_000, 9_000])
    var loadError: StoreError?
    XCTAssertThrowsError(try StoreFile.load(from: store)) { loadError = $0 as? StoreError }
    XCTAssertTrue("\(try XCTUnwrap(loadError))".contains("row 5000"), "\(loadError!)")
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    XCTAssertThrowsError(
      try oneStatementSession(readOnly: false).run("count Tie where worn == 4")
    ) { error in
      XCTAssertEqual(error as? StoreError, loadError)
    }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), before)

    let session = try oneStatementSession(readOnly: true)
    XCTAssertEqual(try session.run("count Tie where worn == 4"), [.count(entity: "Tie", 0)])
    XCTAssertTrue(
      session.notes.contains {
        $0.kind == .warning && $0.message.contains("it is open read-only with what could be read")
      }, "\(session.notes)")
  }

  /// Ctrl-C stops the count before its next run of rows; nothing is kept, and the count run
  /// again answers.
  func testCtrlCStopsTheCount() throws {
    try writeStore()
    let session = try oneStatementSession()
    session.interrupt.request()
    XCTAssertThrowsError(try session.run("count Tie where worn == 4")) { error in
      XCTAssertTrue(error is Interrupted, "\(error)")
    }
    XCTAssertEqual(undecodedTieSlots(session), [0, 1, 2, 3])
    session.interrupt.reset()
    XCTAssertEqual(try session.run("count Tie where worn == 4"), [.count(entity: "Tie", 1_111)])
  }
}
