import Foundation
import XCTest

@testable import BowQ

/// `why` over an entity hierarchy three levels deep: as `fetch Vehicle` takes in Cars and
/// SportCars (Core Data's `includesSubentities`), `why` explains each of them, and an object
/// named by an ancestor's entity is found under its own.
final class WhyHierarchyTests: XCTestCase {
  /// Vehicle ◀─ Car ◀─ SportCar, one object each: Cart (p1), Sedan (p2), Racer (p3).
  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Vehicle { name: String, wheels: Int16 }
      entity Car : Vehicle { doors: Int16 }
      entity SportCar : Car { topSpeed: Int32 }
      insert Vehicle name = "Cart", wheels = 2
      insert Car name = "Sedan", wheels = 4, doors = 4
      insert SportCar name = "Racer", wheels = 4, doors = 2, topSpeed = 300
      """)
    return interpreter
  }

  /// The objects `statements`' last `why` explains, with whether each matches.
  func explained(_ interpreter: Interpreter, _ statements: String) throws -> [String] {
    guard case .why(let explanations)? = try interpreter.run(statements).last else {
      XCTFail("no explanation")
      return []
    }
    return explanations.map { "\($0.object) \($0.matches.map(String.init) ?? "?")" }
  }

  func testWhyAfterAFetchExplainsTheSubEntitiesObjects() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try explained(interpreter, "fetch Vehicle where wheels == 4; why"),
      ["Car/p2 true", "SportCar/p3 true"])
    XCTAssertEqual(
      try explained(interpreter, "fetch Vehicle; why where name BEGINSWITH \"R\""),
      ["Vehicle/p1 false", "Car/p2 false", "SportCar/p3 true"])
    XCTAssertEqual(
      try explained(interpreter, "fetch Car where doors < 3; why"), ["SportCar/p3 true"])
  }

  func testTheLastFetchsPredicateExplainsAnObjectOfASubEntity() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run("fetch Car where doors < 3")
    XCTAssertEqual(try explained(interpreter, "why SportCar/p3"), ["SportCar/p3 true"])
    XCTAssertEqual(try explained(interpreter, "why not Car/p2"), ["Car/p2 false"])
    // A fetch of a sub-entity says nothing of its parent's objects.
    _ = try interpreter.run("fetch SportCar where topSpeed > 100")
    XCTAssertThrowsError(try interpreter.run("why Car/p2")) {
      XCTAssertTrue("\($0)".contains("there is no earlier fetch of Car"), "\($0)")
    }
  }

  func testAnObjectNamedByAnAncestorIsFoundUnderItsOwnEntity() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try explained(interpreter, "why Vehicle/p3 where wheels == 4 AND name == \"Racer\""),
      ["SportCar/p3 true"])
    XCTAssertEqual(
      try explained(interpreter, "why Car/p3 where doors > 2"), ["SportCar/p3 false"])
    XCTAssertThrowsError(try interpreter.run("why Vehicle/p3 where topSpeed > 100")) {
      XCTAssertTrue("\($0)".contains("topSpeed"), "\($0)")
    }
    XCTAssertThrowsError(try interpreter.run("why Car/p1 where wheels == 2")) {
      XCTAssertTrue("\($0)".contains("there is no object Car/p1"), "\($0)")
    }
  }
}
