import Foundation
import XCTest

@testable import BowQ

/// A session on a bowq store decodes only the columns its statements read, each when first
/// read: a damaged column is reported then with the load's message (or, read-only, the
/// store is read as far as it can be), and an edit or a save works on every column.
final class ColumnsOnDemandTests: XCTestCase {
  private var store: String!
  private var decoded: [String] = []

  override func setUpWithError() throws {
    store = try makeTemporaryFolder("bowq-on-demand").appendingPathComponent("s.bowq").path
    decoded = []
  }

  private let model = DamagedColumnStore.model

  private func graph(damagingWornOfRow damaged: Int? = nil) throws -> ObjectGraph {
    var graph = ObjectGraph(model: model)
    let ann = graph.insert([.string("Ann"), .collection([])], into: "Person")
    for i in 0..<6 {
      let tie = graph.insert(
        [.string("Tie \(i)"), .int(Int64(i)), .double(Double(i) / 2), .null], into: "Tie")
      if i.isMultiple(of: 2) { graph.setRelationship(tie, "owner", to: [ann]) }
    }
    return graph
  }

  /// Opens the store as the shell does, counting each column decoded as `Entity.column`.
  private func open(readOnly: Bool = false) throws -> Interpreter {
    let interpreter = try StoreOpening(path: store, readOnly: readOnly).open().interpreter
    interpreter.storeFile?.decodedColumn = { [unowned self] in decoded.append("\($0).\($1)") }
    return interpreter
  }

  func testEachStatementDecodesOnlyTheColumnsItReads() throws {
    try StoreFile.save(try graph(), to: store)
    let session = try open()
    XCTAssertEqual(try session.run("count Tie"), [.count(entity: "Tie", 6)])
    XCTAssertEqual(decoded, [])
    XCTAssertEqual(try session.run("count Tie where worn > 2"), [.count(entity: "Tie", 3)])
    XCTAssertEqual(decoded, ["Tie.worn"])
    _ = try session.run("fetch Tie select name where worn > 2 sort by name desc")
    XCTAssertEqual(decoded, ["Tie.worn", "Tie.name"])
    _ = try session.run("count Tie where owner.name == \"Ann\"")
    XCTAssertEqual(decoded, ["Tie.worn", "Tie.name", "Person.name", "Tie.owner"])
    _ = try session.run("explain fetch Tie where owner.name == \"Ann\"")
    XCTAssertEqual(decoded.count, 4, "explain reads what its predicate reads")
    _ = try session.run("fetch Tie where worn == 1")
    XCTAssertEqual(decoded.last, "Tie.rating", "a fetch of objects reads them whole")
    XCTAssertNotNil(session.storeFile, "Person.ties is still in the file")
    _ = try session.run("fetch Person")
    XCTAssertEqual(decoded.last, "Person.ties")
    XCTAssertNil(session.storeFile, "the file is let go once every column is decoded")
    XCTAssertEqual(session.context.graph, try graph())
    XCTAssertEqual(session.context.committed, try graph())
  }

  /// The keys stay in the file through counts that compare only values; a count that names
  /// objects (`SELF`, a relationship followed), the note of an empty count, or any other
  /// statement reads them, and each answer is the one with everything decoded.
  func testACountReadsNoKeyUnlessItNamesObjects() throws {
    try StoreFile.save(try graph(), to: store)
    var session = try open()
    func keysInFile() -> [Bool] {
      ["Tie", "Person"].map { session.context.graph.table($0).keysInFile }
    }
    XCTAssertEqual(try session.run("count Tie"), [.count(entity: "Tie", 6)])
    XCTAssertEqual(try session.run("count Tie where worn > 2"), [.count(entity: "Tie", 3)])
    XCTAssertEqual(keysInFile(), [true, true])
    XCTAssertEqual(try session.run(#"count Tie where name == "tie 1""#), [.count(entity: "Tie", 0)])
    XCTAssertEqual(
      session.notes.map(\.message),
      [
        #"no Tie has name == "tie 1", but "Tie 1" differs only in case: name ==[c] "tie 1" ignores case"#
      ])
    XCTAssertEqual(keysInFile(), [false, false], "the note names the object it found")

    for (statement, count) in [
      (#"count Tie where owner.name == "Ann""#, 3), ("count Tie where SELF != nil", 6),
    ] {
      session = try open()
      XCTAssertEqual(try session.run(statement), [.count(entity: "Tie", count)], statement)
      XCTAssertEqual(keysInFile(), [false, false], statement)
    }
    session = try open()
    _ = try session.run("fetch Tie select name where worn > 2")
    XCTAssertEqual(keysInFile(), [false, false])
  }

  /// A count of an indexed attribute reads the keys in a session that keeps its indexes,
  /// which then answers from the index, and reads none read-only, where it scans.
  func testACountOfAnIndexedAttributeReadsTheKeysWhereTheIndexIsKept() throws {
    var indexed = ObjectGraph(
      model: Model(entities: [
        Entity(
          name: "Tie", attributes: [Attribute(name: "worn", type: .int16)],
          indexes: [IndexDefinition(name: "byWorn", elements: [.init(attribute: "worn")])])
      ]))
    for i in 0..<6 { indexed.insert([.int(Int64(i % 3))], into: "Tie") }
    try StoreFile.save(indexed, to: store)
    for readOnly in [false, true] {
      let session = try open(readOnly: readOnly)
      XCTAssertEqual(try session.run("count Tie where worn == 1"), [.count(entity: "Tie", 2)])
      XCTAssertEqual(session.context.graph.table("Tie").keysInFile, readOnly)
      XCTAssertEqual(session.context.graph.builtIndexes(of: "Tie").isEmpty, readOnly)
    }
  }

  /// Ctrl-C during the decoding a statement starts with stops it before the next run of
  /// rows, keeping what was decoded; the statement run again decodes only the rest.
  func testCtrlCStopsTheDecodingAndTheNextStatementDecodesTheRest() throws {
    try StoreFile.save(try graph(), to: store)
    let session = try open()
    session.storeFile?.decodedColumn = { [unowned self] entity, column in
      decoded.append("\(entity).\(column)")
      session.interrupt.request()
    }
    XCTAssertThrowsError(try session.run("count Tie where owner.name == \"Ann\"")) { error in
      XCTAssertTrue(error is Interrupted, "\(error)")
    }
    XCTAssertEqual(decoded, ["Person.name"])
    XCTAssertEqual(session.context.graph.undecodedColumns["Person"], [1])
    session.interrupt.reset()
    session.storeFile?.decodedColumn = { [unowned self] in decoded.append("\($0).\($1)") }
    XCTAssertEqual(
      try session.run("count Tie where owner.name == \"Ann\""), [.count(entity: "Tie", 3)])
    XCTAssertEqual(decoded, ["Person.name", "Tie.owner"])
  }

  /// Every conformance predicate, on a model with inheritance, to-ones and to-manys, counts
  /// and selects in a fresh session that decodes only what the statement reads as it does
  /// with every column decoded (a column read but not decoded would trap in a debug build).
  func testEveryConformancePredicateAnswersAsWithEveryColumnDecoded() throws {
    let coreData = try CoreDataPushdownAgreementTests.makeStore(for: self)
    try StoreFile.save(try CoreDataStore.open(path: coreData).graph, to: store)
    let whole = Interpreter(
      context: Context(graph: try StoreFile.load(from: store)), store: .memory)
    var compared = 0
    for format in try ConformanceFormats.all() {
      for entity in ["Person", "Tie", "SilkTie"] {
        for statement in [
          "count \(entity) where \(format)", "fetch \(entity) select name where \(format)",
          "fetch \(entity) select name where \(format) sort by "
            + (CoreDataPushdownAgreementTests.toOneSortKeys[entity] ?? "name") + ", name",
        ] {
          let expected = CoreDataPushdownAgreementTests.answer(statement, whole)
          guard !expected.hasPrefix("error: ") || !expected.contains("unknown") else { continue }
          compared += 1
          let session = try StoreOpening(path: store, readOnly: true).open().interpreter
          XCTAssertEqual(
            CoreDataPushdownAgreementTests.answer(statement, session), expected, statement)
        }
      }
    }
    XCTAssertGreaterThan(compared, 900)
  }

  func testAnEditDecodesEveryColumnAndASaveWritesThemAll() throws {
    try StoreFile.save(try graph(), to: store)
    let session = try open()
    _ = try session.run("count Tie where worn == 3")
    _ = try session.run("update Tie where worn == 3 set rating = 4.5; save")
    XCTAssertEqual(Set(decoded).count, 6)
    XCTAssertEqual(decoded.count, 6, "each column is decoded once")
    var expected = try graph()
    expected.update(ObjectID(entity: "Tie", key: 4), attribute: 2, to: .double(4.5))
    XCTAssertEqual(try StoreFile.load(from: store), expected)
    XCTAssertEqual(
      try session.run("undo; rollback; count Tie where rating == 4.5").last,
      .count(entity: "Tie", 1))
  }

  func testAStatementOnNothingPendingReadsNoColumn() throws {
    try StoreFile.save(try graph(), to: store)
    let session = try open()
    _ = try session.run("changes; validate; rollback; undo; redo; save")
    XCTAssertEqual(decoded, [])
    XCTAssertTrue(session.context.graph.undecodedColumns.keys.sorted() == ["Person", "Tie"])
  }

  /// A store whose `worn` column holds a string in row 3: valid as a property list, so
  /// only decoding that column finds it.
  private func writeDamagedStore() throws -> StoreError {
    try DamagedColumnStore.write(try graph(), to: store, damagingWornOfRows: [3])
    var loadError: StoreError?
    XCTAssertThrowsError(try StoreFile.load(from: store)) { loadError = $0 as? StoreError }
    return try XCTUnwrap(loadError)
  }

  func testADamagedColumnIsReportedWhenFirstReadWithTheLoadsMessage() throws {
    let loadError = try writeDamagedStore()
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    let session = try open()
    XCTAssertEqual(try session.run("count Tie where name == \"Tie 3\""), [.count(entity: "Tie", 1)])
    XCTAssertThrowsError(try session.run("count Tie where worn == 3")) { error in
      XCTAssertEqual(error as? StoreError, loadError)
      XCTAssertTrue("\(error)".contains("row 3"), "\(error)")
    }
    XCTAssertThrowsError(try session.run("insert Tie name = \"new\"")) { error in
      XCTAssertEqual(error as? StoreError, loadError, "an edit needs every column")
    }
    XCTAssertEqual(try session.run("count Tie where rating > 1"), [.count(entity: "Tie", 3)])
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), before)
  }

  /// Two sessions on the store of ``graph()``: one with every column decoded, to compare
  /// with, and one with none decoded yet, whose decodes alone are counted.
  private func wholeAndFreshSessions() throws -> (whole: Interpreter, fresh: Interpreter) {
    try StoreFile.save(try graph(), to: store)
    let whole = try open()
    try whole.decodeEveryColumn()
    decoded = []
    return (whole, try open())
  }

  /// `show` of one object reads its row from the file, not its entity's columns, and shows
  /// what it shows with everything decoded; a damaged row is reported as its column is, and
  /// an undamaged one of a damaged column is shown.
  func testShowingOneObjectReadsItsRowAndNoColumn() throws {
    let (whole, session) = try wholeAndFreshSessions()
    for object in ["Tie/p1", "Tie/p4", "Person/p1"] {
      XCTAssertEqual(try session.run("show \(object)"), try whole.run("show \(object)"), object)
    }
    XCTAssertEqual(decoded, [])
    XCTAssertEqual(
      try session.run("show Tie where worn > 3"), try whole.run("show Tie where worn > 3"))
    XCTAssertEqual(decoded, ["Tie.worn"], "the rows of the objects that match are read alone")

    let loadError = try writeDamagedStore()
    let damaged = try open()
    XCTAssertEqual(try damaged.run("show Tie/p2"), try whole.run("show Tie/p2"))
    XCTAssertThrowsError(try damaged.run("show Tie/p4")) { error in
      XCTAssertEqual(error as? StoreError, loadError)
    }
    let readOnly = try open(readOnly: true)
    XCTAssertThrowsError(try readOnly.run("show Tie/p4")) { error in
      XCTAssertEqual("\(error)", "1:6: there is no object Tie/p4: Tie has no objects")
    }
    XCTAssertTrue(readOnly.notes.contains { $0.kind == .warning }, "\(readOnly.notes)")
  }

  /// A fetch limited to a few objects reads the columns its predicate and sort keys name and
  /// the rows of the objects it shows, as does `show` of a small selection, and each answers
  /// as with everything decoded; a damaged row is reported as its column is, or, read-only,
  /// the store is read as far as it can be.
  func testAFetchOfAFewObjectsReadsTheirRowsAndOnlyTheColumnsItCompares() throws {
    let (whole, session) = try wholeAndFreshSessions()
    for fetch in ["fetch Tie limit 3", "fetch Tie limit 2 offset 3", "fetch Person limit 1"] {
      XCTAssertEqual(try session.run(fetch), try whole.run(fetch), fetch)
    }
    XCTAssertEqual(decoded, [])
    XCTAssertEqual(try session.run("show"), try whole.run("show"), "the selection is the fetch's")
    XCTAssertEqual(decoded, [])
    for (fetch, read) in [
      ("fetch Tie where worn > 2 limit 2", ["Tie.worn"]),
      ("fetch Tie sort by rating desc limit 2", ["Tie.worn", "Tie.rating"]),
    ] {
      XCTAssertEqual(try session.run(fetch), try whole.run(fetch), fetch)
      XCTAssertEqual(decoded, read, fetch)
    }
    _ = try session.run("fetch Tie limit \(ColumnsRead.rowsReadAlone + 1)")
    XCTAssertEqual(Set(decoded), ["Tie.name", "Tie.worn", "Tie.rating", "Tie.owner"])

    let loadError = try writeDamagedStore()
    XCTAssertEqual(try open().run("fetch Tie limit 3"), try whole.run("fetch Tie limit 3"))
    XCTAssertThrowsError(try open().run("fetch Tie limit 5")) { error in
      XCTAssertEqual(error as? StoreError, loadError)
    }
    let readOnly = try open(readOnly: true)
    guard case .objects(let result) = try readOnly.run("fetch Tie limit 5").last else {
      return XCTFail("not a fetch's result")
    }
    XCTAssertEqual(result.ids, [])
    XCTAssertTrue(readOnly.notes.contains { $0.kind == .warning }, "\(readOnly.notes)")
  }

  /// `why` reads the keys, then what its predicate compares (the last fetch's when it names
  /// none) and the rows of the objects it explains, and explains them as with everything
  /// decoded.
  func testWhyReadsWhatItsPredicateComparesAndTheRowsItExplains() throws {
    let (whole, session) = try wholeAndFreshSessions()
    let why = "why Tie/p3 where worn > 1"
    XCTAssertEqual(try session.run(why), try whole.run(why))
    XCTAssertEqual(decoded, ["Tie.worn"])
    for statements in [
      ["fetch Tie where owner.name == \"Ann\" limit 2", "why"], ["why not Tie/p2"],
    ] {
      for statement in statements {
        XCTAssertEqual(try session.run(statement), try whole.run(statement), statement)
      }
    }
    XCTAssertEqual(decoded, ["Tie.worn", "Person.name", "Tie.owner"])
    XCTAssertThrowsError(try session.run("why Tie/p99 where worn > 1"))

    // A damaged row is reported as its column is; read-only, the object is left out.
    let loadError = try writeDamagedStore()
    let named = "why Tie/p4 where name == \"Tie 3\""
    XCTAssertThrowsError(try open().run(named)) { error in
      XCTAssertEqual(error as? StoreError, loadError)
    }
    XCTAssertThrowsError(try open(readOnly: true).run(named)) { error in
      XCTAssertEqual("\(error)", "1:5: there is no object Tie/p4")
    }
  }

  /// `export` reads every column of its entity and what its predicate names, and no other
  /// entity's, and writes what a session with everything decoded writes.
  func testAnExportReadsItsEntityWhole() throws {
    let (whole, session) = try wholeAndFreshSessions()
    let folder = try makeTemporaryFolder("bowq-on-demand-export")
    for (name, interpreter) in [("whole", whole), ("fresh", session)] {
      _ = try interpreter.run(
        "export Tie where owner.name == \"Ann\" to \"\(folder.path)/\(name).json\"")
    }
    XCTAssertEqual(
      Set(decoded), ["Tie.name", "Tie.worn", "Tie.rating", "Tie.owner", "Person.name"])
    XCTAssertEqual(
      try Data(contentsOf: folder.appendingPathComponent("fresh.json")),
      try Data(contentsOf: folder.appendingPathComponent("whole.json")))
  }

  /// A limited fetch of an entity others inherit from reads the rows of the objects it shows,
  /// each from its own entity and shown with the properties of the entity fetched (a
  /// sub-entity holds its relationships after its own attributes), and decodes only what
  /// its predicate and sort keys compare, in every member.
  func testAFetchOfAFewObjectsOfAHierarchyReadsTheirRowsInTheEntitysLayout() throws {
    let maker = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try maker.run(
      """
      entity Person { name: String }
      entity Tie { name: String, worn: Int16, owner: Person? }
      entity SilkTie : Tie { sheen: String }
      insert Person name = "Ann"
      insert Tie name = "Plain", worn = 3, owner = Person where name == "Ann"
      insert SilkTie name = "Silk", worn = 5, sheen = "high", owner = Person where name == "Ann"
      insert Tie name = "Wool", worn = 1
      insert SilkTie name = "Satin", worn = 2, sheen = "low"
      """)
    try StoreFile.save(maker.context.graph, to: store)
    let whole = try open()
    try whole.decodeEveryColumn()
    decoded = []
    let session = try open()
    for fetch in ["fetch Tie limit 4", "fetch SilkTie limit 1 offset 1"] {
      XCTAssertEqual(try session.run(fetch), try whole.run(fetch), fetch)
    }
    XCTAssertEqual(decoded, [])
    let sorted = "fetch Tie where worn > 1 sort by worn desc limit 2"
    let answer = try session.run(sorted)
    XCTAssertEqual(answer, try whole.run(sorted))
    guard case .objects(let result) = answer.last else { return XCTFail("not objects") }
    XCTAssertEqual(result.ids.map(\.description), ["SilkTie/p2", "Tie/p1"])
    XCTAssertEqual(Set(decoded), ["Tie.worn", "SilkTie.worn"])
    _ = try session.run("fetch Tie")
    XCTAssertEqual(
      Set(decoded),
      [
        "Tie.name", "Tie.worn", "Tie.owner", "SilkTie.name", "SilkTie.worn", "SilkTie.sheen",
        "SilkTie.owner",
      ], "a fetch with no limit reads every member whole")
  }

  /// Beyond ``ColumnsRead/rowsReadAlone`` objects, `show` decodes their columns instead of
  /// reading the rows one by one.
  func testShowingManyObjectsDecodesTheirColumns() throws {
    var graph = ObjectGraph(model: model)
    for i in 0...ColumnsRead.rowsReadAlone {
      graph.insert([.string("Tie \(i)"), .int(Int64(i % 7)), .double(1), .null], into: "Tie")
    }
    try StoreFile.save(graph, to: store)
    let session = try open()
    guard case .cards(let few) = try session.run("show Tie where worn == 3").last else {
      return XCTFail("not cards")
    }
    XCTAssertEqual(few.count, 143)
    XCTAssertEqual(decoded, ["Tie.worn"])
    guard case .cards(let all) = try session.run("show Tie where worn >= 0").last else {
      return XCTFail("not cards")
    }
    XCTAssertEqual(all.count, ColumnsRead.rowsReadAlone + 1)
    XCTAssertEqual(Set(decoded), ["Tie.worn", "Tie.name", "Tie.rating", "Tie.owner"])
  }

  func testReadOnlyADamagedColumnLeavesItsEntityOutAndSaysSo() throws {
    _ = try writeDamagedStore()
    let session = try open(readOnly: true)
    XCTAssertEqual(
      try session.run("count Person where name == \"Ann\""), [.count(entity: "Person", 1)])
    XCTAssertEqual(try session.run("count Tie where worn == 3"), [.count(entity: "Tie", 0)])
    let warning = try XCTUnwrap(session.notes.first { $0.kind == .warning })
    XCTAssertTrue(
      warning.message.contains("is damaged; it is open read-only with what could be read"),
      warning.message)
    XCTAssertTrue(warning.message.contains("Tie"), warning.message)
    XCTAssertNil(session.storeFile)
    XCTAssertEqual(try session.run("count Person"), [.count(entity: "Person", 1)])
  }

  func testAStoreReplacedByAnotherSaveIsNotMixedIn() throws {
    try StoreFile.save(try graph(), to: store)
    let session = try open()
    _ = try session.run("count Tie where worn > 2")
    var other = try graph()
    other.update(ObjectID(entity: "Tie", key: 2), attribute: 0, to: .string("changed"))
    try StoreFile.save(other, to: store)
    XCTAssertThrowsError(try session.run("count Tie where name == \"changed\"")) { error in
      guard case .changedWhileOpen = error as? StoreError else {
        return XCTFail("unexpected error \(error)")
      }
      XCTAssertTrue("\(error)".contains(".reload"), "\(error)")
    }
    XCTAssertEqual(try session.run("count Tie where worn > 2"), [.count(entity: "Tie", 3)])
    try session.reload()
    XCTAssertEqual(
      try session.run("count Tie where name == \"changed\""), [.count(entity: "Tie", 1)])
  }
}
