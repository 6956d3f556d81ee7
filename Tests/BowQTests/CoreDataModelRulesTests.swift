import Foundation
import XCTest

@testable import BowQ

/// A model given for a Core Data store (`--model`) keeps what Xcode's model editor says
/// beyond types: attribute defaults, minimum and maximum values and lengths, regular
/// expressions and uniqueness constraints — and `validate` checks them. A model cache or a
/// compiled model keeps them too, from its archived defaults, validation predicates and
/// unique tuples.
final class CoreDataModelRulesTests: XCTestCase {
  /// BookMigration's model (entities Book and User, as `Model1.sqlite` holds them), with
  /// rules added.
  private static let ruledModel = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
        <entity name="Book" syncable="YES">
            <attribute name="authorName" optional="YES" attributeType="String" defaultValueString="Anonymous"/>
            <attribute name="fileURL" optional="YES" attributeType="Transformable"/>
            <attribute name="title" optional="YES" attributeType="String" minValueString="3" maxValueString="50" regularExpressionString="[A-Z].*"/>
            <relationship name="user" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="books" inverseEntity="User"/>
            <uniquenessConstraints>
                <uniquenessConstraint>
                    <constraint value="title"/>
                    <constraint value="authorName"/>
                </uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
        <entity name="User" syncable="YES">
            <attribute name="userId" optional="YES" attributeType="Integer 32" defaultValueString="7" minValueString="1" maxValueString="1000"/>
            <relationship name="books" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Book" inverseName="user" inverseEntity="Book"/>
            <uniquenessConstraints>
                <uniquenessConstraint>
                    <constraint value="userId"/>
                </uniquenessConstraint>
            </uniquenessConstraints>
        </entity>
    </model>
    """

  private func openWithRuledModel() throws -> CoreDataStore {
    let store = try copyCoreDataFixture("BookMigration/Model1.sqlite")
    let model = store.deletingLastPathComponent().appendingPathComponent("Ruled.xcdatamodel")
    try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
    try Data(Self.ruledModel.utf8).write(to: model.appendingPathComponent("contents"))
    return try CoreDataStore.open(path: store.path, model: try CoreDataModel.read(at: model.path))
  }

  func testAnXcodeModelKeepsDefaultsRulesAndUniqueness() throws {
    let model = try openWithRuledModel().graph.model
    let book = try XCTUnwrap(model.entity(named: "Book"))
    XCTAssertEqual(book.attribute(named: "authorName")?.defaultValue, .string("Anonymous"))
    let title = try XCTUnwrap(book.attribute(named: "title"))
    XCTAssertEqual(title.minLength, 3)
    XCTAssertEqual(title.maxLength, 50)
    XCTAssertEqual(title.pattern, "[A-Z].*")
    XCTAssertEqual(book.uniquenessConstraints, [["title", "authorName"]])
    let userId = try XCTUnwrap(model.entity(named: "User")?.attribute(named: "userId"))
    XCTAssertEqual(userId.defaultValue, .int(7))
    XCTAssertEqual(userId.minimum, .int(1))
    XCTAssertEqual(userId.maximum, .int(1000))
    XCTAssertTrue(userId.isUnique)
  }

  func testTheKeptRulesAreValidated() throws {
    let opened = try openWithRuledModel()
    let interpreter = Interpreter(
      context: Context(graph: opened.graph), store: .memory)
    // sqlite3 Model1.sqlite 'select Z_PK, ZUSERID from ZUSER': users 1…3, each userId 1;
    // 'select Z_PK, ZTITLE from ZBOOK': The Trial, Cosmos, Metamorphosis, Extinction.
    _ = try interpreter.run(
      """
      update User set userId = 0
      update Book where title == "Cosmos" set title = "Co"
      update Book where title == "Extinction" set title = "extinction"
      """)
    XCTAssertThrowsError(try interpreter.run("validate")) { error in
      let message = "\(error)"
      XCTAssertTrue(message.contains("User/p1: userId is too small."), message)
      XCTAssertTrue(
        message.contains("Book/p10 \"Witold Gombrowicz\": title is too short."), message)
      XCTAssertTrue(
        message.contains(
          "Book/p12 \"Thomas Bernhard\": title is invalid. (value \"extinction\", must match"),
        message)
      XCTAssertTrue(message.contains("User/p1: userId must be unique."), message)
    }
    _ = try interpreter.run("rollback; insert User; insert Book")
    let users = interpreter.context.graph.table("User")
    XCTAssertEqual(users.value(for: try XCTUnwrap(users.keys.last), slot: 0), .int(7))
    let books = interpreter.context.graph.table("Book")
    XCTAssertEqual(books.value(for: try XCTUnwrap(books.keys.last), slot: 0), .string("Anonymous"))
  }

  /// A model cache archived as Core Data archives one: defaults inline in `$objects`, and
  /// `NSUniqueTuples` in which a sub-entity repeats its parent's constraints.
  func testAModelCacheKeepsDefaultsAndUniqueness() throws {
    let path = try makeTemporaryFolder("bowq-coredata").appendingPathComponent("Shop.sqlite").path
    try CoreDataTestStore.make(
      at: path,
      entities: [
        .init(
          name: "Item",
          attributes: [
            .init(
              name: "sku", type: 700,
              rules: [.length(min: 2, max: 8), .pattern("[A-Z][0-9]+"), .contains("0")]),
            .init(name: "shop", type: 700),
            .init(
              name: "stock", type: 200, defaultValue: 3, rules: [.minimum(0), .maximum(100)]),
            .init(name: "price", type: 500, defaultValue: 1.5, rules: [.minimum(0.5)]),
            .init(name: "active", type: 800, defaultValue: true),
            .init(name: "label", type: 700, defaultValue: "new"),
          ],
          uniqueTuples: [["sku"], ["shop", "label"]]),
        .init(
          name: "Gadget", parent: "Item", attributes: [.init(name: "serial", type: 700)],
          uniqueTuples: [["serial"]]),
      ],
      sql: """
        CREATE TABLE ZITEM (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZSKU VARCHAR,
          ZSHOP VARCHAR, ZSTOCK INTEGER, ZPRICE FLOAT, ZACTIVE INTEGER, ZLABEL VARCHAR,
          ZSERIAL VARCHAR);
        INSERT INTO ZITEM VALUES (1, 1, 1, 'A1', 'north', 5, 2.5, 1, 'x', NULL),
          (2, 2, 1, 'G1', 'north', 1, 9.5, 0, 'y', 'S-1');
        """)
    let model = try CoreDataStore.open(path: path).graph.model
    let item = try XCTUnwrap(model.entity(named: "Item"))
    XCTAssertEqual(
      item.attributes.map { "\($0.name) \($0.defaultValue?.literalText ?? "-") \($0.isUnique)" },
      [
        "active YES false", "label \"new\" false", "price 1.5 false", "shop - false",
        "sku - true", "stock 3 false",
      ])
    XCTAssertEqual(item.uniquenessConstraints, [["shop", "label"]])
    let sku = try XCTUnwrap(item.attribute(named: "sku"))
    XCTAssertEqual([sku.minLength, sku.maxLength], [2, 8])
    XCTAssertEqual(sku.pattern, "[A-Z][0-9]+")
    let stock = try XCTUnwrap(item.attribute(named: "stock"))
    XCTAssertEqual([stock.minimum, stock.maximum], [.int(0), .int(100)])
    XCTAssertEqual(item.attribute(named: "price")?.minimum, .double(0.5))
    XCTAssertNil(item.attribute(named: "price")?.maximum)
    let gadget = try XCTUnwrap(model.entity(named: "Gadget"))
    XCTAssertEqual(gadget.attributes.filter(\.isUnique).map(\.name), ["sku", "serial"])
    XCTAssertEqual(gadget.uniquenessConstraints, [["shop", "label"]])
  }

  /// Books.sqlite's cache (written by Core Data) holds `NSUniqueTuples` of Author's alias
  /// and Book's uniqueID, which GraphicNovel repeats; its Booleans default to NO; and Book's
  /// title is 3 to 50 characters long (and must contain "title", which bowq leaves out).
  func testTheBooksStoresCacheKeepsItsConstraintsAndDefaults() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let model = try CoreDataStore.open(path: store.path).graph.model
    XCTAssertEqual(model.entity(named: "Author")?.attribute(named: "alias")?.isUnique, true)
    XCTAssertEqual(model.entity(named: "Book")?.attribute(named: "uniqueID")?.isUnique, true)
    XCTAssertEqual(
      model.entity(named: "GraphicNovel")?.attribute(named: "uniqueID")?.isUnique, true)
    XCTAssertEqual(model.entities.flatMap(\.uniquenessConstraints), [])
    let title = try XCTUnwrap(model.entity(named: "Book")?.attribute(named: "title"))
    XCTAssertEqual([title.minLength, title.maxLength], [3, 50])
    XCTAssertNil(title.pattern)
    XCTAssertEqual(
      model.entity(named: "GraphicNovel")?.attribute(named: "isBlackAndWhite")?.defaultValue,
      .bool(false))
  }

  func testAModelCacheOrMomWithoutRulesStillMapsAsBefore() throws {
    let mom = CoreDataFixtures.folder.appendingPathComponent("Users/Users.mom").path
    let model = try CoreDataModel.read(at: mom)
    XCTAssertTrue(
      model.entities.allSatisfy {
        $0.attributes.allSatisfy { $0.rules == AttributeRules() }
      })
  }
}
