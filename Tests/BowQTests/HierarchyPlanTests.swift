import XCTest

@testable import BowQ

/// Statements over an entity whose sub-entities have objects read each member's table in
/// place: the plan's structure (a member searched through its own index, another scanned),
/// and answers that need each member's own slots — a relationship sits after a
/// sub-entity's own attributes, so `owner` is at another slot in `SportCar` than in `Car`.
final class HierarchyPlanTests: XCTestCase {
  private func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Person { name: String, cars: [Car] inverse owner }
      entity Car { name: String, year: Int32, owner: Person? inverse cars, index name }
      entity SportCar : Car { topSpeed: Int32, index name }
      entity Racer : Car { wins: Int32 }
      insert Person name = "Ann"
      insert Car name = "a", year = 1990
      insert SportCar name = "a", year = 2005, topSpeed = 300
      insert SportCar name = "b", year = 2001, topSpeed = 250
      insert Racer name = "a", year = 1980, wins = 3
      update Car where year > 2000 OR year < 1985 set owner = Person
      """)
    return interpreter
  }

  /// The objects the fetch `statement` answers, as `SportCar/p3`.
  private func ids(_ interpreter: Interpreter, _ statement: String) throws -> [String] {
    guard case .objects(let result)? = try interpreter.run(statement).last else { return [] }
    return result.ids.map { "\($0.entity)/p\($0.key)" }
  }

  func testEachMemberIsSearchedThroughItsOwnIndexOrScanned() throws {
    let interpreter = try makeInterpreter()
    let (plan, source) = try interpreter.plan(#"fetch Car where name == "a" AND year > 1985"#)
    XCTAssertEqual(source.members.map(\.entity.name), ["Car", "SportCar", "Racer"])
    guard case .memberSearch(let searches) = plan.steps.first?.operation else {
      return XCTFail("not a member search: \(plan.shape)")
    }
    XCTAssertEqual(searches.map(\.member), [0, 1, 2])
    XCTAssertEqual(
      searches.map { $0.lookup?.index.definition.name }, ["name", "name", nil])
    XCTAssertTrue(searches.allSatisfy { $0.predicate != nil })
    XCTAssertEqual(
      try ids(interpreter, #"fetch Car where name == "a" AND year > 1985"#),
      ["Car/p1", "SportCar/p2"])
  }

  func testAPlanWithoutAnIndexScansEveryMember() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.shape("count Car where year > 1985"), ["scan(4)", "filter", "count"])
  }

  func testRelationshipsAreReadAtEachMembersSlot() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(try interpreter.count(of: "Car", where: #"owner.name == "Ann""#), 3)
    XCTAssertEqual(try interpreter.count(of: "Car", where: "owner == nil"), 1)
    XCTAssertEqual(
      try ids(interpreter, #"fetch Car where name == "a" AND owner != nil"#),
      ["SportCar/p2", "Racer/p4"])
    guard
      case .objects(let result)? = try interpreter.run(
        "fetch Car select name, owner.name sort by year desc limit 3"
      ).last
    else { return XCTFail("no rows") }
    XCTAssertEqual(
      Array(result.rows),
      [
        [.string("a"), .string("Ann")], [.string("b"), .string("Ann")],
        [.string("a"), .null],
      ])
  }
}
