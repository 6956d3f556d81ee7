import Foundation
import XCTest

@testable import BowQ

/// Fetching objects as Swift value types: a field a property of its name, the mapping
/// checked against the model at first use, every misfit naming its field.
final class ObjectMappingTests: XCTestCase {
  struct Tie: Decodable, Equatable {
    var name: String
    var rating: Int16
    var lastWorn: Date?
    var owner: ObjectID?
  }

  struct Owner: Decodable {
    var name: String
    var ties: [ObjectID]
  }

  private func context() throws -> ObjectContext {
    let context = try ObjectContainer(inMemoryWithModel: ObjectContextTests.model).newContext()
    let ann = try context.insert("Owner", ["name": "Ann"])
    try context.insert("Tie", ["name": "Blue", "rating": 4, "owner": ann])
    try context.insert(
      "Tie", ["name": "Red", "rating": 2, "lastWorn": Date(timeIntervalSince1970: 0)])
    return context
  }

  func testObjectsDecodeAsValueTypes() throws {
    let context = try context()
    let liked = try context.fetch(Tie.self, where: "rating > %@", 3)
    XCTAssertEqual(liked.map(\.name), ["Blue"])
    XCTAssertEqual(liked.first?.owner?.entity, "Owner")
    let red = try context.fetch(Tie.self, where: "name == %@", "Red")
    XCTAssertEqual(red.first?.lastWorn, Date(timeIntervalSince1970: 0))
    XCTAssertNil(red.first?.owner)
    let owners = try context.fetch(Owner.self, ObjectFetchRequest(entityName: "Owner"))
    XCTAssertEqual(owners.first?.ties.count, 1)
  }

  func testAFieldThatDoesNotFitIsNamedEvenWhenNothingIsFound() throws {
    struct Misspelt: Decodable { var ratin: Int16 }
    struct Narrow: Decodable { var name: Int }
    let context = try context()
    let request = ObjectFetchRequest(
      entityName: "Tie", predicate: try FormatPredicate(format: "rating > 99"))
    XCTAssertThrowsError(try context.fetch(Misspelt.self, request)) {
      let error = $0 as? ObjectMappingError
      XCTAssertEqual(error?.field, "ratin")
      XCTAssertTrue(error?.reason.contains("Did you mean \"rating\"?") == true, "\($0)")
    }
    XCTAssertThrowsError(try context.fetch(Narrow.self, request)) {
      let error = $0 as? ObjectMappingError
      XCTAssertEqual(error?.field, "name")
      XCTAssertEqual(
        error?.description,
        "Narrow.name does not fit Tie: name holds a string, which Int cannot take"
      )
    }
  }

  func testValueTypesInsertAsObjects() throws {
    struct NewTie: Encodable {
      var name: String
      var rating: Int16
      var lastWorn: Date?
      var owner: ObjectID?
    }
    let context = try context()
    let owner = try XCTUnwrap(context.fetch(ObjectFetchRequest(entityName: "Owner")).first).id
    let inserted = try context.insert(
      NewTie(name: "Navy", rating: 3, lastWorn: nil, owner: owner), into: "Tie")
    XCTAssertEqual(inserted.rating, .int(3))
    XCTAssertEqual(inserted.objectIDs("owner"), [owner])
    XCTAssertEqual(
      try context.fetch(Tie.self, where: "name == %@", "Navy").first,
      Tie(name: "Navy", rating: 3, lastWorn: nil, owner: owner))

    struct Nested: Encodable {
      struct Shade: Encodable { var hue: Int }
      var name: String
      var shade: Shade
    }
    XCTAssertThrowsError(try context.insert(Nested(name: "Odd", shade: .init(hue: 1)), into: "Tie"))
    {
      let error = $0 as? ObjectMappingError
      XCTAssertEqual(error?.field, "shade")
      XCTAssertEqual(error?.entity, "Tie")
    }
    XCTAssertEqual(try context.count(for: ObjectFetchRequest(entityName: "Tie")), 3)
  }

  func testAMissingValueOrAValueTooLargeNamesTheObjectAndField() throws {
    struct Worn: Decodable { var lastWorn: Date }
    struct Small: Decodable { var rating: Int8 }
    let context = try context()
    XCTAssertThrowsError(try context.fetch(Worn.self, ObjectFetchRequest(entityName: "Tie"))) {
      let error = $0 as? ObjectMappingError
      XCTAssertEqual(error?.field, "lastWorn")
      XCTAssertTrue(error?.reason.contains("Tie/p1 has no value for lastWorn") == true, "\($0)")
    }
    try context.update(
      try XCTUnwrap(context.fetch(ObjectFetchRequest(entityName: "Tie")).first), ["rating": 5])
    XCTAssertEqual(
      try context.fetch(Small.self, ObjectFetchRequest(entityName: "Tie")).map(\.rating), [5, 2])
  }
}
