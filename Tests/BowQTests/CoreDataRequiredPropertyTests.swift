import Foundation
import XCTest

@testable import BowQ

/// A Core Data model keeps which properties are required: an archived property is optional
/// only when it holds `NSIsOptional`, so a model cache or a `.mom` without it says
/// "required", and `validate` then reports Core Data's 1570 for a nil value, and 1580 and
/// 1590 for a to-many outside its archived counts.
final class CoreDataRequiredPropertyTests: XCTestCase {
  /// Owners must have a name and two or three pets; pets must have a name and an owner.
  static let entities: [CoreDataTestStore.Entity] = [
    .init(
      name: "Owner",
      attributes: [
        .init(name: "name", type: 700, optional: false), .init(name: "nickname", type: 700),
      ],
      relationships: [
        .init(
          name: "pets", destination: "Pet", inverse: "owner", toMany: true, minCount: 2,
          maxCount: 3)
      ]),
    .init(
      name: "Pet", attributes: [.init(name: "name", type: 700, optional: false)],
      relationships: [
        .init(name: "owner", destination: "Owner", inverse: "pets", optional: false)
      ]),
  ]

  /// Owner 1 has four pets, owner 2 none and no name, owner 3 one; pet 5 has no name and
  /// pet 6 no owner.
  static let tables = """
    CREATE TABLE ZOWNER (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
      ZNICKNAME VARCHAR);
    CREATE TABLE ZPET (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR,
      ZOWNER INTEGER);
    INSERT INTO ZOWNER VALUES (1, 1, 1, 'Ann', NULL), (2, 1, 1, NULL, 'Bo'), (3, 1, 1, 'Cy', NULL);
    INSERT INTO ZPET VALUES (1, 2, 1, 'Rex', 1), (2, 2, 1, 'Tom', 1), (3, 2, 1, 'Fig', 1),
      (4, 2, 1, 'Max', 1), (5, 2, 1, NULL, 3), (6, 2, 1, 'Stray', NULL);
    """

  private func openStore() throws -> CoreDataStore {
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Pets.sqlite").path
    try CoreDataTestStore.make(at: path, entities: Self.entities, sql: Self.tables)
    return try CoreDataStore.open(path: path)
  }

  func testAModelCacheKeepsRequiredPropertiesAndCounts() throws {
    let model = try openStore().graph.model
    let owner = try XCTUnwrap(model.entity(named: "Owner"))
    XCTAssertEqual(owner.attribute(named: "name")?.isOptional, false)
    XCTAssertEqual(owner.attribute(named: "nickname")?.isOptional, true)
    let pets = try XCTUnwrap(owner.relationship(named: "pets"))
    XCTAssertEqual([pets.minCount, pets.maxCount], [2, 3])
    XCTAssertTrue(pets.isOptional)
    let pet = try XCTUnwrap(model.entity(named: "Pet"))
    XCTAssertEqual(pet.attribute(named: "name")?.isOptional, false)
    XCTAssertEqual(pet.relationship(named: "owner")?.isOptional, false)
  }

  /// `validate` checks the pending changes, as Core Data's save does: every owner is
  /// touched, and a pet is inserted with neither name nor owner.
  func testValidateReportsMissingMandatoryPropertiesAndCounts() throws {
    let interpreter = Interpreter(context: Context(graph: try openStore().graph), store: .memory)
    _ = try interpreter.run("update Owner set nickname = \"n\"; insert Pet")
    XCTAssertThrowsError(try interpreter.run("validate")) { error in
      let errors = (error as? SaveError)?.errors ?? []
      XCTAssertEqual(
        errors.map { "\($0.object.entity) \($0.key) \($0.code.rawValue)" }.sorted(),
        [
          "Owner name 1570", "Owner pets 1580", "Owner pets 1590", "Pet name 1570",
          "Pet owner 1570",
        ], "\(error)")
      XCTAssertTrue("\(error)".contains("Owner/p2 \"n\": name is a required value."), "\(error)")
    }
    _ = try interpreter.run(
      """
      delete Pet where name == nil and owner == nil
      update Pet where name == nil set name = "Pip"
      update Owner where name == nil set name = "Bo"
      update Pet where owner == nil set owner = Owner where name == "Cy"
      update Pet where name IN {"Fig", "Max"} set owner = Owner where name == "Bo"
      """)
    XCTAssertNoThrow(try interpreter.run("validate"))
  }

  /// Books.sqlite's cache was archived by Core Data from a model written in code, whose
  /// only optional attributes are Feedback's comment and Book's derived pagesCount.
  func testTheBooksStoresCacheKeepsWhatIsRequired() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let model = try CoreDataStore.open(path: store.path).graph.model
    let optional = model.entities.flatMap { entity in
      entity.attributes.filter(\.isOptional).map { "\(entity.name).\($0.name)" }
    }
    XCTAssertEqual(
      optional.sorted(), ["Book.pagesCount", "Feedback.comment", "GraphicNovel.pagesCount"])
    XCTAssertEqual(model.entity(named: "Book")?.relationship(named: "author")?.isOptional, false)
  }

  /// Users.mom (compiled by Xcode) archives User's and Pet's names without `NSIsOptional`,
  /// and their to-one relationships with it.
  func testACompiledModelKeepsWhatIsRequired() throws {
    let mom = CoreDataFixtures.folder.appendingPathComponent("Users/Users.mom").path
    let model = try CoreDataModel.read(at: mom).bowqModel().model
    XCTAssertEqual(model.entity(named: "User")?.attribute(named: "name")?.isOptional, false)
    XCTAssertEqual(model.entity(named: "Pet")?.attribute(named: "name")?.isOptional, false)
    XCTAssertEqual(model.entity(named: "Pet")?.relationship(named: "owner")?.isOptional, true)
  }
}
