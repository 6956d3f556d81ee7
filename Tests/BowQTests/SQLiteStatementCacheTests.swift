import Foundation
import XCTest

@testable import BowQ

/// A statement run again on a Core Data store's connection reuses its prepared statement,
/// reset with new values bound, and answers as a fresh one would.
final class SQLiteStatementCacheTests: XCTestCase {
  func testAStatementRunAgainIsKeptAndTakesItsNewValues() throws {
    let path = try CoreDataPushdownAgreementTests.makeStore(for: self)
    let connection = try CoreDataStoreFile.open(path: path).connection
    let kept = connection.keptStatements
    let sql = "SELECT COUNT(*) FROM ZPERSON WHERE ZAGE = ?"
    XCTAssertEqual(try connection.rows(sql, binding: [.integer(41)]), [[.integer(2)]])
    XCTAssertEqual(connection.keptStatements, kept + 1)
    XCTAssertEqual(try connection.rows(sql, binding: [.integer(30)]), [[.integer(1)]])
    XCTAssertEqual(try connection.rows(sql), [[.integer(0)]], "the old values are cleared")
    XCTAssertEqual(connection.keptStatements, kept + 1)
  }

  func testAStatementRunFromWithinItsOwnRunPreparesAnother() throws {
    let path = try CoreDataPushdownAgreementTests.makeStore(for: self)
    let connection = try CoreDataStoreFile.open(path: path).connection
    let sql = "SELECT Z_PK FROM ZADDRESS WHERE Z_PK >= ? ORDER BY Z_PK"
    var pairs: [[Int64]] = []
    try connection.forEachRow(sql, binding: [.integer(2)]) { outer throws(CoreDataStoreError) in
      guard case .integer(let key) = outer[0] else { return }
      for inner in try connection.rows(sql, binding: [.integer(key)]) {
        if case .integer(let other) = inner[0] { pairs.append([key, other]) }
      }
    }
    XCTAssertEqual(pairs, [[2, 2], [2, 3], [3, 3]])
  }

  func testAStatementThatFailedRunsAgain() throws {
    let path = try CoreDataPushdownAgreementTests.makeStore(for: self)
    let connection = try CoreDataStoreFile.open(path: path).connection
    let sql =
      "SELECT COUNT(*) FROM ZPERSON WHERE \(SQLiteFunctions.compare)("
      + "\(SQLiteFunctions.code(of: .matches)), 0, ZNAME, ?)"
    XCTAssertThrowsError(try connection.rows(sql, binding: [.text("(")]))
    XCTAssertEqual(try connection.rows(sql, binding: [.text("A.*")]), [[.integer(2)]])
  }
}
