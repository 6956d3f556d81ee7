import Foundation
import XCTest

@testable import BowQ

/// A store migrated after an entity was renamed: `Z_PRIMARYKEY` still names the entity by
/// its old name, which the new model gives as the entity's renaming identifier. bowq ties
/// the entity to its number through the model, as Core Data does.
final class CoreDataRenamedEntityTests: XCTestCase {
  /// The model after the rename: Writer became Author.
  private static let renamed: [CoreDataTestStore.Entity] = [
    CoreDataTestStore.Entity(
      name: "Book", attributes: [.init(name: "title", type: 700)],
      relationships: [.init(name: "author", destination: "Author", inverse: "books")]),
    CoreDataTestStore.Entity(
      name: "Author", attributes: [.init(name: "name", type: 700)],
      relationships: [.init(name: "books", destination: "Book", inverse: "author", toMany: true)],
      renamingIdentifier: "Writer"),
  ]

  /// A store whose `Z_PRIMARYKEY` names entity 2 `Writer`, with the tables of the new model.
  private func migratedStore() throws -> String {
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Books.sqlite").path
    var old = Self.renamed
    old[1].name = "Writer"
    old[1].renamingIdentifier = nil
    old[0].relationships[0].destination = "Writer"
    try CoreDataTestStore.make(
      at: path, entities: old, cache: false,
      sql: """
        CREATE TABLE ZBOOK (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR,
          ZAUTHOR INTEGER);
        CREATE TABLE ZAUTHOR (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
        INSERT INTO ZBOOK VALUES (1, 1, 1, 'Dune', 1), (2, 1, 1, 'Emma', 2), (3, 1, 1, 'Kim', 1);
        INSERT INTO ZAUTHOR VALUES (1, 2, 1, 'Herbert'), (2, 2, 1, 'Austen');
        """)
    XCTAssertEqual(
      try CoreDataStoreSchema.read(path: path).entityNumbers.map(\.name), ["Book", "Writer"])
    return path
  }

  private func model(_ entities: [CoreDataTestStore.Entity]) throws -> CoreDataModel {
    let archive = try KeyedArchive.decode(CoreDataTestStore.modelArchive(entities))
    return try CoreDataModel(archived: try XCTUnwrap(archive.root))
  }

  func testTheRenamedEntityIsFoundByItsRenamingIdentifier() throws {
    let path = try migratedStore()
    let model = try model(Self.renamed)
    XCTAssertEqual(model[entity: "Author"]?.renamingIdentifier, "Writer")
    let file = try CoreDataStoreFile.open(path: path, model: model)
    XCTAssertTrue(
      file.notes.contains(
        "the model's entity Author is the store's Writer (Z_ENT 2): Z_PRIMARYKEY still names it "
          + "by its renaming identifier, as a store migrated after the entity was renamed does"),
      "\(file.notes)")
    let lazy = Interpreter(
      context: Context(graph: ObjectGraph(model: file.bowqModel)),
      store: .coreData(path: path, uuid: file.schema.uuid), coreDataFile: file)
    let memory = Interpreter(
      context: Context(graph: try CoreDataStore.open(path: path, model: model).graph),
      store: .memory)
    for session in [lazy, memory] {
      for (statement, expected) in [
        ("count Author", 2), (#"count Book where author.name == "Herbert""#, 2),
        ("count Author where books.@count == 1", 1),
      ] {
        guard case .count(_, let n)? = try session.run(statement).last else {
          return XCTFail(statement)
        }
        XCTAssertEqual(n, expected, statement)
      }
    }
  }

  func testWithoutARenamingIdentifierTheEntityIsNotInTheStore() throws {
    let path = try migratedStore()
    var unnamed = Self.renamed
    unnamed[1].renamingIdentifier = nil
    XCTAssertThrowsError(try CoreDataStoreFile.open(path: path, model: try model(unnamed))) {
      XCTAssertEqual(
        ($0 as? CoreDataStoreError)?.message,
        "the model's entity Author is not in the store (Z_PRIMARYKEY has no row for it): the "
          + "model does not match the store")
    }
  }

  func testAnOldNameStillGivenToAnotherEntityStaysThatEntitys() throws {
    let path = try migratedStore()
    var both = Self.renamed
    both.append(CoreDataTestStore.Entity(name: "Writer"))
    XCTAssertThrowsError(try CoreDataStoreFile.open(path: path, model: try model(both))) {
      XCTAssertEqual(
        ($0 as? CoreDataStoreError)?.message,
        "the model's entity Author is not in the store (Z_PRIMARYKEY has no row for it nor for "
          + "its renaming identifier Writer): the model does not match the store")
    }
  }

  func testAnXcodeModelsRenamingIdentifierIsRead() throws {
    let folder = try makeTemporaryFolder("bowq-model").appendingPathComponent("Books.xcdatamodel")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
          <entity name="Book" syncable="YES">
              <attribute name="title" optional="YES" attributeType="String"/>
              <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
          </entity>
          <entity name="Author" renamingIdentifier="Writer" syncable="YES">
              <attribute name="name" optional="YES" attributeType="String"/>
              <relationship name="books" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
          </entity>
      </model>
      """.utf8
    ).write(to: folder.appendingPathComponent("contents"))
    let model = try CoreDataModel.read(at: folder.path)
    XCTAssertEqual(model[entity: "Author"]?.renamingIdentifier, "Writer")
    XCTAssertNil(model[entity: "Book"]?.renamingIdentifier)
    let store = try CoreDataStore.open(path: try migratedStore(), model: model)
    XCTAssertEqual(store.graph.table("Author").count, 2)
  }
}
