import Foundation
import XCTest

@testable import BowQ

/// Every predicate of the conformance suite (``ConformanceFormats``) runs both ways on the same
/// Core Data–shaped store — in SQLite where it can (the store's rows left in the file) and in
/// memory over the whole graph — with identical answers: the same objects in the same order
/// with the same values, the same counts, or the same error. The store holds the conformance
/// suite's person with her ties, and people and ties around her with nil, empty, accented and
/// extreme values.
final class CoreDataPushdownAgreementTests: XCTestCase {
  /// How many statements of the suite ran wholly in SQLite when this test was written: fewer
  /// means a construct stopped being pushed.
  static let pushedAtLeast = 1135

  static let entities: [CoreDataTestStore.Entity] = [
    .init(
      name: "Address",
      attributes: [.init(name: "street", type: 700), .init(name: "zip", type: 300)],
      relationships: [
        .init(name: "residents", destination: "Person", inverse: "address", toMany: true)
      ]),
    .init(
      name: "Person",
      attributes: [
        .init(name: "name", type: 700), .init(name: "age", type: 300),
        .init(name: "nickname", type: 700), .init(name: "note", type: 700),
        .init(name: "city", type: 700),
      ],
      relationships: [
        .init(name: "address", destination: "Address", inverse: "residents"),
        .init(name: "ties", destination: "Tie", inverse: "owner", toMany: true),
      ]),
    .init(
      name: "Tie",
      attributes: [
        .init(name: "name", type: 700), .init(name: "searchKey", type: 700),
        .init(name: "rating", type: 500), .init(name: "timesWorn", type: 300),
        .init(name: "isFavorite", type: 800), .init(name: "lastWorn", type: 900),
      ],
      relationships: [.init(name: "owner", destination: "Person", inverse: "ties")]),
    .init(name: "SilkTie", parent: "Tie", attributes: [.init(name: "weave", type: 700)]),
  ]

  static let tables = """
    CREATE TABLE ZADDRESS (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
      ZSTREET VARCHAR, ZZIP INTEGER);
    CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
      ZAGE INTEGER, ZNICKNAME VARCHAR, ZNOTE VARCHAR, ZCITY VARCHAR, ZADDRESS INTEGER);
    CREATE TABLE ZTIE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
      ZSEARCHKEY VARCHAR, ZRATING FLOAT, ZTIMESWORN INTEGER, ZISFAVORITE INTEGER,
      ZLASTWORN TIMESTAMP, ZOWNER INTEGER, ZWEAVE VARCHAR);
    INSERT INTO ZADDRESS VALUES (1, 1, 1, 'Rue du Lac', 1003), (2, 1, 1, NULL, 0),
      (3, 1, 1, 'rue du lac', -5);
    INSERT INTO ZPERSON VALUES
      (1, 2, 1, 'Ann', 41, NULL, '', 'Zürich', 1),
      (2, 2, 1, 'Bob', 30, 'Bobby', NULL, 'Zurich', NULL),
      (3, 2, 1, NULL, NULL, NULL, NULL, NULL, 9),
      (4, 2, 1, 'Zoë', 9223372036854775807, 'ann', 'x', 'ZÜRICH', 2),
      (5, 2, 1, 'ann', -41, '', 'Ann', 'Straße', 3),
      (6, 2, 1, 'Anna', 41, 'Zürich', 'a%b_c', 'zurich', 1);
    INSERT INTO ZTIE VALUES
      (1, 3, 1, 'Red Bow Tie', 'R', 3.5, 4, 0, 86400, 1, NULL),
      (2, 3, 1, 'Blue Bow Tie', 'B', 5, 12, 1, 0, 1, NULL),
      (3, 3, 1, 'Polka Dot', 'P', 2.0, 0, 0, NULL, 1, NULL),
      (4, 4, 1, 'Red Bow Tie', 'r', 4.5, 9007199254740993, 1, -86400.25, 2, 'twill'),
      (5, 3, 1, 'Ünowned', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
      (6, 4, 1, 'blue bow tie', 'B', 0.1, -3, 2, 1e9, 6, 'satin'),
      (7, 3, 1, '', '', -0.0, 1, 0, 86400, 6, NULL),
      (8, 3, 1, NULL, NULL, NULL, NULL, NULL, NULL, 2, NULL);
    """

  /// A new store of the test model.
  static func makeStore(for test: XCTestCase) throws -> String {
    let path = try test.makeTemporaryFolder("bowq-coredata").appendingPathComponent("People.sqlite")
      .path
    try CoreDataTestStore.make(at: path, entities: entities, sql: tables)
    return path
  }

  /// A sort key through a to-one of each entity, whose target is missing or nil for some.
  static let toOneSortKeys = [
    "Person": "address.street desc", "Tie": "owner.name", "SilkTie": "owner.age desc",
  ]

  /// The statements each format runs in, on each entity.
  static func statements(_ format: String) -> [String] {
    ["Person", "Tie", "SilkTie"].flatMap { entity in
      [
        "count \(entity) where \(format)", "fetch \(entity) where \(format)",
        "fetch \(entity) where \(format) sort by name desc limit 2",
        "fetch \(entity) where \(format) sort by name limit 1 offset 1",
        "fetch \(entity) where \(format) sort by \(toOneSortKeys[entity] ?? "name"), name limit 3",
      ]
    }
  }

  /// A statement's answer, or its error, as text to compare.
  static func answer(_ statement: String, _ interpreter: Interpreter) -> String {
    do {
      switch try interpreter.run(statement).last {
      case .objects(let result)?:
        return "\(result.ids) \(Array(result.rows))"
      case .count(_, let n)?:
        return "\(n)"
      case let other:
        return "\(String(describing: other))"
      }
    } catch {
      return "error: \(error)"
    }
  }

  /// A session on the store with its rows left in the file.
  static func pushed(_ path: String) throws -> Interpreter {
    let file = try CoreDataStoreFile.open(path: path)
    return Interpreter(
      context: Context(graph: ObjectGraph(model: file.bowqModel)),
      store: .coreData(path: path, uuid: file.schema.uuid), coreDataFile: file)
  }

  /// Whether `statement` runs wholly in SQLite, as its explanation says.
  static func runsInSQLite(_ statement: String, _ path: String) throws -> Bool {
    guard case .explanation(let lines)? = try? pushed(path).run("explain " + statement).last
    else { return false }
    return lines.first?.hasPrefix("run in SQLite") == true
      && !lines.contains { $0.contains("in memory") }
  }

  func testEveryConformancePredicateAnswersAlikeInSQLiteAndInMemory() throws {
    let path = try Self.makeStore(for: self)
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
    var pushedCount = 0
    var compared = 0
    for format in try ConformanceFormats.all() {
      for statement in Self.statements(format) {
        let expected = Self.answer(statement, memory)
        guard !expected.hasPrefix("error: ") || !expected.contains("unknown") else { continue }
        compared += 1
        XCTAssertEqual(Self.answer(statement, try Self.pushed(path)), expected, statement)
        if try Self.runsInSQLite(statement, path) { pushedCount += 1 }
      }
    }
    XCTAssertGreaterThan(compared, 1000)
    XCTAssertGreaterThanOrEqual(
      pushedCount, Self.pushedAtLeast, "\(pushedCount) of \(compared) statements ran in SQLite")
    print("pushdown agreement: \(pushedCount) of \(compared) statements ran wholly in SQLite")
  }

  func testASortThroughAToOneRunsInSQLite() throws {
    let path = try Self.makeStore(for: self)
    let statement = "fetch Tie sort by owner.name desc, name limit 5"
    guard case .explanation(let lines)? = try Self.pushed(path).run("explain " + statement).last
    else { return XCTFail("no explanation") }
    let order: [String] = [
      #" FROM "ZTIE" t0 ORDER BY (SELECT t1."ZNAME" FROM "ZPERSON" t1 WHERE "#,
      #"t1.Z_PK = t0."ZOWNER") COLLATE BOWQ DESC, t0."ZNAME" COLLATE BOWQ, "#,
      "CASE t0.Z_ENT WHEN 3 THEN 0 WHEN 4 THEN 1 END, t0.Z_PK LIMIT 5",
    ]
    let first = lines.first ?? ""
    XCTAssertTrue(first.hasPrefix("run in SQLite: SELECT"), first)
    XCTAssertTrue(first.hasSuffix(order.joined()), first)
    XCTAssertTrue(try Self.runsInSQLite(statement, path), lines.joined(separator: "\n"))
  }

  /// A conjunct SQLite decides is pushed wherever it stands, inside nested ANDs too, through
  /// the one planner: the rest is filtered over the rows SQLite returns, with the engine's
  /// answers.
  func testAConjunctIsPushedInAnyPositionAndInsideNestedANDs() throws {
    let path = try Self.makeStore(for: self)
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
    let statements = [
      "count Tie where name.length > 3 AND rating > 1",
      "fetch Tie where name.length > 3 AND (timesWorn > 0 AND (name.length < 20 AND rating > 1))"
        + " sort by name",
      "fetch SilkTie where (name.length > 0 AND rating < 5) AND name != nil limit 1",
    ]
    for statement in statements {
      XCTAssertEqual(
        Self.answer(statement, try Self.pushed(path)), Self.answer(statement, memory), statement)
      guard case .explanation(let lines)? = try Self.pushed(path).run("explain " + statement).last
      else { return XCTFail("no explanation of \(statement)") }
      XCTAssertTrue(lines[0].hasPrefix("run in SQLite: SELECT"), lines[0])
      XCTAssertTrue(lines[0].contains(#"t0."ZRATING" "#), lines[0])
      XCTAssertTrue(
        lines.contains {
          $0.hasPrefix("filter in memory, over the rows SQLite returns: name.length")
        },
        lines.joined(separator: "\n"))
      XCTAssertFalse(
        lines.contains { $0.contains("comes after a part that is not pushed") },
        lines.joined(separator: "\n"))
    }
  }

  /// `explain` reads no row of the store, even of a statement SQLite cannot serve: it tells
  /// the plan that runs once every row is read, on `Z_PRIMARYKEY`'s bound of the objects.
  func testExplainReadsNoRowEvenOfAStatementSQLiteCannotServe() throws {
    let path = try Self.makeStore(for: self)
    let statements = [
      "fetch Tie select name where rating > 1",
      "count Person where SUBQUERY(ties, $t, $t.rating > 1).@count > 0",
      #"update Tie where owner.name == "Ann" set rating = 1"#,
      #"insert Tie name = "x""#,
    ]
    for statement in statements {
      let interpreter = try Self.pushed(path)
      guard case .explanation(let lines)? = try interpreter.run("explain " + statement).last
      else { return XCTFail("no explanation of \(statement)") }
      XCTAssertTrue(
        lines.first?.hasPrefix("read every row of the Core Data store into memory (") == true,
        lines.joined(separator: "\n"))
      XCTAssertNotNil(interpreter.coreDataFile, "explain \(statement) read the store")
      XCTAssertEqual(interpreter.context.graph.table("Tie").count, 0, statement)
    }
    guard
      case .explanation(let lines)? = try Self.pushed(path).run("explain " + statements[0]).last
    else { return XCTFail("no explanation") }
    XCTAssertEqual(
      Array(lines.dropFirst().prefix(2)),
      ["scan at most 100 Tie objects (Tie, SilkTie)", "filter rating > 1"])
  }

  /// `explain set` after a fetch run in SQLite counts the objects that fetch found, without
  /// reading the store.
  func testExplainSetCountsTheSelectionOfAFetchRunInSQLite() throws {
    let path = try Self.makeStore(for: self)
    let interpreter = try Self.pushed(path)
    _ = try interpreter.run("fetch Tie where rating > 1")
    guard case .explanation(let lines)? = try interpreter.run("explain set rating = 2").last
    else { return XCTFail("no explanation") }
    XCTAssertTrue(lines.contains("take the current selection (4 Tie objects)"), "\(lines)")
    XCTAssertNotNil(interpreter.coreDataFile, "explain set read the store")
  }
}
