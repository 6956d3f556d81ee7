import XCTest

@testable import BowQ

/// Validation errors about many objects stay short: a uniqueness conflict or a denied
/// delete names a few of the other objects and counts the rest, and a save that fails for
/// thousands of objects lists a few errors and counts the rest by code.
final class ValidationSummaryTests: XCTestCase {
  func testTenThousandHoldersOfOneUniqueValueGiveAFewKilobytes() throws {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "Tie",
        attributes: [
          Attribute(name: "name", type: .string),
          Attribute(name: "id", type: .int64, isUnique: true),
        ]))
    let ids = (0..<10_000).map { graph.insert([.string("Tie \($0)"), .int(7)], into: "Tie") }
    let errors = try Validator.validate(ids, in: graph)
    XCTAssertEqual(errors.count, 10_000)
    XCTAssertEqual(Set(errors.map(\.code)), [.constraintMerge])
    XCTAssertTrue(errors[0].rule.hasSuffix("Tie/p11 and 9,989 more"), errors[0].rule)
    XCTAssertLessThan(errors.map(\.description.utf8.count).max() ?? 0, 400)
    let text = SaveError(errors: errors).description
    XCTAssertLessThan(text.utf8.count, 8_000)
    XCTAssertTrue(
      text.hasSuffix(
        "  … and 9,980 more: 9,980 × 133021 NSManagedObjectConstraintMergeError"), text)
  }

  func testADeniedDeleteOfAHundredThousandMembersNamesAFew() throws {
    var graph = ObjectGraph()
    try graph.define(Entity(name: "Tie", attributes: [Attribute(name: "name", type: .string)]))
    let ties = (0..<100_000).map { graph.insert([.string("Tie \($0)")], into: "Tie") }
    let owner = ObjectID(entity: "Person", key: 1)
    let errors = try Validator.validate(
      [], in: graph,
      denied: [DeniedDeletion(object: owner, relationship: "ties", destinations: ties)])
    XCTAssertEqual(errors.map(\.code), [.deniedDelete])
    XCTAssertTrue(errors[0].rule.hasSuffix("Tie/p10 and 99,990 more"), errors[0].rule)
    XCTAssertLessThan(errors[0].description.utf8.count, 500)
    XCTAssertTrue(errors[0].description.contains("Tie/p10, … 99,990 more}"))
  }

  func testALongValueIsCutShortInTheMessage() {
    let error = ValidationError(
      code: .stringTooLong, object: ObjectID(entity: "Tie", key: 1),
      objectLabel: String(repeating: "n", count: 5_000), key: "name",
      value: .string(String(repeating: "n", count: 5_000)), rule: "maximum length 10")
    XCTAssertLessThan(error.description.utf8.count, 400)
    XCTAssertTrue(error.description.contains("… (5,000 characters)"), error.description)
  }

  func testCountsAreGroupedByThousands() {
    XCTAssertEqual(
      [0, 999, 1_000, 99_990, 1_234_567, -1_000].map(DigitGrouping.format),
      ["0", "999", "1,000", "99,990", "1,234,567", "-1,000"])
  }
}
