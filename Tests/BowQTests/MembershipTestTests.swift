import Foundation
import XCTest

@testable import BowQ

/// `IN` over a long constant collection is hashed; it answers exactly as comparing with
/// every element does, for values of every kind and each string option.
final class MembershipTestTests: XCTestCase {
  private static let pool: [Value] = [
    .null, .bool(true), .bool(false), .int(0), .int(1), .int(3), .int(Int64.max),
    .double(1), .double(3.0), .double(2.5), .double(.nan), .decimal(3),
    .decimal(Decimal(string: "2.5")!),
    .string("blue"), .string("Blue"), .string("bleu"), .string("blué"), .string("é"),
    .string("e\u{301}"), .string(""), .date(Date(timeIntervalSince1970: 0)),
    .date(Date(timeIntervalSince1970: 1)),
    .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))),
    .object(ObjectID(entity: "Tie", key: 1)), .object(ObjectID(entity: "Tie", key: 2)),
    .object(ObjectID(entity: "Hat", key: 1)), .collection([.int(1), .string("a")]),
    .collection([.double(1), .string("A")]), .data(Data([1, 2])),
  ]

  func testHashedMembershipAnswersAsComparingEveryElement() throws {
    var random = SplitMix64(seed: 7)
    let optionSets: [StringOptions] = [
      [], .caseInsensitive, .diacriticInsensitive,
      [.caseInsensitive, .diacriticInsensitive],
    ]
    for _ in 0..<300 {
      let count = random.int(in: MembershipTest.listedElements + 1...40)
      let elements = (0..<count).map { _ in Self.pool[random.int(in: 0...Self.pool.count - 1)] }
      for options in optionSets {
        let hashed = ComparisonTests.prepare(
          .in, options: options, rhs: .collection(elements), range: .nowhere)
        for value in Self.pool {
          let expected = elements.contains { ValueComparison.equal(value, $0, options: options) }
          XCTAssertEqual(
            try hashed(value), expected, "\(value) IN \(elements) with \(options.letters)")
        }
      }
    }
  }

  func testAmongThousandsOfObjectIDsTheRightOneIsFound() throws {
    let ids = (1...5_000).map { Value.object(ObjectID(entity: "Tie", key: Int64($0))) }
    let test = MembershipTest(ids, options: [])
    XCTAssertTrue(test.contains(.object(ObjectID(entity: "Tie", key: 4_321))))
    XCTAssertFalse(test.contains(.object(ObjectID(entity: "Tie", key: 5_001))))
    XCTAssertFalse(test.contains(.object(ObjectID(entity: "Hat", key: 1))))
  }
}
