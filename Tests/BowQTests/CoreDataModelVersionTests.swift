import Foundation
import XCTest

@testable import BowQ

/// A model bundle of several versions opens a store with the version that wrote it, not
/// merely the bundle's current one: BookMigration's `Model1.sqlite`, written by Core Data
/// with `Model1`, beside later versions this test adds to a copy of its `.xcdatamodeld`.
final class CoreDataModelVersionTests: XCTestCase {
  /// `Model1`'s contents with `replacements` made.
  private func model1(_ replacements: [(String, String)]) throws -> String {
    let url = CoreDataFixtures.folder.appendingPathComponent(
      "BookMigration/Model.xcdatamodeld/Model1.xcdatamodel/contents")
    var text = try String(contentsOf: url, encoding: .utf8)
    for (old, new) in replacements { text = text.replacingOccurrences(of: old, with: new) }
    return text
  }

  /// A copy of the fixture's bundle with more versions (name → contents) and
  /// `.xccurrentversion` naming `current`.
  private func bundle(adding versions: [String: String], current: String) throws -> String {
    let bundle = try copyCoreDataFixture("BookMigration/Model.xcdatamodeld")
    for (name, contents) in versions {
      let folder = bundle.appendingPathComponent(name + ".xcdatamodel")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: folder.appendingPathComponent("contents"))
    }
    let info = try BinaryPropertyListWriter.encode([
      "_XCCurrentVersionName": .string(current + ".xcdatamodel")
    ])
    try info.write(to: bundle.appendingPathComponent(".xccurrentversion"))
    return bundle.path
  }

  /// Model2 adds an entity; Model3 keeps Model1's entities and adds an attribute to Book.
  private func threeVersions(current: String) throws -> String {
    let review = """
          <entity name="Review" syncable="YES">
              <attribute name="stars" optional="YES" attributeType="Integer 16" syncable="YES"/>
          </entity>
          <elements>
      """
    return try bundle(
      adding: [
        "Model2": try model1([("    <elements>", review)]),
        "Model3": try model1([
          (
            #"<attribute name="title""#,
            #"<attribute name="isbn" optional="YES" attributeType="String"/><attribute name="title""#
          )
        ]),
      ], current: current)
  }

  private func books(_ file: CoreDataStoreFile) throws -> Int {
    let session = Interpreter(
      context: Context(graph: ObjectGraph(model: file.bowqModel)),
      store: .coreData(path: file.path, uuid: file.schema.uuid), coreDataFile: file)
    guard case .count(_, let n)? = try session.run(#"count Book where title != nil"#).last else {
      XCTFail("no count")
      return -1
    }
    return n
  }

  func testTheVersionWhoseEntitiesAndColumnsAreTheStoresIsTaken() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite").path
    let expected = try SQLiteConnection(readingOnly: store).rows(
      "SELECT count(*) FROM ZBOOK WHERE ZTITLE IS NOT NULL")
    let model = try CoreDataModel.read(at: try threeVersions(current: "Model3"))
    XCTAssertEqual(model.versionName, "Model3")
    XCTAssertEqual(model.bundleVersions.map(\.name), ["Model1", "Model2", "Model3"])
    let file = try CoreDataStoreFile.open(path: store, model: model)
    XCTAssertNil(file.model[entity: "Book"]?.attributes.first { $0.name == "isbn" })
    XCTAssertEqual(
      file.notes.first,
      "read version \"Model1\" of the model's 3 versions (not the bundle's current version "
        + "\"Model3\"): its entities are the ones the store's metadata lists "
        + "(NSStoreModelVersionHashes) and its properties have the store's columns. bowq "
        + "matches versions by entities and columns, not by Core Data's version hashes")
    XCTAssertEqual(expected.first?.first, .integer(Int64(try books(file))))
  }

  func testWhenNoVersionHasTheStoresEntitiesEveryVersionTriedIsNamed() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite").path
    let bundle = try copyCoreDataFixture("BookMigration/Model.xcdatamodeld")
    let folder = bundle.appendingPathComponent("Model1.xcdatamodel")
    try Data(try model1([(#""User""#, #""Reader""#)]).utf8).write(
      to: folder.appendingPathComponent("contents"))
    let second = bundle.appendingPathComponent("Model2.xcdatamodel")
    try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
    try Data(try model1([(#""Book""#, #""Volume""#)]).utf8).write(
      to: second.appendingPathComponent("contents"))
    let model = try CoreDataModel.read(at: bundle.path)
    XCTAssertThrowsError(try CoreDataStoreFile.open(path: store, model: model)) {
      XCTAssertEqual(
        ($0 as? CoreDataStoreError)?.message,
        "no version of the model has the store's entities: its metadata "
          + "(NSStoreModelVersionHashes) lists Book, User, and the 2 versions tried have "
          + "\"Model1\" (Book, Reader); \"Model2\" (User, Volume). Give the model of the app "
          + "that wrote the store with --model (a .xcdatamodel version folder or a .mom is "
          + "taken as it is)")
    }
  }

  func testAVersionNamedByItsOwnPathIsTakenAsGiven() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite").path
    let bundle = try threeVersions(current: "Model1")
    let model = try CoreDataModel.read(at: bundle + "/Model3.xcdatamodel")
    XCTAssertTrue(model.bundleVersions.isEmpty)
    XCTAssertThrowsError(try CoreDataStoreFile.open(path: store, model: model)) {
      XCTAssertEqual(($0 as? CoreDataStoreError)?.kind, .modelMismatch)
      XCTAssertTrue("\($0)".contains("ZISBN"), "\($0)")
    }
  }

  func testTheCurrentVersionIsTakenWhenItFits() throws {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite").path
    let file = try CoreDataStoreFile.open(
      path: store, model: try CoreDataModel.read(at: try threeVersions(current: "Model1")))
    XCTAssertEqual(file.model.versionName, "Model1")
    XCTAssertTrue(
      file.notes.first?.hasPrefix(
        "read version \"Model1\" of the model's 3 versions (the bundle's current version)")
        ?? false, "\(file.notes)")
  }
}
