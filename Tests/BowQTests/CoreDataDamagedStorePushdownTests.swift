import Foundation
import XCTest

@testable import BowQ

/// Stores that Core Data would not write — a row whose `Z_ENT` names no entity of its table,
/// a to-one's entity column that disagrees with its target, UUIDs kept as text — answer in
/// SQLite as the full read of the store answers: the same objects and counts, or the same
/// failure, the statement then running in memory.
final class CoreDataDamagedStorePushdownTests: XCTestCase {
  static let entities: [CoreDataTestStore.Entity] = [
    .init(
      name: "Tie",
      attributes: [
        .init(name: "name", type: 700), .init(name: "uid", type: 1100),
        .init(name: "rank", type: 300),
      ],
      relationships: [.init(name: "fans", destination: "Person", inverse: "favorite", toMany: true)]
    ),
    .init(name: "SilkTie", parent: "Tie", attributes: [.init(name: "weave", type: 700)]),
    .init(
      name: "Person", attributes: [.init(name: "name", type: 700)],
      relationships: [.init(name: "favorite", destination: "Tie", inverse: "fans")]),
  ]

  static let first = "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"
  static let second = "0F4C9E2B-8D71-4A02-B6E3-5C2D1A9B7F02"

  /// A store of the test model with `rows` after the tables.
  static func makeStore(for test: XCTestCase, _ rows: String) throws -> String {
    let path = try test.makeTemporaryFolder("bowq-coredata").appendingPathComponent("Ties.sqlite")
      .path
    try CoreDataTestStore.make(
      at: path, entities: entities,
      sql: """
        CREATE TABLE ZTIE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
          ZUID BLOB, ZRANK INTEGER, ZWEAVE VARCHAR);
        CREATE INDEX ZTIE_Z_ENT_INDEX ON ZTIE (Z_ENT);
        CREATE INDEX ZTIE_ZRANK_INDEX ON ZTIE (ZRANK);
        CREATE INDEX ZTIE_ZUID_INDEX ON ZTIE (ZUID);
        CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZNAME VARCHAR, ZFAVORITE INTEGER, Z1_FAVORITE INTEGER);
        \(rows)
        """)
    return path
  }

  /// Each statement's answer in SQLite equals the full read's, and runs in SQLite.
  private func assertAlike(
    _ statements: [String], _ path: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
    for statement in statements {
      XCTAssertEqual(
        CoreDataPushdownAgreementTests.answer(
          statement, try CoreDataPushdownAgreementTests.pushed(path)),
        CoreDataPushdownAgreementTests.answer(statement, memory), statement, file: file,
        line: line)
      XCTAssertTrue(
        try CoreDataPushdownAgreementTests.runsInSQLite(statement, path), statement, file: file,
        line: line)
    }
  }

  func testARowOfNoEntityOfItsTableFailsAsTheFullReadFails() throws {
    for number in ["3", "9", "NULL", "'x'", "1.5"] {
      let path = try Self.makeStore(
        for: self,
        """
        INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZNAME, ZRANK, ZWEAVE) VALUES
          (1, 1, 1, 'Red', 4, NULL), (2, 2, 1, 'Silk', 4, 'satin'),
          (3, \(number), 1, 'Ghost', 4, NULL);
        """)
      XCTAssertThrowsError(try CoreDataStore.open(path: path), number)
      for statement in ["count Tie", "count Tie where rank == 4", "fetch Tie", "count SilkTie"] {
        for asked in [statement, "explain " + statement] {
          let answer = CoreDataPushdownAgreementTests.answer(
            asked, try CoreDataPushdownAgreementTests.pushed(path))
          XCTAssertTrue(answer.hasPrefix("error: "), "\(number): \(asked): \(answer)")
          XCTAssertTrue(answer.contains("of ZTIE has"), "\(number): \(asked): \(answer)")
        }
      }
    }
  }

  func testAnIndexedCountOfARootStillReadsTheIndexAlone() throws {
    let path = try Self.makeStore(
      for: self,
      """
      INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZNAME, ZRANK, ZWEAVE) VALUES (1, 1, 1, 'Red', 4, NULL),
        (2, 2, 1, 'Red', 4, 'satin');
      """)
    let session = try CoreDataPushdownAgreementTests.pushed(path)
    XCTAssertEqual(CoreDataPushdownAgreementTests.answer("count Tie where rank == 4", session), "2")
    guard
      case .explanation(let lines)? = try session.run("explain count Tie where rank == 4").last,
      let sql = lines.first?.split(separator: ": ", maxSplits: 1).last
    else { return XCTFail("no explanation") }
    let file = try CoreDataStoreFile.open(path: path)
    let plan = try file.connection.rows("EXPLAIN QUERY PLAN " + sql, binding: [.integer(4)])
    let details = plan.compactMap { row -> String? in
      if case .text(let detail)? = row.last { return detail }
      return nil
    }
    XCTAssertEqual(
      details, ["SEARCH t0 USING COVERING INDEX ZTIE_ZRANK_INDEX (ZRANK=?)"], String(sql))
  }

  func testAToOnesEntityColumnIsCheckedAgainstItsTarget() throws {
    let path = try Self.makeStore(
      for: self,
      """
      INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZNAME, ZRANK, ZWEAVE) VALUES
        (1, 1, 1, 'Red', 1, NULL), (2, 2, 1, 'Silk', 2, 'satin'), (3, 1, 1, 'Blue', 3, NULL);
      INSERT INTO ZPERSON VALUES (1, 3, 1, 'Ann', 1, 1), (2, 3, 1, 'Bob', 2, 1),
        (3, 3, 1, 'Cy', 3, NULL), (4, 3, 1, 'Dee', 2, 2), (5, 3, 1, 'Eve', NULL, 1),
        (6, 3, 1, 'Fay', 3, 2);
      """)
    try assertAlike(
      [
        #"count Person where favorite.name == "Silk""#, "count Person where favorite == nil",
        "count Person where favorite.rank > 1", "fetch Person",
        "fetch Person where favorite != nil",
        #"count Tie where ANY fans.name == "Cy""#, #"count Tie where ANY fans.name == "Bob""#,
        "count Tie where fans.@count > 0", "fetch Tie", "fetch SilkTie where fans.@count == 1",
      ], path)
  }

  func testAToOnesEntityColumnNamingNoEntityOfItsTableFailsAsTheFullReadFails() throws {
    let path = try Self.makeStore(
      for: self,
      """
      INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZNAME, ZRANK, ZWEAVE) VALUES (1, 1, 1, 'Red', 1, NULL);
      INSERT INTO ZPERSON VALUES (1, 3, 1, 'Ann', 1, 1), (2, 3, 1, 'Bob', 1, 9);
      """)
    XCTAssertThrowsError(try CoreDataStore.open(path: path))
    for statement in [#"count Person where favorite.name == "Red""#, "fetch Person"] {
      let answer = CoreDataPushdownAgreementTests.answer(
        statement, try CoreDataPushdownAgreementTests.pushed(path))
      XCTAssertTrue(answer.hasPrefix("error: "), "\(statement): \(answer)")
      XCTAssertTrue(answer.contains("Z_ENT 9"), "\(statement): \(answer)")
    }
  }

  func testUUIDsKeptAsTextMatchAsTheFullReadReadsThem() throws {
    func blob(_ uuid: String) -> String {
      "X'" + uuid.replacingOccurrences(of: "-", with: "") + "'"
    }
    let mixed = Self.second.prefix(9).lowercased() + Self.second.dropFirst(9)
    let path = try Self.makeStore(
      for: self,
      """
      INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZNAME, ZUID) VALUES (1, 1, 1, 'Blob', \(blob(Self.first))),
        (2, 1, 1, 'Upper', '\(Self.first)'), (3, 2, 1, 'Lower', '\(Self.first.lowercased())'),
        (4, 1, 1, 'Mixed', '\(mixed)'), (5, 1, 1, 'None', NULL);
      """)
    let first = #"CAST("\#(Self.first)", "NSUUID")"#
    let second = #"CAST("\#(Self.second)", "NSUUID")"#
    try assertAlike(
      [
        "count Tie where uid == \(first)", "fetch Tie where uid == \(first)",
        "count Tie where uid == \(second)", "count Tie where uid != \(first)",
        "count Tie where uid IN {\(first), \(second)}", "count SilkTie where uid == \(first)",
        "count Tie where uid == nil",
      ], path)
  }
}
