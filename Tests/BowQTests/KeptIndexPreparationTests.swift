import Foundation
import Synchronization
import XCTest

@testable import BowQ

/// The indexes a store file keeps, taken into use while a shell waits for input: the next
/// statement takes what the work made and reads nothing more from the file for them; an
/// index the file kept stale is built instead; and the work is never taken where the
/// session no longer fits it (another file, an index let go), nor done where the session
/// keeps no index.
final class KeptIndexPreparationTests: XCTestCase {
  private static let model = """
    entity Tie {
      name: String, rating: Int16, key: String, code: String unique
      index key using hash
      index rating
    }
    """
  private static let predicates = [
    "key == 'R'", "key IN {'G', 'B'}", "rating == 2", "rating > 2 AND name BEGINSWITH 'Blue'",
  ]

  private var store: String!

  override func setUpWithError() throws {
    store = try makeTemporaryFolder("bowq-kept-index").appendingPathComponent("ties.bowq").path
  }

  private func generated(indexed: Bool) throws -> Interpreter {
    try Interpreter.generated(Self.model, indexed: indexed, count: 400, seed: 5) { i, random in
      "insert Tie name = \"\(random.pick(["Blue", "Red", "Paisley"])) \(i)\", "
        + "rating = \(random.int(in: 0...5)), key = \"\(random.pick(["R", "G", "B"]))\", "
        + "code = \"c\(i)\""
    }
  }

  /// Saves ties whose three indexes the file keeps: the two declared, and the hash index
  /// `unique` implies, which the work leaves to the statements that use it.
  private func saveWithKeptIndexes() throws -> ObjectGraph {
    let interpreter = try generated(indexed: true)
    interpreter.context.prepareIndexes(for: "Tie")
    try StoreFile.save(interpreter.context.graph, to: store)
    return interpreter.context.graph
  }

  /// The names of the indexes of Tie `graph` has taken into use (or built).
  private func builtNames(_ graph: ObjectGraph) -> Set<String> {
    Set(graph.builtIndexes(of: "Tie").map(\.definition.name))
  }

  func testTheWorkTakesTheKeptIndexesIntoUseAndTheNextStatementReadsNoColumnForThem() throws {
    _ = try saveWithKeptIndexes()
    let session = try StoreOpening(path: store, readOnly: false).open().interpreter
    XCTAssertEqual(session.context.graph.declaredIndexesToTake["Tie"]?.count, 2)
    session.prepareKeptIndexesWhileIdle()
    XCTAssertNotNil(session.idleWork)
    try session.finishIdleWork()
    XCTAssertNil(session.idleWork)

    let graph = session.context.graph
    XCTAssertEqual(builtNames(graph), ["key", "rating"])
    XCTAssertEqual(graph.declaredIndexesToTake, [:])
    XCTAssertFalse(graph.table("Tie").keysInFile)
    XCTAssertEqual(
      graph.indexes["Tie"]?.stored.map(\.definition.name), ["unique(code)"],
      "left for the statements that use it")
    let tie = try XCTUnwrap(graph.model.entity(named: "Tie"))
    let unread = Set(["name", "code"].compactMap(tie.index(ofAttribute:)))
    XCTAssertEqual(graph.table("Tie").undecoded, unread, "only the columns the indexes list")
    XCTAssertEqual(session.context.committed.table("Tie").undecoded, unread)
    IndexMaintenanceTests.assertIndexesMatchTheObjects(graph, "Tie", "taken while idle")

    let decoded = Mutex<[String]>([])
    session.storeFile?.decodedColumn = { entity, column in
      decoded.withLock { $0.append("\(entity).\(column)") }
    }
    XCTAssertEqual(
      try session.count(of: "Tie", where: "key == 'R'"),
      try generated(indexed: false).count(of: "Tie", where: "key == 'R'"))
    XCTAssertEqual(decoded.withLock { $0 }, [], "the count found its index and column ready")
    try Interpreter.assertSameAnswers(
      session, try generated(indexed: false), for: Self.predicates, round: 0)

    session.prepareKeptIndexesWhileIdle()
    XCTAssertNil(session.idleWork, "once for each file opened")
  }

  func testAKeptIndexLeftStaleIsBuiltInsteadAndAnswersAsTheScanDoes() throws {
    var graph = try saveWithKeptIndexes()
    let kept = graph.indexes
    let table = graph.table("Tie")
    let key = try XCTUnwrap(graph.model.entity(named: "Tie")?.index(ofAttribute: "key"))
    // Another program's edit that kept the index section: two rows of different keys swap.
    let first = table.keys[0]
    let other = try XCTUnwrap(
      table.keys.indices.first { table.value(at: $0, slot: key) != table.value(at: 0, slot: key) })
    let firstKey = table.value(at: 0, slot: key)
    graph.update(
      ObjectID(entity: "Tie", key: first), attribute: key, to: table.value(at: other, slot: key))
    graph.update(ObjectID(entity: "Tie", key: table.keys[other]), attribute: key, to: firstKey)
    graph.indexes = kept
    try StoreFile.save(graph, to: store)

    let session = try StoreOpening(path: store, readOnly: false).open().interpreter
    session.prepareKeptIndexesWhileIdle()
    try session.finishIdleWork()
    XCTAssertEqual(builtNames(session.context.graph), ["key", "rating"])
    IndexMaintenanceTests.assertIndexesMatchTheObjects(session.context.graph, "Tie", "built")
    let ties = session.context.graph.table("Tie")
    XCTAssertEqual(
      try session.count(of: "Tie", where: "key == 'R'"),
      ties.keys.indices.filter { ties.value(at: $0, slot: key) == .string("R") }.count)
  }

  func testNothingIsPreparedWhereNoIndexIsKept() throws {
    _ = try saveWithKeptIndexes()
    let readOnly = try StoreOpening(path: store, readOnly: true).open().interpreter
    readOnly.prepareKeptIndexesWhileIdle()
    XCTAssertNil(readOnly.idleWork, "a read-only session keeps no index it takes")

    let oneStatement = try StoreOpening(path: store, readOnly: false).open().interpreter
    oneStatement.expectsMoreStatements = false
    oneStatement.prepareKeptIndexesWhileIdle()
    XCTAssertNil(oneStatement.idleWork, "a single statement keeps nothing for later")

    try StoreFile.save(try generated(indexed: true).context.graph, to: store)
    let unkept = try StoreOpening(path: store, readOnly: false).open().interpreter
    unkept.prepareKeptIndexesWhileIdle()
    XCTAssertNil(unkept.idleWork, "the file keeps no index")
  }

  func testAFileChangedSinceTheOpenIsLeftForTheStatementToReport() throws {
    let graph = try saveWithKeptIndexes()
    let session = try StoreOpening(path: store, readOnly: false).open().interpreter
    var changed = graph
    changed.dropIndexes()
    try StoreFile.save(changed, to: store)
    session.prepareKeptIndexesWhileIdle()
    try session.finishIdleWork()
    XCTAssertEqual(builtNames(session.context.graph), [], "nothing read from another version")
    XCTAssertThrowsError(try session.run("count Tie where key == 'R'")) { error in
      guard case .changedWhileOpen = error as? StoreError else {
        return XCTFail("\(error)")
      }
    }
  }

  /// A kept index over a damaged column: the work fails on it and makes nothing; the
  /// statement that reads the column reports the damage as a load does, and the file is
  /// left as it was.
  func testADamagedColumnIsReportedByTheStatementWithTheLoadsMessage() throws {
    var model = DamagedColumnStore.model
    var tie = try XCTUnwrap(model.entity(named: "Tie"))
    tie.indexes = [IndexDefinition(on: "worn")]
    model.define(tie)
    var graph = ObjectGraph(model: model)
    for i in 0..<6 {
      _ = graph.insert([.string("Tie \(i)"), .int(Int64(i)), .double(1), .null], into: "Tie")
    }
    graph.prepareIndexes(for: "Tie")
    try DamagedColumnStore.write(graph, to: store, damagingWornOfRows: [3])
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    var loadError: StoreError?
    XCTAssertThrowsError(try StoreFile.load(from: store)) { loadError = $0 as? StoreError }

    let session = try StoreOpening(path: store, readOnly: false).open().interpreter
    XCTAssertEqual(session.context.graph.declaredIndexesToTake["Tie"]?.count, 1)
    session.prepareKeptIndexesWhileIdle()
    try session.finishIdleWork()
    XCTAssertEqual(builtNames(session.context.graph), [], "nothing made from a damaged column")
    XCTAssertThrowsError(try session.run("count Tie where worn == 3")) { error in
      XCTAssertEqual(error as? StoreError, try? XCTUnwrap(loadError))
    }
    XCTAssertEqual(try session.run("count Tie where name == \"Tie 3\""), [.count(entity: "Tie", 1)])
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), before)
  }

  /// Ctrl-C while a statement waits for the work stops both; the statement is interrupted,
  /// the work is not taken, and the next statement takes its indexes into use itself.
  func testCtrlCWhileAStatementWaitsStopsTheWork() throws {
    _ = try saveWithKeptIndexes()
    let session = try StoreOpening(path: store, readOnly: false).open().interpreter
    let interrupt = session.interrupt
    // The work waits, once it has read a column, until it is told to stop.
    let work = Mutex<KeptIndexPreparation?>(nil)
    let released = Mutex(false)
    session.storeFile?.decodedColumn = { _, _ in
      while !released.withLock({ $0 }), work.withLock({ $0?.isStopping }) != true { usleep(100) }
    }
    session.prepareKeptIndexesWhileIdle()
    work.withLock { $0 = session.idleWork }
    interrupt.request()
    XCTAssertThrowsError(try session.finishIdleWork()) { XCTAssertTrue($0 is Interrupted) }
    released.withLock { $0 = true }
    XCTAssertEqual(builtNames(session.context.graph), [])
    XCTAssertTrue(session.context.graph.table("Tie").keysInFile, "nothing was taken")
    interrupt.reset()
    session.prepareKeptIndexesWhileIdle()
    XCTAssertNil(session.idleWork, "not started again for the same file")
    try Interpreter.assertSameAnswers(
      session, try generated(indexed: false), for: Self.predicates, round: 0)
    XCTAssertEqual(builtNames(session.context.graph), ["key", "rating"])
  }

  func testAStoreReadAgainDropsTheWorkOnTheFileItReplaced() throws {
    _ = try saveWithKeptIndexes()
    let session = try StoreOpening(path: store, readOnly: false).open().interpreter
    session.prepareKeptIndexesWhileIdle()
    try session.reload()
    XCTAssertNil(session.idleWork)
    XCTAssertEqual(builtNames(session.context.graph), [])
    session.prepareKeptIndexesWhileIdle()
    XCTAssertNotNil(session.idleWork, "the file read again has its own")
    try session.finishIdleWork()
    XCTAssertEqual(builtNames(session.context.graph), ["key", "rating"])
    try Interpreter.assertSameAnswers(
      session, try generated(indexed: false), for: Self.predicates, round: 0)
  }

  /// What the work made is taken only in place of a kept index the graph still keeps
  /// unused: a change to the values it lists lets it go, and the work made from it too.
  func testWhatWasMadeFromAnIndexLetGoIsNotTaken() throws {
    _ = try saveWithKeptIndexes()
    var graph = try StoreFile.load(from: store)
    let stored = try XCTUnwrap(graph.declaredIndexesToTake["Tie"])
    var copy = graph
    copy.prepareIndexes(for: "Tie")
    let made = copy.builtIndexes(of: "Tie")
    XCTAssertEqual(Set(made.map(\.definition.name)), ["key", "rating", "unique(code)"])

    let rating = try XCTUnwrap(graph.model.entity(named: "Tie")?.index(ofAttribute: "rating"))
    graph.update(
      ObjectID(entity: "Tie", key: graph.table("Tie").keys[0]), attribute: rating, to: .int(9))
    graph.adopt(made, madeFrom: stored, of: "Tie")
    XCTAssertEqual(builtNames(graph), ["key"], "rating's kept index was let go by the change")
    graph.prepareIndexes(for: "Tie")
    IndexMaintenanceTests.assertIndexesMatchTheObjects(graph, "Tie", "after the change")
  }
}
