import Foundation
import XCTest

@testable import BowQ

/// Transformable attributes of `NSData` and `NSUUID`: their cells hold the keyed archive
/// Foundation makes, which reads as the data or the UUID archived, in a full read and in a
/// fetch run in SQLite alike, and a save back (`--write-core-data`) archives them again.
final class CoreDataTransformableTests: XCTestCase {
  static let token = UUID(uuid: (1, 2, 3, 10, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
  static let payload = Data([0, 255, 7, 42])

  /// A store of tickets whose `payload` is a Transformable of `NSData` and `token` one of
  /// `NSUUID`: ticket 1 holds both, ticket 2 neither.
  static func makeStore(for test: XCTestCase) throws -> String {
    let path = try test.makeTemporaryFolder("bowq-coredata").appendingPathComponent(
      "Tickets.sqlite"
    ).path
    let transformer = "NSSecureUnarchiveFromData"
    try CoreDataTestStore.make(
      at: path,
      entities: [
        .init(
          name: "Ticket",
          attributes: [
            .init(name: "code", type: 700),
            .init(name: "payload", type: 1800, transformer: transformer, valueClass: "NSData"),
            .init(name: "token", type: 1800, transformer: transformer, valueClass: "NSUUID"),
          ])
      ],
      sql: """
        CREATE TABLE ZTICKET (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZCODE VARCHAR, ZPAYLOAD BLOB, ZTOKEN BLOB);
        INSERT INTO ZTICKET VALUES
          (1, 1, 1, 'a', \(CoreDataMappingTests.hex(CoreDataTestStore.archivedData(payload))),
            \(CoreDataMappingTests.hex(CoreDataTestStore.archivedUUID(token)))),
          (2, 1, 1, 'b', NULL, NULL);
        """)
    return path
  }

  func testAFullReadDecodesTheArchivedDataAndUUID() throws {
    let graph = try CoreDataStore.open(path: try Self.makeStore(for: self)).graph
    let ticket = ObjectID(entity: "Ticket", key: 1)
    XCTAssertEqual(graph.model.entity(named: "Ticket")?.attribute(named: "payload")?.type, .binary)
    XCTAssertEqual(graph.value(of: ticket, attribute: "payload"), .data(Self.payload))
    XCTAssertEqual(graph.value(of: ticket, attribute: "token"), .uuid(Self.token))
    XCTAssertEqual(graph.value(of: ObjectID(entity: "Ticket", key: 2), attribute: "token"), .null)
  }

  func testAFetchRunInSQLiteDecodesThemAsTheFullReadDoes() throws {
    let path = try Self.makeStore(for: self)
    let statement = #"fetch Ticket where code == "a""#
    XCTAssertTrue(try CoreDataPushdownAgreementTests.runsInSQLite(statement, path))
    let pushed = try CoreDataPushdownAgreementTests.pushed(path)
    guard case .objects(let result)? = try pushed.run(statement).last else {
      return XCTFail("no objects")
    }
    XCTAssertEqual(
      Array(result.rows), [[.string("a"), .data(Self.payload), .uuid(Self.token)]])
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path).graph), store: .memory)
    XCTAssertEqual(
      CoreDataPushdownAgreementTests.answer(statement, pushed),
      CoreDataPushdownAgreementTests.answer(statement, memory))
  }

  /// A session on the store at `path` that saves back into it.
  private func session(_ path: String) throws -> Interpreter {
    .coreData(try CoreDataStoreFile.open(path: path), at: path)
  }

  func testDataAndUUIDSavedBackAreArchivedAndReadBack() throws {
    let path = try Self.makeStore(for: self)
    let interpreter = try session(path)
    let token = UUID(uuid: (9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6))
    _ = try interpreter.run(
      #"update Ticket where code == "b" set token = CAST("\#(token.uuidString)", "NSUUID")"#)
    let ticket = ObjectID(entity: "Ticket", key: 2)
    interpreter.context.update(ticket, attribute: 1, to: .data(Data([5, 6, 7])))
    _ = try interpreter.run("save")

    let graph = try CoreDataStore.open(path: path).graph
    XCTAssertEqual(graph.value(of: ticket, attribute: "payload"), .data(Data([5, 6, 7])))
    XCTAssertEqual(graph.value(of: ticket, attribute: "token"), .uuid(token))
    let cells = SQLiteScript.rows(
      "SELECT ZPAYLOAD, ZTOKEN FROM ZTICKET WHERE Z_PK = 2", on: path)
    XCTAssertEqual(
      cells,
      [
        [
          Self.hex(KeyedArchiveEncoder.archive(.data(Data([5, 6, 7])))),
          Self.hex(KeyedArchiveEncoder.archive(.uuid(token))),
        ]
      ], "archived as Foundation archives an NSData and an NSUUID")
  }

  func testAnUneditedArchiveIsLeftByteForByte() throws {
    let path = try Self.makeStore(for: self)
    let interpreter = try session(path)
    _ = try interpreter.run(#"update Ticket where code == "a" set code = "c""#)
    _ = try interpreter.run("save")
    XCTAssertEqual(
      SQLiteScript.rows(
        "SELECT Z_OPT, ZCODE, ZPAYLOAD, ZTOKEN FROM ZTICKET WHERE Z_PK = 1", on: path),
      [
        [
          "2", "c", Self.hex(CoreDataTestStore.archivedData(Self.payload)),
          Self.hex(CoreDataTestStore.archivedUUID(Self.token)),
        ]
      ])
  }

  /// `data` in upper-case hexadecimal, as ``SQLiteScript/rows(_:on:)`` gives a blob.
  private static func hex(_ data: Data?) -> String {
    (data ?? Data()).map { String(format: "%02X", $0) }.joined()
  }
}
