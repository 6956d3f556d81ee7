import Foundation
import XCTest

@testable import BowQ

/// The hostile-input generator for Core Data stores (issue 23): seeded Core Data–shaped
/// SQLite stores with rows Core Data never writes — keys two rows share, keys, maxima,
/// versions and entity numbers at Int64's bounds, one huge string many rows read, a trigger
/// of another program's, random damage to the file's bytes — each opened, read in full,
/// queried in SQLite and in memory, and written back into. Every step must end in a value
/// or an error with a message, never a trap, with its reading bounded by the file
/// (``CoreDataReadBudget``); a reading must never give two objects one key, and a save must
/// never run a trigger that is not Core Data's. Hot journals and damaged logs are generated
/// by `HostileCoreDataCompanionTests`, model caches of many entities by
/// `CoreDataLargeModelTests`.
final class HostileCoreDataStoreTests: XCTestCase {
  /// One way a store is made hostile; a new one is a case of its own, with the SQL or the
  /// file edit that makes it (``apply(_:to:random:)``).
  enum Damage: CaseIterable {
    case duplicateKey
    case extremeKey
    case extremeMaximum
    case extremeVersion
    case extremeEntity
    case sharedHugeString
    case foreignTrigger
    case bytes
  }

  private static let extremes: [Int64] = [Int64.max, Int64.min, Int64.max - 1, -1, 0]

  /// A store of ``CoreDataDamagedStorePushdownTests/entities`` with a few ties (some silk)
  /// and people who favour them, its `ZTIE` declared with a primary key or without one, and
  /// its names added as a column with a default when `sharedName` is given.
  private func makeStore(
    at path: String, random: inout SplitMix64, primaryKey: Bool, sharedName: String?
  ) throws {
    let ties = random.int(in: 1...30)
    let people = random.int(in: 0...10)
    var rows: [String] = []
    for key in 1...ties {
      let entity = random.chance(30) ? 2 : 1
      let name =
        sharedName == nil ? ", " + random.pick(["'Straße'", "'SS'", "'blue'", "NULL"]) : ""
      rows.append(
        "INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZRANK\(sharedName == nil ? ", ZNAME" : "")) "
          + "VALUES (\(key), \(entity), 1, \(random.int(in: 0...5))\(name));")
    }
    for key in 0..<people {
      let favorite = random.int(in: 0...ties)
      rows.append(
        "INSERT INTO ZPERSON VALUES (\(key + 1), 3, 1, 'P\(key)', "
          + "\(favorite == 0 ? "NULL" : String(favorite)), NULL);")
    }
    try CoreDataTestStore.make(
      at: path, entities: CoreDataDamagedStorePushdownTests.entities,
      sql: """
        CREATE TABLE ZTIE (Z_PK INTEGER\(primaryKey ? " PRIMARY KEY" : ""), Z_ENT INTEGER,
          Z_OPT INTEGER, ZUID BLOB, ZRANK INTEGER, ZWEAVE VARCHAR\(sharedName == nil ? ", ZNAME VARCHAR" : ""));
        CREATE TABLE ZPERSON (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
          ZNAME VARCHAR, ZFAVORITE INTEGER, Z1_FAVORITE INTEGER);
        BEGIN;
        \(rows.joined(separator: "\n"))
        UPDATE Z_PRIMARYKEY SET Z_MAX = \(ties) WHERE Z_ENT IN (1, 2);
        UPDATE Z_PRIMARYKEY SET Z_MAX = \(people) WHERE Z_ENT = 3;
        COMMIT;
        """)
    if let sharedName {
      SQLiteScript.run(
        "ALTER TABLE ZTIE ADD COLUMN ZNAME VARCHAR DEFAULT '\(sharedName)'", on: path)
    }
  }

  /// Makes the store at `path` hostile in the way `damage` says.
  private func apply(_ damage: Damage, to path: String, random: inout SplitMix64) throws {
    let extreme = random.pick(Self.extremes)
    switch damage {
    case .duplicateKey:
      SQLiteScript.run(
        "INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZRANK) SELECT Z_PK, Z_ENT, Z_OPT, 9 FROM ZTIE "
          + "ORDER BY Z_PK DESC LIMIT 1", on: path)
    case .extremeKey:
      SQLiteScript.run(
        "INSERT INTO ZTIE (Z_PK, Z_ENT, Z_OPT, ZRANK) VALUES (\(extreme), 1, 1, 4); "
          + "UPDATE ZPERSON SET ZFAVORITE = \(extreme) WHERE Z_PK = 1", on: path)
    case .extremeMaximum:
      SQLiteScript.run(
        "UPDATE Z_PRIMARYKEY SET Z_MAX = \(extreme) WHERE Z_ENT = \(random.int(in: 1...3))",
        on: path)
    case .extremeVersion:
      SQLiteScript.run("UPDATE ZTIE SET Z_OPT = \(extreme) WHERE Z_PK = 1", on: path)
    case .extremeEntity:
      SQLiteScript.run(
        random.chance(50)
          ? "UPDATE ZTIE SET Z_ENT = \(extreme) WHERE Z_PK = 1"
          : "UPDATE Z_PRIMARYKEY SET Z_ENT = \(extreme) WHERE Z_ENT = 3", on: path)
    case .sharedHugeString:
      break  // made with the store
    case .foreignTrigger:
      SQLiteScript.run(
        "CREATE TRIGGER \(random.pick(["ZAUDIT", "Z_AUDIT", "z_da_audit"])) AFTER "
          + "\(random.pick(["UPDATE", "INSERT"])) ON ZTIE BEGIN DELETE FROM ZPERSON; END", on: path)
    case .bytes:
      var hostile = HostileBytes(seed: random.next())
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      try Data(hostile.mutate(bytes)).write(to: URL(fileURLWithPath: path))
    }
  }

  /// Runs `statement`; its result or error message, which must not be empty.
  private func outcome(
    _ statement: String, _ interpreter: Interpreter, _ label: String
  ) -> String {
    do {
      return "\(try interpreter.run(statement).last.map { "\($0)".prefix(200) } ?? "")"
    } catch {
      XCTAssertFalse("\(error)".isEmpty, "\(label): \(statement)")
      return "error"
    }
  }

  func testHostileCoreDataStoresEndInAValueOrAnError() throws {
    let folder = try makeTemporaryFolder("bowq-hostile-coredata")
    var random = SplitMix64(seed: 0xC0DE_DA7A)
    var opened = 0
    var refused: [Damage: Int] = [:]
    for i in 0..<112 {
      let damage = Damage.allCases[i % Damage.allCases.count]
      let label = "store \(i) (\(damage))"
      let path = folder.appendingPathComponent("s\(i).sqlite").path
      let shared =
        damage == .sharedHugeString
        ? String(repeating: random.pick(["ß", "x", "é"]), count: random.int(in: 1...64) << 10)
        : nil
      try makeStore(
        at: path, random: &random, primaryKey: damage != .duplicateKey, sharedName: shared)
      try apply(damage, to: path, random: &random)
      do {
        let graph = try CoreDataStore.open(path: path).graph
        opened += 1
        for entity in graph.model.entities {
          let keys = graph.table(entity.name).keys
          XCTAssertEqual(Set(keys).count, keys.count, "\(label): \(entity.name) keys are distinct")
        }
      } catch {
        XCTAssertFalse(error.message.isEmpty, label)
        refused[damage, default: 0] += 1
      }
      guard let file = try? CoreDataStoreFile.open(path: path) else { continue }
      let interpreter = Interpreter.coreData(file, at: path)
      let people = SQLiteScript.rows("SELECT count(*) FROM ZPERSON", on: path)
      for statement in [
        "count Tie", "fetch Tie where rank > 2 sort by rank",
        "count Tie where name ==[c] 'STRASSE'",
        "fetch Person select name, favorite.fans.favorite.fans.@count as n",
        "count Tie where ANY fans.favorite.fans.name BEGINSWITH 'P'",
        "insert Tie name = \"New\", rank = 1", "update Tie where rank == 1 set rank = 2", "save",
      ] {
        let result = outcome(statement, interpreter, label)
        if damage == .foreignTrigger, statement == "save" {
          XCTAssertEqual(result, "error", "\(label): a save runs no foreign trigger")
        }
      }
      if damage == .foreignTrigger {
        XCTAssertEqual(
          SQLiteScript.rows("SELECT count(*) FROM ZPERSON", on: path), people,
          "\(label): the trigger deleted nothing")
      }
    }
    XCTAssertGreaterThan(opened, 0, "some hostile stores read")
    XCTAssertEqual(
      refused[.duplicateKey], 112 / Damage.allCases.count, "every shared key is refused")
  }
}
