import Foundation
import XCTest

@testable import BowQ

/// A store opened with no model at all: the entities guessed from its tables, and notes that
/// say exactly what the tables showed and what they could not say.
final class CoreDataModelInferenceTests: XCTestCase {
  func testTheGuessedModelSaysWhatItCouldNotInfer() throws {
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Books.sqlite").path
    try CoreDataTestStore.make(
      at: path,
      entities: [
        CoreDataTestStore.Entity(name: "Book"),
        CoreDataTestStore.Entity(name: "GraphicNovel", parent: "Book"),
        CoreDataTestStore.Entity(name: "Page"), CoreDataTestStore.Entity(name: "Tag"),
      ], cache: false,
      sql: """
        CREATE TABLE ZBOOK (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR,
          ZISCOLOR INTEGER);
        CREATE TABLE ZPAGE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNUMBER INTEGER,
          ZBOOK INTEGER, Z1_BOOK INTEGER, Z_FOK_BOOK INTEGER);
        CREATE TABLE ZTAG (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR);
        CREATE TABLE Z_1TAGS (Z_1BOOKS INTEGER, Z_4TAGS INTEGER);
        INSERT INTO ZBOOK VALUES (1, 1, 1, 'Dune', 0), (2, 2, 1, 'Maus', 0);
        INSERT INTO ZPAGE VALUES (1, 3, 1, 1, 2, 2, 1);
        """)
    let file = try CoreDataStoreFile.open(path: path)
    XCTAssertEqual(file.modelSource, .guessed)
    XCTAssertEqual(
      file.bowqModel.entity(named: "Page")?.attributes.map(\.name), ["number", "book"])
    XCTAssertEqual(
      Array(file.notes.dropFirst().prefix(4)),
      [
        "ZPAGE.ZBOOK: a to-one relationship (Z1_BOOK holds its target's entity), read as the "
          + "Z_PK it holds",
        "ZPAGE.Z_FOK_BOOK: the order of an ordered to-many, left out",
        "Z_1TAGS: the join table of a many-to-many relationship, not read",
        "not inferred, as the tables do not say: the model's own names (ZAUTHORNAME reads as "
          + "authorname, not authorName); which INTEGER columns are Booleans, 16- or 32-bit "
          + "integers or to-one relationships; whether a BLOB holds binary data, a UUID or a "
          + "transformed value, and a FLOAT a Float; to-many relationships and inverses; which "
          + "sub-entity declares which attribute; abstract entities; optionality, defaults and "
          + "validation rules",
      ])
  }

  /// A model lying beside a store opened without one is named in the first note, as the
  /// `--model` to give, quoted for a shell when its path needs it.
  func testAModelBesideTheStoreIsNamed() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite")
    let opened = try CoreDataStoreFile.open(path: store.path)
    XCTAssertFalse(opened.notes[0].contains("beside the store"), opened.notes[0])

    let folder = store.deletingLastPathComponent().appendingPathComponent("it's here")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let moved = folder.appendingPathComponent("Model1.sqlite")
    try FileManager.default.moveItem(at: store, to: moved)
    try FileManager.default.copyItem(
      at: CoreDataFixtures.folder.appendingPathComponent("BookMigration/Model.xcdatamodeld"),
      to: folder.appendingPathComponent("Model.xcdatamodeld"))
    let beside = try CoreDataStoreFile.open(path: moved.path)
    XCTAssertTrue(
      beside.notes[0].hasSuffix(
        "for the real model; beside the store: --model '\(folder.path.replacingOccurrences(of: "'", with: #"'\''"#))/Model.xcdatamodeld'"
      ), beside.notes[0])
  }
}
