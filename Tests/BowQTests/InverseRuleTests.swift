import Foundation
import XCTest

@testable import BowQ

/// Core Data's rule for a pair of inverses (``InverseFault``), written once in the model and
/// applied alike by every reader of a model: entity definitions, the store's model and Xcode
/// models. A one-sided pair (`Person.ties` names `Tie.owner`, which names no inverse) was
/// refused by the Xcode reader alone; the others took it, and setting `owner` then left
/// `ties` stale.
final class InverseRuleTests: XCTestCase {
  /// Person.ties ⇄ Tie.owner, with `owner` naming `ownerInverse` as its inverse.
  static func pair(ownerInverse: String?) -> Model {
    Model(entities: [
      Entity(
        name: "Person", attributes: [Attribute(name: "name", type: .string)],
        relationships: [
          Relationship(name: "ties", destination: "Tie", isToMany: true, inverse: "owner")
        ]),
      Entity(
        name: "Tie", attributes: [Attribute(name: "name", type: .string)],
        relationships: [
          Relationship(
            name: "owner", destination: "Person", isToMany: false, inverse: ownerInverse)
        ]),
    ])
  }

  /// The pair with `owner` naming no inverse.
  static let oneSided = pair(ownerInverse: nil)

  func testTheRuleJudgesEachSideOfAPair() throws {
    let model = Self.oneSided
    let ties = try XCTUnwrap(model.entity(named: "Person")?.relationship(named: "ties"))
    let owner = try XCTUnwrap(model.entity(named: "Tie")?.relationship(named: "owner"))
    XCTAssertEqual(model.inverseFault(of: ties, in: "Person"), .oneSided(owner))
    XCTAssertNil(model.inverseFault(of: owner, in: "Tie"), "owner names no inverse to judge")
    var mutual = owner
    mutual.inverse = "ties"
    XCTAssertNil(ties.inverseFault(mutual, pointsBack: { $0 == "Person" }))
    mutual.inverse = "other"
    XCTAssertEqual(ties.inverseFault(mutual, pointsBack: { $0 == "Person" }), .namesAnother(mutual))
    XCTAssertEqual(
      ties.inverseFault(mutual, pointsBack: { $0 == "Shop" }), .pointsElsewhere(mutual))
    XCTAssertEqual(ties.inverseFault(nil, pointsBack: { _ in true }), .missing)
  }

  func testEntityDefinitionsRefuseAOneSidedPairInEitherOrder() throws {
    for script in [
      "entity Person { ties: [Tie] inverse owner }\nentity Tie { owner: Person? }",
      "entity Tie { owner: Person? }\nentity Person { ties: [Tie] inverse owner }",
      "entity Tie { owner: Person? inverse ties }\nentity Person { ties: [Tie] }",
    ] {
      let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
      XCTAssertThrowsError(try interpreter.run(script), script) { error in
        XCTAssertTrue(
          (error as? LanguageError)?.message.contains("names no inverse") == true, "\(error)")
      }
    }
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    XCTAssertThrowsError(
      try interpreter.run(
        "entity Person { ties: [Tie] inverse owner }\nentity Tie { owner: Person? }")
    ) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.message,
        "Person.ties names Tie.owner as its inverse, but Tie.owner names no inverse: give it "
          + "`inverse ties` too, so that the two are each other's inverse")
    }
  }

  /// A store is neither written with a one-sided pair nor read with one.
  func testAStoreWhoseModelHasAOneSidedPairIsRefused() throws {
    let expected =
      "model.entities[0].relationships[0].inverse: Tie.owner names no inverse, so it cannot "
      + "be the inverse of Person.ties: the two must be each other's inverse"
    XCTAssertThrowsError(try StoreCodec.encode(ObjectGraph(model: Self.oneSided))) { error in
      XCTAssertEqual("\(error)", expected)
    }
    let mutual = ObjectGraph(model: Self.pair(ownerInverse: "ties"))
    guard case .dictionary(var root) = try StoreCodec.encode(mutual),
      case .dictionary(var model) = root["model"], case .array(var entities) = model["entities"],
      case .dictionary(var entry) = entities[1],
      case .array(var relationships) = entry["relationships"],
      case .dictionary(var owner) = relationships[0]
    else { return XCTFail("not a store") }
    owner["inverse"] = nil
    relationships[0] = .dictionary(owner)
    entry["relationships"] = .array(relationships)
    entities[1] = .dictionary(entry)
    model["entities"] = .array(entities)
    root["model"] = .dictionary(model)
    XCTAssertThrowsError(try StoreCodec.decode(.dictionary(root))) { error in
      XCTAssertEqual("\(error)", expected)
    }
  }

  func testAnXcodeModelWithAOneSidedPairIsRefusedAsBefore() throws {
    let folder = try makeTemporaryFolder("bowq-inverse-rule")
    let contents = folder.appendingPathComponent("M.xcdatamodeld/M.xcdatamodel/contents")
    try FileManager.default.createDirectory(
      at: contents.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
          <entity name="Person">
              <relationship name="ties" toMany="YES" destinationEntity="Tie" inverseName="owner"/>
          </entity>
          <entity name="Tie">
              <relationship name="owner" maxCount="1" destinationEntity="Person"/>
          </entity>
      </model>
      """.utf8
    ).write(to: contents)
    XCTAssertThrowsError(
      try XcodeModelReader.read(at: folder.appendingPathComponent("M.xcdatamodeld").path)
    ) { error in
      XCTAssertTrue(
        "\(error)".hasSuffix(
          "Person.ties: its inverse Tie.owner has no inverse; set its inverse to ties as well"),
        "\(error)")
    }
  }
}
