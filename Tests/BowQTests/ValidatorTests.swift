import XCTest

@testable import BowQ

/// Validation at save, with Core Data's codes.
final class ValidatorTests: XCTestCase {
  func validate(_ attribute: Attribute, _ value: Value) -> ValidationError.Code? {
    Validator.check(value, against: attribute)?.0
  }

  func testRequiredAttributes() throws {
    XCTAssertEqual(
      validate(Attribute(name: "name", type: .string), .null), .missingMandatoryProperty)
    XCTAssertNil(validate(Attribute(name: "name", type: .string, isOptional: true), .null))
  }

  func testNumberBoundsAreInclusive() throws {
    let rating = Attribute(name: "rating", type: .double, minimum: .double(0), maximum: .double(5))
    XCTAssertNil(validate(rating, .double(5)))
    XCTAssertNil(validate(rating, .double(0)))
    XCTAssertEqual(validate(rating, .double(5.01)), .numberTooLarge)
    XCTAssertEqual(validate(rating, .double(-1)), .numberTooSmall)
    XCTAssertEqual(ValidationError.Code.numberTooLarge.rawValue, 1610)
    XCTAssertEqual(ValidationError.Code.numberTooSmall.rawValue, 1620)
  }

  func testDateBounds() throws {
    let day = Attribute(
      name: "day", type: .date, minimum: .date(Date(timeIntervalSinceReferenceDate: 0)),
      maximum: .date(Date(timeIntervalSinceReferenceDate: 100)))
    XCTAssertEqual(validate(day, .date(Date(timeIntervalSinceReferenceDate: 101))), .dateTooLate)
    XCTAssertEqual(validate(day, .date(Date(timeIntervalSinceReferenceDate: -1))), .dateTooSoon)
  }

  func testStringLengthsCountCharactersAndPatternsMatchWholly() throws {
    let key = Attribute(name: "key", type: .string, minLength: 1, maxLength: 2, pattern: "[A-Z]+")
    XCTAssertNil(validate(key, .string("AB")))
    XCTAssertEqual(validate(key, .string("")), .stringTooShort)
    XCTAssertEqual(validate(key, .string("ABC")), .stringTooLong)
    XCTAssertEqual(
      validate(key, .string("Ab")), .stringPatternMatching, "MATCHES-style: the whole string")
    let emoji = Attribute(name: "e", type: .string, maxLength: 1)
    XCTAssertNil(validate(emoji, .string("👍🏽")), "one character, however many code units")
  }

  func testEveryBrokenRuleIsReportedWithTheObjectAndValue() throws {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "Tie",
        attributes: [
          Attribute(name: "name", type: .string),
          Attribute(name: "rating", type: .double, maximum: .double(5)),
          Attribute(name: "id", type: .int64, isUnique: true),
        ]))
    let a = graph.insert([.string("A"), .double(7), .int(1)], into: "Tie")
    let b = graph.insert([.null, .double(1), .int(1)], into: "Tie")
    let errors = try Validator.validate([a, b], in: graph)
    XCTAssertEqual(
      errors.map(\.code),
      [.numberTooLarge, .missingMandatoryProperty, .constraintMerge, .constraintMerge])
    XCTAssertEqual(errors[0].object, a)
    XCTAssertEqual(errors[0].value, .double(7))
    XCTAssertEqual(
      errors[0].description,
      "Tie/p1 \"A\": rating is too large. (value 7, maximum 5; Core Data error 1610 NSValidationNumberTooLargeError)"
    )
    XCTAssertTrue(
      SaveError(errors: errors).description.hasPrefix(
        "Multiple validation errors occurred (Core Data error 1560"))
  }

  func testUniquenessIgnoresNilAndUnchangedPairs() throws {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "T",
        attributes: [Attribute(name: "id", type: .int64, isOptional: true, isUnique: true)]))
    let a = graph.insert([.null], into: "T")
    let b = graph.insert([.null], into: "T")
    XCTAssertEqual(try Validator.validate([a, b], in: graph), [])
  }

  func testARuleThatDoesNotParseSaysSoInsteadOfItsMessage() throws {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "Tie", attributes: [Attribute(name: "name", type: .string)],
        rules: [EntityRule(predicate: "garbage (((", message: "rule garbage (((")]))
    let tie = graph.insert([.string("Red")], into: "Tie")
    let errors = try Validator.validate([tie], in: graph)
    XCTAssertEqual(errors.map(\.code), [.generic])
    XCTAssertTrue(
      errors[0].message.hasPrefix("The rule could not be checked: its predicate is not valid: "),
      errors[0].message)
  }
  func testUniquenessComparesChangedObjectsWithEveryObject() throws {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "T",
        attributes: [
          Attribute(name: "name", type: .string),
          Attribute(name: "id", type: .int64, isOptional: true, isUnique: true),
        ]))
    let a = graph.insert([.string("A"), .int(1)], into: "T")
    let b = graph.insert([.string("B"), .int(1)], into: "T")
    let c = graph.insert([.string("C"), .int(2)], into: "T")
    let d = graph.insert([.string("D"), .int(2)], into: "T")
    let changed = try Validator.validate([a, c], in: graph)
    XCTAssertEqual(changed.map(\.object), [a, c], "each changed object meets the unchanged one")
    XCTAssertEqual(changed.map(\.rule), ["also held by T/p2", "also held by T/p4"])
    XCTAssertEqual(try Validator.validate([a, a, c, d], in: graph).map(\.object), [a, a, c, d])
    let e = graph.insert([.string("E"), .int(3)], into: "T")
    XCTAssertEqual(
      try Validator.validate([a, b, c, e, e], in: graph).map(\.object), [a, b, c],
      "an object listed twice does not share its value with itself")
  }

  /// A graph of `T` objects with a unique UUID `id` each, and their IDs.
  private func objects(withUUIDs uuids: [UUID?]) throws -> (ObjectGraph, [ObjectID]) {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "T",
        attributes: [Attribute(name: "id", type: .uuid, isOptional: true, isUnique: true)]
      ))
    let ids = uuids.map { graph.insert([$0.map(Value.uuid) ?? .null], into: "T") }
    return (graph, ids)
  }

  /// A UUID whose first eight bytes are `leading` and last eight `trailing`.
  private func uuid(_ leading: UInt8, _ trailing: UInt8) -> UUID {
    UUID(
      uuid: (
        leading, leading, leading, leading, leading, leading, leading, leading,
        trailing, trailing, trailing, trailing, trailing, trailing, trailing, trailing
      ))
  }

  func testDistinctUUIDsOfEveryChangedObjectBreakNoUniqueness() throws {
    let (graph, ids) = try objects(withUUIDs: (1...200).map { uuid(UInt8($0), 0) } + [nil, nil])
    XCTAssertTrue(try Validator.holdsDistinctUUIDs(graph.table("T").column(0), count: 202))
    XCTAssertEqual(try Validator.validate(ids, in: graph), [])
  }

  func testUUIDsSharedAmongManyChangedObjectsAreFoundAsOneByOne() throws {
    let uuids = (1...200).map { uuid(UInt8($0), 0) } + [uuid(7, 0)]
    let (graph, ids) = try objects(withUUIDs: uuids)
    XCTAssertFalse(try Validator.holdsDistinctUUIDs(graph.table("T").column(0), count: 201))
    let all = try Validator.validate(ids, in: graph)
    XCTAssertEqual(all.map(\.object), [ids[6], ids[200]])
    XCTAssertEqual(all.map(\.rule), ["also held by T/p201", "also held by T/p7"])
    XCTAssertEqual(
      all, try Validator.validate([ids[6], ids[200]], in: graph),
      "the same errors as for only the two objects that share the UUID")
  }

  func testUUIDsAlikeInTheirFirstBytesAreToldApartInFull() throws {
    let uuids = (0...100).map { uuid(UInt8($0 / 2), UInt8($0 % 2)) }
    let (graph, ids) = try objects(withUUIDs: uuids)
    XCTAssertFalse(try Validator.holdsDistinctUUIDs(graph.table("T").column(0), count: 101))
    XCTAssertEqual(try Validator.validate(ids, in: graph), [])
  }

  func testAStringWithNoRuleButBeingRequiredIsCheckedForNil() throws {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "T",
        attributes: [
          Attribute(name: "name", type: .string), Attribute(name: "note", type: .string),
        ]))
    let named = graph.insert([.string("A"), .string("x")], into: "T")
    let unnamed = graph.insert([.null, .string("y")], into: "T")
    let errors = try Validator.validate([named, unnamed], in: graph)
    XCTAssertEqual(errors.map(\.code), [.missingMandatoryProperty])
    XCTAssertEqual(errors.map(\.object), [unnamed])
    XCTAssertEqual(errors.first?.objectLabel, "y")
  }
  /// An attribute with no rule but being required is checked for nil from its column, in
  /// every kind of column, without its value being read; a `Double` is read, since NaN
  /// breaks every rule.
  func testAttributesWithNoRuleAreCheckedForNilInEveryKindOfColumn() throws {
    let present: [(AttributeType, Value)] = [
      (.string, .string("a")), (.int64, .int(3)), (.bool, .bool(true)),
      (.date, .date(Date(timeIntervalSinceReferenceDate: 9))), (.binary, .data(Data([1, 2]))),
      (.uuid, .uuid(UUID())), (.uri, .uri(try XCTUnwrap(URI("https://example.com/")))),
      (
        .transformable(try XCTUnwrap(ValueTransformerName(rawValue: "Color"))),
        .color(Color(red: 1, green: 2, blue: 3))
      ),
      (.double, .double(.nan)),
    ]
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "T",
        attributes: present.enumerated().map { Attribute(name: "a\($0)", type: $1.0) }))
    let full = graph.insert(present.map(\.1), into: "T")
    let empty = graph.insert(present.map { _ in .null }, into: "T")
    // Read back from a store, as the decoder makes each kind of column.
    graph = try StoreCodec.decodeData(StoreEncoder.encode(graph, keepingValuesApart: false).data)
    let table = graph.table("T")
    XCTAssertEqual(
      (0..<present.count).map { table.column($0).kind },
      [.strings, .integers, .booleans, .dates, .data, .values, .uris, .colors, .reals])
    let errors = try Validator.validate([full, empty], in: graph)
    XCTAssertEqual(errors.map(\.object), [full] + Array(repeating: empty, count: present.count))
    XCTAssertEqual(
      errors.map(\.code),
      [.generic] + Array(repeating: .missingMandatoryProperty, count: present.count))
    XCTAssertEqual(errors.map(\.key), ["a8"] + present.indices.map { "a\($0)" })
  }

  func testRealsWithinExactBoundsAreCheckedAsEachValueIs() throws {
    let large = Int64(1) << 53 + 1
    let bounds: [(Value?, Value?)] = [
      (.double(0), .double(5)), (.int(0), .int(5)), (nil, nil), (nil, .double(-0.0)),
      (.int(-large), .int(large)), (.double(.infinity), nil), (.double(3), .double(1)),
      (.decimal(Decimal(1)), .int(4)),
    ]
    let values: [Value] = [
      .double(0), .double(-0.0), .double(5), .double(5.000_001), .double(-1e-300), .double(.nan),
      .double(.infinity), .double(-.infinity), .null, .double(Double(large - 1)),
      .double(Double(large) + 2), .double(2), .double(3),
    ]
    for (minimum, maximum) in bounds {
      for isOptional in [false, true] {
        let attribute = Attribute(
          name: "r", type: .double, isOptional: isOptional, minimum: minimum, maximum: maximum)
        var graph = ObjectGraph()
        try graph.define(Entity(name: "T", attributes: [attribute]))
        let ids = values.map { graph.insert([$0], into: "T") }
        XCTAssertEqual(graph.table("T").column(0).kind, .reals)
        let errors = try Validator.validate(ids, in: graph)
        let expected = values.enumerated().compactMap { position, value in
          Validator.check(value, against: attribute).map { (ids[position], $0.code, $0.rule) }
        }
        XCTAssertEqual(errors.map(\.object), expected.map(\.0), "\(attribute)")
        XCTAssertEqual(errors.map(\.code), expected.map(\.1), "\(attribute)")
        XCTAssertEqual(errors.map(\.rule), expected.map(\.2), "\(attribute)")
      }
    }
  }

  func testEachObjectsErrorsComeTogetherAttributesThenRules() throws {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "Tie",
        attributes: [
          Attribute(name: "name", type: .string),
          Attribute(name: "rating", type: .double, maximum: .double(5)),
        ],
        rules: [EntityRule(predicate: "name != 'Bad'", message: "no bad names")]))
    let a = graph.insert([.string("Bad"), .double(9)], into: "Tie")
    let b = graph.insert([.string("Good"), .double(8)], into: "Tie")
    let errors = try Validator.validate([a, b], in: graph)
    XCTAssertEqual(errors.map(\.object), [a, a, b])
    XCTAssertEqual(errors.map(\.code), [.numberTooLarge, .generic, .numberTooLarge])
  }
}
