import Foundation
import XCTest

@testable import BowQ

/// Models of many entities: built in work linear in the model (no step looks an entity up by
/// walking the others), and refused before any work when larger than an app's model can be.
final class CoreDataLargeModelTests: XCTestCase {
  private func model(_ entities: [CoreDataTestStore.Entity]) throws -> CoreDataModel {
    let archive = try KeyedArchive.decode(CoreDataTestStore.modelArchive(entities))
    return try CoreDataModel(archived: try XCTUnwrap(archive.root))
  }

  private func badModelMessage(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as CoreDataStoreError {
      XCTAssertEqual(error.kind, .badModel)
      return error.message
    } catch {
      XCTFail("unexpected \(error)")
      return nil
    }
  }

  func testAModelOfMoreEntitiesThanCoreDataNumbersIsRefusedBeforeItIsBuilt() throws {
    let count = CoreDataModel.maximumEntityCount + 1
    let entities = (0..<count).map { CoreDataTestStore.Entity(name: "E\($0)") }
    let message = badModelMessage { _ = try model(entities) }
    XCTAssertEqual(
      message,
      "the model has 16,000 entities; Core Data numbers at most 15,999 (from 16,000 up the "
        + "numbers are its own), so this is not an app's model; it was not read")
  }

  func testHierarchiesThatInheritTooMuchAreRefused() throws {
    // A chain of 3,000 entities: the last has 2,999 ancestors, some 4.5 million in all.
    let entities = (0..<3_000).map { i in
      CoreDataTestStore.Entity(name: "E\(i)", parent: i == 0 ? nil : "E\(i - 1)")
    }
    let message = badModelMessage { _ = try model(entities) }
    XCTAssertTrue(message?.contains("inherit more than 4,194,304") ?? false, message ?? "")
  }

  func testAStoreOfTheMostEntitiesAModelMayHaveOpensAndCounts() throws {
    // One root with every other entity a sub-entity, some two levels down: every lookup of
    // an entity, its sub-entities or its hierarchy that walked all entities made this
    // quadratic (some 10^8 steps at this size).
    let count = CoreDataModel.maximumEntityCount
    var entities = [
      CoreDataTestStore.Entity(name: "Root", attributes: [.init(name: "title", type: 700)])
    ]
    for i in 1..<count {
      entities.append(
        CoreDataTestStore.Entity(
          name: "Sub\(i)", parent: i % 10 == 0 || i < 10 ? "Root" : "Sub\(i / 10 * 10)"))
    }
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Many.sqlite").path
    try CoreDataTestStore.make(
      at: path, entities: entities,
      sql: """
        CREATE TABLE ZROOT (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR);
        INSERT INTO ZROOT VALUES (1, 1, 1, 'root'), (2, 12, 1, 'sub 11'), (3, 21, 1, 'sub 20'),
          (4, 15999, 1, 'last');
        """)
    let file = try CoreDataStoreFile.open(path: path)
    XCTAssertEqual(file.model.entities.count, count)
    XCTAssertEqual(file.model[entity: "Sub10"]?.subentities.count, 9)
    let session = Interpreter(
      context: Context(graph: ObjectGraph(model: file.bowqModel)),
      store: .coreData(path: path, uuid: file.schema.uuid), coreDataFile: file)
    for (statement, expected) in [
      ("count Root", 4), ("count Sub10", 1), ("count Sub20", 1), ("count Sub15998", 1),
      ("count Sub15990", 1),
    ] {
      guard case .count(_, let n)? = try session.run(statement).last else {
        return XCTFail(statement)
      }
      XCTAssertEqual(n, expected, statement)
    }
  }
}
