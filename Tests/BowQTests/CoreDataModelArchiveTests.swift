import Foundation
import XCTest

@testable import BowQ

/// The archived `NSManagedObjectModel` mapped to a ``CoreDataModel``: a compiled `.mom`
/// written by Xcode, and a model cache written by the tests' keyed-archive writer into a
/// Core Data–shaped store.
final class CoreDataModelArchiveTests: XCTestCase {
  func testUsersMomMapsToItsEntitiesAndRelationships() throws {
    let mom = try copyCoreDataFixture("Users/Users.mom")
    let root = try XCTUnwrap(try KeyedArchive.decode(try Data(contentsOf: mom)).root)
    let model = try CoreDataModel(archived: root)
    XCTAssertEqual(model.versionIdentifiers, ["3"])
    XCTAssertEqual(model.entities.map(\.name), ["Pet", "User"])
    let user = try XCTUnwrap(model[entity: "User"])
    XCTAssertEqual(
      user.attributes,
      [CoreDataAttribute(name: "name", type: .string, valueClassName: "NSString")])
    XCTAssertEqual(
      user.relationships,
      [
        CoreDataRelationship(
          name: "pet", destination: "Pet", inverse: "owner", isOptional: true, maxCount: 1)
      ])
    XCTAssertEqual(model[entity: "Pet"]?.relationships.first?.inverse, "pet")
  }

  /// An archive as Core Data writes its cache: entities in a known-keys dictionary, each
  /// property naming its entity (a cycle), sub-entities listing inherited properties again.
  private func vehicleModelArchive() -> Data {
    var w = KeyedArchiveWriter()
    let model = w.reserve()
    let entityClasses = ["NSEntityDescription", "NSObject"]
    let attributeClasses = ["NSAttributeDescription", "NSPropertyDescription", "NSObject"]
    let relationshipClasses = ["NSRelationshipDescription", "NSPropertyDescription", "NSObject"]
    let (vehicle, car, sportCar, person) = (w.reserve(), w.reserve(), w.reserve(), w.reserve())
    func attribute(_ name: String, _ type: Int64, of entity: PropertyList, optional: Bool = false)
      -> PropertyList
    {
      w.object(
        attributeClasses,
        [
          ("NSPropertyName", w.string(name)), ("NSAttributeType", .integer(type)),
          ("NSEntity", entity), ("NSIsOptional", .bool(optional)),
          ("NSValueTransformerName", KeyedArchiveWriter.null),
        ])
    }
    let wheels = attribute("wheels", 200, of: vehicle)
    let plate = attribute("plate", 700, of: car, optional: true)
    let topSpeed = attribute("topSpeed", 500, of: sportCar)
    let name = attribute("name", 700, of: person)
    let owner = w.reserve()
    let cars = w.object(
      relationshipClasses,
      [
        ("NSPropertyName", w.string("cars")), ("NSEntity", person), ("NSDestinationEntity", car),
        ("NSInverseRelationship", owner), ("NSMaxCount", 0), ("NSMinCount", 0),
        ("NSIsOptional", true), ("NSIsOrdered", true), ("NSDeleteRule", 2),
      ])
    w.fill(
      owner, classes: relationshipClasses,
      fields: [
        ("NSPropertyName", w.string("owner")), ("NSEntity", car), ("NSDestinationEntity", person),
        ("NSInverseRelationship", cars), ("NSMaxCount", 1), ("NSDeleteRule", 1),
      ])
    func entity(
      _ reference: PropertyList, _ name: String, parent: PropertyList,
      _ properties: [(String, PropertyList)], abstract: Bool = false
    ) {
      w.fill(
        reference, classes: entityClasses,
        fields: [
          ("NSEntityName", w.string(name)), ("NSSuperentity", parent),
          ("NSProperties", w.dictionary(properties)), ("NSIsAbstract", .bool(abstract)),
          ("NSManagedObjectModel", model),
        ])
    }
    entity(
      vehicle, "Vehicle", parent: KeyedArchiveWriter.null, [("wheels", wheels)], abstract: true)
    entity(car, "Car", parent: vehicle, [("wheels", wheels), ("plate", plate), ("owner", owner)])
    entity(
      sportCar, "SportCar", parent: car,
      [("wheels", wheels), ("plate", plate), ("owner", owner), ("topSpeed", topSpeed)])
    entity(person, "Person", parent: KeyedArchiveWriter.null, [("name", name), ("cars", cars)])
    let mapping = w.object(
      ["NSKnownKeysMappingStrategy1", "NSKnownKeysMappingStrategy", "NSObject"],
      [("keys", w.array(["Car", "Person", "SportCar", "Vehicle"].map { w.string($0) }))])
    let entities = w.object(
      [
        "NSKnownKeysDictionary1", "NSKnownKeysDictionary", "NSMutableDictionary", "NSDictionary",
        "NSObject",
      ], [("searchMapping", mapping), ("values", w.array([car, person, sportCar, vehicle]))])
    w.fill(
      model, classes: ["NSManagedObjectModel", "NSObject"],
      fields: [("NSEntities", entities), ("NSVersionIdentifiers", KeyedArchiveWriter.null)])
    return w.binary(root: model)
  }

  func testAModelCacheWrittenInACoreDataShapedStoreKeepsItsHierarchy() throws {
    let folder = try makeTemporaryFolder("bowq-coredata")
    let path = folder.appendingPathComponent("Vehicles.sqlite").path
    SQLiteScript.run(
      """
      CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
      CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
      CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
      INSERT INTO Z_PRIMARYKEY VALUES (1, 'Person', 0, 2), (2, 'Vehicle', 0, 5), (3, 'Car', 2, 0),
        (4, 'SportCar', 3, 0);
      """, on: path)
    let metadata = try BinaryPropertyListWriter.encode(["NSStoreType": "SQLite"])
    SQLiteScript.run(
      "INSERT INTO Z_METADATA VALUES (1, 'F00D', ?)", binding: [metadata], on: path)
    SQLiteScript.run(
      "INSERT INTO Z_MODELCACHE VALUES (?)",
      binding: [Deflater.deflate(vehicleModelArchive(), raw: true)], on: path)

    let schema = try CoreDataStoreSchema.read(path: path)
    XCTAssertEqual(schema.uuid, "F00D")
    XCTAssertEqual(schema.entityNumbers.map(\.parentNumber), [0, 0, 2, 3])
    let model = try XCTUnwrap(schema.modelCache.model)
    XCTAssertEqual(
      model.entities.map { "\($0.name) : \($0.parent ?? "-") \($0.subentities)" },
      [
        "Car : Vehicle [\"SportCar\"]", "Person : - []", "SportCar : Car []",
        "Vehicle : - [\"Car\"]",
      ])
    XCTAssertEqual(model[entity: "Vehicle"]?.isAbstract, true)
    XCTAssertEqual(model[entity: "SportCar"]?.attributes.map(\.name), ["topSpeed"])
    XCTAssertEqual(
      model[entity: "Car"]?.attributes,
      [CoreDataAttribute(name: "plate", type: .string, isOptional: true)])
    XCTAssertEqual(
      model[entity: "Person"]?.relationships,
      [
        CoreDataRelationship(
          name: "cars", destination: "Car", inverse: "owner", isToMany: true, isOrdered: true,
          isOptional: true, maxCount: 0, deleteRule: .cascade)
      ])
    XCTAssertEqual(
      model[entity: "Car"]?.relationships,
      [CoreDataRelationship(name: "owner", destination: "Person", inverse: "cars")])
  }

  func testAnUnknownAttributeTypeNamesTheAttribute() throws {
    var w = KeyedArchiveWriter()
    let model = w.reserve()
    let entity = w.reserve()
    let odd = w.object(
      ["NSAttributeDescription", "NSPropertyDescription", "NSObject"],
      [("NSPropertyName", w.string("odd")), ("NSAttributeType", 4242), ("NSEntity", entity)])
    w.fill(
      entity, classes: ["NSEntityDescription", "NSObject"],
      fields: [("NSEntityName", w.string("Thing")), ("NSProperties", w.dictionary([("odd", odd)]))])
    w.fill(
      model, classes: ["NSManagedObjectModel", "NSObject"],
      fields: [("NSEntities", w.dictionary([("Thing", entity)]))])
    let root = try XCTUnwrap(try KeyedArchive.decode(w.binary(root: model)).root)
    XCTAssertThrowsError(try CoreDataModel(archived: root)) { error in
      XCTAssertEqual(
        (error as? CoreDataStoreError)?.message,
        "attribute Thing.odd has the unknown NSAttributeType 4242")
    }
  }
}
