import XCTest

@testable import BowQ

/// `entity SportCar : Car { … }` and `abstract entity Vehicle { … }`: sub-entities inherit
/// their parents' properties, fetches and counts of a parent include its sub-entities'
/// objects (Core Data's includesSubentities), an abstract entity has no objects of its own,
/// and the store keeps the hierarchy.
final class EntityInheritanceTests: XCTestCase {
  /// Three levels (Vehicle, Car, SportCar), a sibling (Bike), and a to-one into the
  /// hierarchy (Person.vehicle) with its inverse on the root.
  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      abstract entity Vehicle { wheels: Int16, rider: Person? inverse vehicle }
      entity Car : Vehicle { plate: String }
      entity SportCar : Car { topSpeed: Int32 }
      entity Bike : Vehicle { gears: Int16 }
      entity Person { name: String, vehicle: Vehicle? inverse rider }
      insert Car wheels = 4, plate = "AB-1"
      insert SportCar wheels = 4, plate = "FAST", topSpeed = 300
      insert Bike wheels = 2, gears = 21
      insert Person name = "Ana", vehicle = SportCar where plate == "FAST"
      insert Person name = "Ben", vehicle = Bike where gears == 21
      """)
    return interpreter
  }

  private func ids(_ result: StatementResult?) -> [String] {
    guard case .objects(let set)? = result else { return [] }
    return set.ids.map(\.description)
  }

  func testKeysAreUniqueAcrossAHierarchyAsCoreDataZ_PKIs() throws {
    let graph = try makeInterpreter().context.graph
    XCTAssertEqual(
      graph.table("Car").keys + graph.table("SportCar").keys + graph.table("Bike").keys, [1, 2, 3])
    XCTAssertEqual(graph.table("Person").keys, [1, 2])
  }

  func testASubEntityHoldsItsAncestorsPropertiesFirst() throws {
    let model = try makeInterpreter().context.graph.model
    let sportCar = try XCTUnwrap(model.entity(named: "SportCar"))
    XCTAssertEqual(sportCar.parent, "Car")
    XCTAssertFalse(sportCar.isAbstract)
    XCTAssertEqual(sportCar.propertyNames, ["wheels", "plate", "topSpeed", "rider"])
    XCTAssertEqual(model.entity(named: "Vehicle")?.isAbstract, true)
    XCTAssertEqual(
      model.hierarchy(of: "Vehicle").map(\.name), ["Vehicle", "Car", "SportCar", "Bike"])
  }

  func testCountsAndFetchesOfEachLevelIncludeItsSubEntities() throws {
    let interpreter = try makeInterpreter()
    for (entity, count) in [("Vehicle", 3), ("Car", 2), ("SportCar", 1), ("Bike", 1)] {
      XCTAssertEqual(
        try interpreter.run("count \(entity)").last, .count(entity: entity, count), entity)
    }
    XCTAssertEqual(
      ids(try interpreter.run("fetch Vehicle").last), ["Car/p1", "SportCar/p2", "Bike/p3"])
    XCTAssertEqual(ids(try interpreter.run("fetch SportCar").last), ["SportCar/p2"])
  }

  func testExplainOfAFetchNamesTheEntitiesItsScanLists() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.run("explain fetch Car where wheels == 4").last,
      .explanation([
        "scan 2 Car objects (Car, SportCar)", "filter wheels == 4 (2 objects)",
        "select as the current selection",
      ]))
    XCTAssertEqual(
      try interpreter.run("explain fetch Vehicle select wheels").last,
      .explanation(["scan 3 Vehicle objects (Car, SportCar, Bike)", "select wheels (3 rows)"]),
      "an abstract entity has no objects of its own to name")
    XCTAssertEqual(
      try interpreter.run("explain fetch Bike").last,
      .explanation(["scan 1 Bike object", "select as the current selection"]))
  }

  func testPredicatesOnInheritedAttributes() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      ids(try interpreter.run("fetch Vehicle where wheels == 4 sort by wheels").last),
      ["Car/p1", "SportCar/p2"])
    XCTAssertEqual(
      ids(try interpreter.run("fetch Car where plate BEGINSWITH 'F'").last), ["SportCar/p2"])
    XCTAssertEqual(
      try interpreter.run("count SportCar where wheels == 4 AND topSpeed > 200").last,
      .count(entity: "SportCar", 1))
  }

  func testSELFIsTheObjectUnderItsOwnEntity() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.run("count Vehicle where rider.vehicle == SELF").last,
      .count(entity: "Vehicle", 2))
    XCTAssertEqual(
      ids(try interpreter.run("fetch Car where rider.vehicle == SELF").last), ["SportCar/p2"])
  }

  func testAToOneIntoTheHierarchyReadsTheObjectsOwnEntity() throws {
    let interpreter = try makeInterpreter()
    guard case .objects(let people)? = try interpreter.run("fetch Person sort by name").last
    else { return XCTFail("no people") }
    XCTAssertEqual(
      people.rows.map { $0[1] },
      [.object(ObjectID(entity: "SportCar", key: 2)), .object(ObjectID(entity: "Bike", key: 3))])
    XCTAssertEqual(
      try interpreter.run("count Person where vehicle.wheels == 2").last,
      .count(entity: "Person", 1))
    XCTAssertEqual(
      try interpreter.run("count Vehicle where rider.name == 'Ana'").last,
      .count(entity: "Vehicle", 1), "the inverse is kept on the sub-entity's object")
  }

  func testEditsOfAParentReachItsSubEntities() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run("update Car set wheels = 3")
    XCTAssertEqual(
      try interpreter.run("count Vehicle where wheels == 3").last, .count(entity: "Vehicle", 2))
    _ = try interpreter.run("delete Vehicle where wheels == 2")
    XCTAssertEqual(ids(try interpreter.run("fetch Vehicle").last), ["Car/p1", "SportCar/p2"])
  }

  func testAnEditOfAParentReadsASubEntitysObjectWithTheParentsProperties() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run("update Car set plate = rider.name")
    XCTAssertEqual(
      try interpreter.run("count SportCar where plate == 'Ana'").last,
      .count(entity: "SportCar", 1))
    _ = try interpreter.run("fetch Vehicle where wheels == 2; set wheels = wheels + 1")
    XCTAssertEqual(
      try interpreter.run("count Bike where wheels == 3").last, .count(entity: "Bike", 1))
  }

  func testAnExportOfAParentWritesEverySubEntitysObjectWithTheParentsProperties() throws {
    let interpreter = try makeInterpreter()
    let folder = try makeTemporaryFolder("bowq-inheritance")
    interpreter.baseDirectory = folder.path
    _ = try interpreter.run(#"export Car to "cars.json""#)
    let json = try Data(contentsOf: folder.appendingPathComponent("cars.json"))
    let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
    XCTAssertEqual(rows.compactMap { $0["plate"] as? String }, ["AB-1", "FAST"])
    XCTAssertEqual(rows.compactMap { $0["wheels"] as? Int }, [4, 4])
    XCTAssertTrue(rows.allSatisfy { $0["topSpeed"] == nil }, "\(rows)")
  }

  func testAnAbstractEntityHasNoObjectsOfItsOwn() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      interpreter.errorMessage(running: "insert Vehicle wheels = 3"),
      "1:1: Vehicle is abstract: it has no objects of its own, as Core Data cannot instantiate an "
        + "abstract entity; insert one of its sub-entities (Car, SportCar, Bike)")
  }

  func testRedefinitionRules() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      interpreter.errorMessage(running: "entity Van : Car { plate: String }"),
      "Van inherits plate from Car; a sub-entity adds properties but cannot redefine an "
        + "inherited one (redefine it in Car, or give this one another name)")
    XCTAssertEqual(
      interpreter.errorMessage(running: "entity Van : Truck { load: Int32 }"),
      "the parent entity Truck is not defined; define it before Van.")
    XCTAssertEqual(
      interpreter.errorMessage(running: "entity Car : SportCar { plate: String }"),
      "Car cannot inherit from SportCar, which inherits from it")
    XCTAssertEqual(
      interpreter.errorMessage(running: "entity Car : Vehicle { plate: String, colour: String? }"),
      "Car has sub-entities (SportCar) that inherit its properties; bowq does not change the "
        + "properties of a parent entity: define a new entity instead")
    XCTAssertEqual(
      interpreter.errorMessage(running: "entity Car : Vehicle { plate: String }"), "no error",
      "the same definition again changes nothing")
  }

  func testTheStoreKeepsTheHierarchyInLayoutVersion3() throws {
    let graph = try makeInterpreter().context.graph
    let data = try StoreCodec.encodeData(graph)
    let plist = try PropertyListDecoding.decode(data).0
    XCTAssertEqual(plist.dictionaryValue?["version"], 3)
    let read = try StoreCodec.decodeData(data)
    XCTAssertEqual(read, graph)
    XCTAssertEqual(read.model.entity(named: "SportCar")?.parent, "Car")
    XCTAssertEqual(read.model.entity(named: "Vehicle")?.isAbstract, true)
  }

  func testAStoreNamingAMissingParentIsNeverWritten() throws {
    var graph = ObjectGraph()
    try graph.define(Entity(name: "Car", attributes: [], parent: "Ghost"))
    XCTAssertThrowsError(try StoreCodec.encodeData(graph)) { error in
      XCTAssertEqual(
        "\(error)", "model.entities[0].parent: the parent Ghost of Car is not an entity")
    }
  }
}
