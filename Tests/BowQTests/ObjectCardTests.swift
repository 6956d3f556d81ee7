import Foundation
import XCTest

@testable import BowQ

/// `show`: the statement's forms, and the cards the engine returns — the BowTies app's
/// screen for a tie, a generic card for any other object — and its errors.
final class ObjectCardTests: XCTestCase {
  /// Two people, Ann with two ties and Bob with none, and a tie nobody owns.
  static let wardrobe = """
    entity Person { name: String, born: Int32?, ties: [Tie] inverse owner }
    entity Tie { code: Int16, name: String, rating: Double, lastWorn: Date?, owner: Person? inverse ties }
    insert Person name = "Ann", born = 1980
    insert Person name = "Bob"
    insert Tie code = 1, name = "Blue Bow Tie", rating = 4.5, owner = Person where name == "Ann"
    insert Tie code = 2, name = "Rouge", rating = 2, owner = Person where name == "Ann"
    insert Tie code = 3, name = "Polka", rating = 3
    """

  private func sampleInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    let sample = GrammarTests.packageRoot.appendingPathComponent("SampleData.plist").path
    XCTAssertTrue(try BowTiesSample.seed(interpreter, sampleDataPath: sample))
    return interpreter
  }

  private func cards(_ script: String, in interpreter: Interpreter) throws -> [ObjectCard] {
    guard case .cards(let cards)? = try interpreter.run(script).last else {
      XCTFail("\(script) returned no cards")
      return []
    }
    return cards
  }

  private func error(_ script: String, in interpreter: Interpreter) -> String {
    do {
      _ = try interpreter.run(script)
      XCTFail("\(script) succeeded")
      return ""
    } catch {
      return "\(error)"
    }
  }

  func testShowParsesAnObjectAnEntityWithOrWithoutAPredicateOrNothing() throws {
    func kind(_ text: String) throws -> Statement.Kind? { try Parser.parseScript(text).first?.kind }
    guard case .show(.object(let tie))? = try kind("SHOW BowTie/p3") else {
      return XCTFail("show BowTie/p3")
    }
    XCTAssertEqual(tie.entity.text, "BowTie")
    XCTAssertEqual(tie.key, 3)
    XCTAssertEqual(try kind("show"), .show(.selection))
    XCTAssertEqual(try kind("show; save"), .show(.selection))
    guard
      case .show(.matching(let entity, let predicate))? = try kind("show BowTie where rating > 3")
    else { return XCTFail("show BowTie where rating > 3") }
    XCTAssertEqual(entity.text, "BowTie")
    XCTAssertNotNil(predicate)
    guard case .show(.matching(_, nil))? = try kind("show BowTie") else {
      return XCTFail("show BowTie")
    }
    XCTAssertThrowsError(try Parser.parseScript("show BowTie/3"))
    XCTAssertThrowsError(try Parser.parseScript("show BowTie rating > 3")) { error in
      XCTAssertTrue("\(error)".contains("a predicate needs \"where\" before it"), "\(error)")
    }
  }

  func testATieIsShownAsTheAppsScreenShowsIt() throws {
    let interpreter = try sampleInterpreter()
    XCTAssertEqual(
      try cards("show BowTie/p1", in: interpreter),
      [
        ObjectCard(
          object: ObjectID(entity: "BowTie", key: 1), title: "Red Bow Tie",
          fields: [
            .init("Rating", .rating(3.5, scale: 5)), .init("Times worn", .value(.int(4))),
            .init("Last worn", .day(try Date("2024-03-01T09:30:00Z", strategy: .iso8601))),
            .init("Favourite", .value(.bool(false))),
            .init("Tint colour", .value(.color(Color(red: 255, green: 0, blue: 0)))),
          ])
      ])
  }

  func testANeverWornTieHasNoDayAndAnEntityLackingTheAppsAttributesGetsAGenericCard() throws {
    let interpreter = try sampleInterpreter()
    let shown = try cards(
      #"insert BowTie name = "New", searchKey = "N"; show BowTie where name == "New""#,
      in: interpreter)
    XCTAssertEqual(
      shown.first?.fields.map(\.label),
      ["Rating", "Times worn", "Last worn", "Favourite", "Tint colour"])
    XCTAssertEqual(shown.first?.fields[2].content, .day(nil))
    XCTAssertEqual(shown.first?.fields[4].content, .value(.null))
  }

  func testAnyOtherObjectIsTitledByItsFirstStringAndListsItsPropertiesInModelOrder() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(Self.wardrobe)
    XCTAssertEqual(
      try cards("show Person/p1", in: interpreter),
      [
        ObjectCard(
          object: ObjectID(entity: "Person", key: 1), title: "Ann",
          fields: [.init("born", .value(.int(1980))), .init("ties", .count(2, of: "Tie"))])
      ])
    XCTAssertEqual(
      try cards("show Tie where code == 3", in: interpreter),
      [
        ObjectCard(
          object: ObjectID(entity: "Tie", key: 3), title: "Polka",
          fields: [
            .init("code", .value(.int(3))), .init("rating", .value(.double(3))),
            .init("lastWorn", .value(.null)), .init("owner", .value(.null)),
          ])
      ])
    XCTAssertEqual(
      try cards("show Tie/p2", in: interpreter).first?.fields.last,
      .init("owner", .value(.object(ObjectID(entity: "Person", key: 1)))))
  }

  func testShowAloneShowsTheSelectionAndAnEntityShowsEveryObject() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(Self.wardrobe)
    XCTAssertEqual(
      try cards("fetch Tie where rating >= 3; show", in: interpreter).map(\.title),
      ["Blue Bow Tie", "Polka"])
    XCTAssertEqual(try cards("show Person", in: interpreter).map(\.title), ["Ann", "Bob"])
    XCTAssertEqual(try cards("show Tie where rating > 9", in: interpreter), [])
  }

  func testExplainShowsThePlanOfTheObjectsAnEntityShows() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(Self.wardrobe)
    XCTAssertEqual(
      try interpreter.run("explain show Tie where rating > 2").last,
      .explanation([
        "scan 3 Tie objects", "filter rating > 2 (2 objects)", "draw each object as a card",
      ]))
    XCTAssertEqual(
      try interpreter.run("explain show Tie/p1").last,
      .explanation(["read each object's values for its card"]))
  }

  func testAnObjectNamedByAnAncestorIsShownUnderItsOwnEntity() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Vehicle { name: String }
      entity Car : Vehicle { doors: Int16 }
      entity SportCar : Car { topSpeed: Int32 }
      insert Car name = "Sedan", doors = 4
      insert SportCar name = "Racer", doors = 2, topSpeed = 300
      """)
    XCTAssertEqual(
      try cards("show Vehicle/p2", in: interpreter).map(\.object),
      [ObjectID(entity: "SportCar", key: 2)])
    XCTAssertEqual(
      try cards("show Car/p1", in: interpreter).map(\.object), [ObjectID(entity: "Car", key: 1)])
    XCTAssertEqual(
      error("show SportCar/p1", in: interpreter),
      "1:6: there is no object SportCar/p1: SportCar's one object is SportCar/p2")
  }

  func testShowSaysWhatIsMissing() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(Self.wardrobe + "\nentity Hat { name: String }")
    XCTAssertEqual(
      error("show", in: interpreter),
      "1:1: there is no current selection to show: name an object (show BowTie/p3) or an "
        + "entity (show BowTie where rating > 3), or fetch first")
    XCTAssertEqual(
      error("show Tie/p9", in: interpreter),
      "1:6: there is no object Tie/p9: Tie's objects have keys p1 to p3 (`fetch Tie` lists them)")
    XCTAssertEqual(
      error("delete Person where name == \"Bob\"; show Person/p2", in: interpreter),
      "1:41: there is no object Person/p2: Person's one object is Person/p1")
    XCTAssertEqual(
      error("show Hat/p1", in: interpreter), "1:6: there is no object Hat/p1: Hat has no objects")
    XCTAssertEqual(
      error("show Tei/p1", in: interpreter), #"1:6: unknown entity "Tei". Did you mean "Tie"?"#)
  }
}
