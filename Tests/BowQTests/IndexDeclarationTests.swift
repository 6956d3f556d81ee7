import Foundation
import XCTest

@testable import BowQ

/// Indexes declared in an entity definition (`index searchKey`, `index byRatingName (rating,
/// name)`, `using hash`), implied by `unique`, read from Xcode models and kept in the
/// store's model.
final class IndexDeclarationTests: XCTestCase {
  private static let now = Date(timeIntervalSince1970: 0)

  private func define(_ text: String, in model: Model = Model()) throws -> Entity {
    let statement = try XCTUnwrap(try Parser.parseScript(text).first)
    guard case .entity(let definition) = statement.kind else {
      throw LanguageError(.syntax, "not an entity", at: statement.range)
    }
    return try Binder(model: model, variables: [:], now: Self.now).bind(definition).0
  }

  /// The error defining `text` fails with, as "message @ start-end".
  private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> String
  {
    do {
      let entity = try define(text)
      XCTFail("\(text) defined \(entity)", file: file, line: line)
      return ""
    } catch let error as LanguageError {
      return "\(error.message) @ \(error.range.start)-\(error.range.end)"
    } catch {
      XCTFail("\(text): \(error)", file: file, line: line)
      return ""
    }
  }

  func testDeclaredIndexesAreBoundInOrder() throws {
    let entity = try define(
      """
      entity Tie {
        name: String, searchKey: String, rating: Double, index: Int16
        index searchKey
        index byRatingName (rating desc, name) using hash
        index ordered (index) using ORDERED
      }
      """)
    XCTAssertEqual(entity.attributes.map(\.name), ["name", "searchKey", "rating", "index"])
    XCTAssertEqual(
      entity.indexes,
      [
        IndexDefinition(on: "searchKey"),
        IndexDefinition(
          name: "byRatingName",
          elements: [.init(attribute: "rating", ascending: false), .init(attribute: "name")],
          kind: .hash),
        IndexDefinition(name: "ordered", elements: [.init(attribute: "index")]),
      ])
  }

  func testUniqueImpliesAHashIndexUnlessOneIsDeclared() throws {
    let entity = try define(
      """
      entity Tie {
        id: UUID unique, name: String unique, code: String, color: String
        unique (code, color)
        index byName (name, code)
      }
      """)
    XCTAssertEqual(entity.indexes.map(\.name), ["byName"])
    XCTAssertEqual(
      entity.allIndexes,
      [
        IndexDefinition(
          name: "byName", elements: [.init(attribute: "name"), .init(attribute: "code")]),
        IndexDefinition(name: "unique(id)", elements: [.init(attribute: "id")], kind: .hash),
        IndexDefinition(
          name: "unique(code, color)",
          elements: [.init(attribute: "code"), .init(attribute: "color")],
          kind: .hash),
      ])
  }

  func testIndexErrorsSayWhatAndWhere() {
    XCTAssertEqual(
      error("entity T { name: String\n index nmae }"),
      #"the index nmae names "nmae", which is not an attribute of T. Did you mean "name"? @ 2:8-2:12"#
    )
    XCTAssertEqual(
      error("entity T { name: String, index name, index name (name) }"),
      "T declares the index name twice; give each index its own name (index byRating (rating)) @ 1:44-1:48"
    )
    XCTAssertEqual(
      error("entity T { name: String, owner: T? inverse owner, index byOwner (owner) }"),
      "owner is a relationship; an index holds attribute values, so index an attribute of T @ 1:66-1:71"
    )
    XCTAssertEqual(
      error("entity T { name: String, friends: [T], index friends }"),
      "friends is a relationship; an index holds attribute values, so index an attribute of T @ 1:46-1:53"
    )
    XCTAssertEqual(
      error("entity T { name: String, index n (name, name) }"),
      "the index n names name twice @ 1:41-1:45")
    XCTAssertEqual(
      error("entity T { name: String, index name using hsah }"),
      #"unknown index kind "hsah"; use hash or ordered. Did you mean "hash"? @ 1:43-1:47"#)
  }

  func testIndexSyntaxErrorsArePositioned() {
    XCTAssertThrowsError(try Parser.parseScript("entity T { name: String, index (name) }")) {
      error in
      XCTAssertEqual((error as? LanguageError)?.range.start.description, "1:32")
    }
    XCTAssertThrowsError(try Parser.parseScript("entity T { name: String, index n (name }")) {
      error in
      XCTAssertEqual((error as? LanguageError)?.range.start.description, "1:40")
    }
  }

  // MARK: The store

  func testTheStoreKeepsIndexesAndReadsAModelWithoutThem() throws {
    let tie = try define(
      """
      entity Tie {
        name: String unique, rating: Double
        index rating
        index byRatingName (rating desc, name) using hash
      }
      """)
    var graph = ObjectGraph(model: Model(entities: [tie]))
    graph.insert([.string("Red"), .double(4)], into: "Tie")
    let plist = try StoreCodec.encode(graph)
    XCTAssertEqual(try StoreCodec.decode(plist), graph)

    guard case .dictionary(var root) = plist,
      case .dictionary(var model) = root["model"],
      case .array(var entities) = model["entities"],
      case .dictionary(var entry) = entities[0]
    else { return XCTFail("unexpected layout") }
    XCTAssertEqual(
      entry["indexes"],
      .array([
        ["name": "rating", "kind": "ordered", "attributes": ["rating"]],
        [
          "name": "byRatingName", "kind": "hash", "attributes": ["rating", "name"],
          "descending": ["rating"],
        ],
      ]))
    entry["indexes"] = nil
    entities[0] = .dictionary(entry)
    model["entities"] = .array(entities)
    root["model"] = .dictionary(model)
    let withoutIndexes = try StoreCodec.decode(.dictionary(root))
    XCTAssertEqual(withoutIndexes.model.entities[0].indexes, [])
    XCTAssertEqual(withoutIndexes.table("Tie"), graph.table("Tie"))
  }

  func testADamagedIndexIsALoadErrorSayingWhere() throws {
    let tie = Entity(
      name: "Tie", attributes: [Attribute(name: "name", type: .string)],
      indexes: [IndexDefinition(on: "name")])
    let graph = ObjectGraph(model: Model(entities: [tie]))
    func loadError(_ index: PropertyList) throws -> String {
      guard case .dictionary(var root) = try StoreCodec.encode(graph),
        case .dictionary(var model) = root["model"],
        case .array(var entities) = model["entities"],
        case .dictionary(var entry) = entities[0]
      else { throw XCTSkip("unexpected layout") }
      entry["indexes"] = .array([index])
      entities[0] = .dictionary(entry)
      model["entities"] = .array(entities)
      root["model"] = .dictionary(model)
      do {
        _ = try StoreCodec.decode(.dictionary(root))
        return "loaded"
      } catch {
        return "\(error)"
      }
    }
    XCTAssertTrue(
      try loadError(["name": "n", "kind": "btree", "attributes": ["name"]])
        .contains("model.entities[0].indexes[0].kind"))
    XCTAssertTrue(
      try loadError(["name": "n", "kind": "hash", "attributes": ["nmae"]])
        .contains("model.entities[0].indexes[0].attributes[0]"))
    XCTAssertTrue(
      try loadError(["name": "n", "kind": "hash", "attributes": []])
        .contains("model.entities[0].indexes[0].attributes"))
  }

  // MARK: Xcode models

  func testFetchIndexesAndIndexedAttributesBecomeIndexes() throws {
    let bundle = try makeTemporaryFolder("bowq-index-model")
      .appendingPathComponent("Ties.xcdatamodel")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    try """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
        <entity name="Tie" syncable="YES">
            <attribute name="name" attributeType="String" indexed="YES"/>
            <attribute name="rating" attributeType="Double" defaultValueString="0.0"/>
            <fetchIndex name="byRatingName">
                <fetchIndexElement property="rating" type="Binary" order="descending"/>
                <fetchIndexElement property="name" type="Binary" order="ascending"/>
            </fetchIndex>
            <fetchIndex name="byArea">
                <fetchIndexElement property="rating" type="RTree" order="ascending"/>
            </fetchIndex>
        </entity>
        <entity name="Knot" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="tie" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Tie"/>
            <fetchIndex name="byTie">
                <fetchIndexElement property="tie" type="Binary" order="ascending"/>
            </fetchIndex>
        </entity>
    </model>
    """.write(to: bundle.appendingPathComponent("contents"), atomically: true, encoding: .utf8)

    XCTAssertThrowsError(try XcodeModelReader.read(at: bundle.path)) { error in
      XCTAssertEqual(
        "\(error)",
        "\(bundle.path)/contents:17: entity Knot: fetch index \"byTie\" names the relationship tie; "
          + "an index holds attribute values")
    }
    let contents = bundle.appendingPathComponent("contents")
    let text = try String(contentsOf: contents, encoding: .utf8)
    try text.replacingOccurrences(of: "property=\"tie\"", with: "property=\"name\"")
      .write(to: contents, atomically: true, encoding: .utf8)
    let read = try XcodeModelReader.read(at: bundle.path)
    XCTAssertEqual(
      read.model.entity(named: "Tie")?.indexes,
      [
        IndexDefinition(on: "name"),
        IndexDefinition(
          name: "byRatingName",
          elements: [.init(attribute: "rating", ascending: false), .init(attribute: "name")]),
      ])
    XCTAssertEqual(
      read.model.entity(named: "Knot")?.indexes,
      [IndexDefinition(name: "byTie", elements: [.init(attribute: "name")])])
    XCTAssertEqual(
      read.notes,
      ["Tie: R-tree fetch index \"byArea\" ignored (bowq keeps ordered and hash indexes)"])
  }
}
