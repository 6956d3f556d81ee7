import XCTest

@testable import BowQ

/// Patterns and rules read from a store are checked at load, naming the entity and the
/// rule, instead of a rule silently turned off or one that fails every save.
final class StoreModelRuleTests: XCTestCase {
  private static let goodModel = Model(entities: [
    Entity(
      name: "Tie",
      attributes: [
        Attribute(name: "name", type: .string), Attribute(name: "code", type: .string),
      ],
      rules: [EntityRule(predicate: "name != code", message: "name and code differ")])
  ])

  /// A store of one Tie whose model is `model`, as a file written by some other program
  /// could hold it.
  private func store(with model: Model) throws -> PropertyList {
    var graph = ObjectGraph(model: Self.goodModel)
    graph.insert([.string("Red"), .string("R")], into: "Tie")
    guard case .dictionary(var root) = try StoreCodec.encode(graph) else {
      throw XCTSkip("unexpected layout")
    }
    root["model"] = StoreModelCoding.encode(model)
    return .dictionary(root)
  }

  private func model(pattern: String? = nil, rule: String = "name != code") -> Model {
    Model(entities: [
      Entity(
        name: "Tie",
        attributes: [
          Attribute(name: "name", type: .string),
          Attribute(name: "code", type: .string, pattern: pattern),
        ],
        rules: [EntityRule(predicate: rule, message: "name and code differ")])
    ])
  }

  private func loadError(_ model: Model) throws -> StoreError? {
    let plist = try store(with: model)
    do {
      _ = try StoreCodec.decode(plist)
      return nil
    } catch let error as StoreError {
      return error
    }
  }

  func testAValidModelLoads() throws {
    XCTAssertNil(try loadError(model(pattern: "[A-Z]+")))
  }

  func testARuleThatDoesNotParseIsALoadError() throws {
    let error = try loadError(model(rule: "garbage((("))
    guard case .invalidModel(let location, let message)? = error else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertEqual(location, "model.entities[0].rules[0].predicate")
    XCTAssertTrue(
      message.hasPrefix("the rule \"garbage(((\" of Tie is not a valid predicate: "), message)
  }

  func testARuleNamingAnUnknownPropertyIsALoadError() throws {
    let error = try loadError(model(rule: "nmae != code"))
    guard case .invalidModel(_, let message)? = error else {
      return XCTFail("\(String(describing: error))")
    }
    XCTAssertTrue(message.contains("of Tie"), message)
    XCTAssertTrue(message.contains("name"), message)
  }

  func testAnInvalidOrExponentialPatternIsALoadError() throws {
    for pattern in ["[a-", "(a|aa)+$"] {
      let error = try loadError(model(pattern: pattern))
      guard case .invalidModel(let location, let message)? = error else {
        return XCTFail("\(String(describing: error))")
      }
      XCTAssertEqual(location, "model.entities[0].attributes[1].pattern")
      XCTAssertTrue(message.hasPrefix("the pattern of Tie.code cannot be used: "), message)
      XCTAssertTrue(message.contains(Value.quoted(pattern)), message)
    }
  }

  func testSalvageLeavesOutTheBadRulesWithANoteAndKeepsTheObjects() throws {
    let plist = try store(with: model(pattern: "(a+){1,100}$", rule: "garbage((("))
    let (graph, skipped) = try StoreSalvage.decode(plist)
    XCTAssertEqual(graph.table("Tie").rows, [[.string("Red"), .string("R")]])
    let tie = graph.model.entity(named: "Tie")
    XCTAssertEqual(tie?.rules, [])
    XCTAssertNil(tie?.attribute(named: "code")?.pattern)
    XCTAssertEqual(
      skipped.map {
        guard case .invalidModel(let location, _) = $0 else { return "" }
        return location
      },
      ["model.entities[0].attributes[1].pattern", "model.entities[0].rules[0].predicate"])
  }
}
