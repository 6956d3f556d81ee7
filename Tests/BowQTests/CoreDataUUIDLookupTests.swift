import Foundation
import XCTest

@testable import BowQ

/// A Core Data store's UUIDs (16-byte blobs) found by `CAST("…", "NSUUID")`: the same answers
/// whether the predicate runs in SQLite or in memory over the whole graph.
final class CoreDataUUIDLookupTests: XCTestCase {
  private static let first = "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"
  private static let second = "0F4C9E2B-8D71-4A02-B6E3-5C2D1A9B7F02"

  private func makeStore() throws -> String {
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Ties.sqlite").path
    func blob(_ uuid: String) -> String {
      "X'" + uuid.replacingOccurrences(of: "-", with: "") + "'"
    }
    try CoreDataTestStore.make(
      at: path,
      entities: [
        .init(
          name: "Tie",
          attributes: [.init(name: "name", type: 700), .init(name: "uid", type: 1100)])
      ],
      sql: """
        CREATE TABLE ZTIE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
          ZUID BLOB);
        INSERT INTO ZTIE VALUES (1, 1, 1, 'Red', \(blob(Self.first))),
          (2, 1, 1, 'Blue', \(blob(Self.second))), (3, 1, 1, 'Plain', NULL);
        """)
    return path
  }

  func testAUUIDCastFindsTheSameTiesInSQLiteAndInMemory() throws {
    let path = try makeStore()
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
    let expected: [(String, String)] = [
      (#"uid == CAST("\#(Self.first)", "NSUUID")"#, "1"),
      (#"uid == CAST("\#(Self.second.lowercased())", "NSUUID")"#, "1"),
      (#"uid != CAST("\#(Self.first)", "NSUUID")"#, "2"),
      (#"uid IN {CAST("\#(Self.first)", "NSUUID"), CAST("\#(Self.second)", "NSUUID")}"#, "2"),
      (#"uid == "\#(Self.first)""#, "0"),
      ("uid == nil", "1"),
    ]
    for (predicate, count) in expected {
      let statement = "count Tie where " + predicate
      XCTAssertEqual(CoreDataPushdownAgreementTests.answer(statement, memory), count, predicate)
      XCTAssertEqual(
        CoreDataPushdownAgreementTests.answer(
          statement, try CoreDataPushdownAgreementTests.pushed(path)), count, predicate)
    }
  }
}
