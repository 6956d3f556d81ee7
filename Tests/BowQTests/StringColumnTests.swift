import XCTest

@testable import BowQ

final class StringColumnTests: XCTestCase {
  /// More distinct strings than a dictionary holds, some not ASCII, one empty.
  private let strings = (0..<(StringColumn.dictionaryLimit + 40)).map {
    $0 == 7 ? "" : $0 % 5 == 0 ? "Crème Brûlée \($0)" : "tie \($0)"
  }

  private func column(_ strings: [String]) -> StringColumn {
    var column = StringColumn()
    for string in strings { column.append(string) }
    return column
  }

  private func values(_ column: StringColumn) -> [String] {
    (0..<column.count).map { column.string(at: $0) }
  }

  func testAppendedStringsKeepTheirSpansInFourBytesEach() {
    let column = column(strings)
    XCTAssertEqual(column.encoding, .plain)
    XCTAssertTrue(column.hasContiguousSpans)
    XCTAssertEqual(values(column), strings)
    XCTAssertEqual(column.byteCount, strings.reduce(0) { $0 + $1.utf8.count })
    XCTAssertEqual(column.withUTF8(at: 5) { Array($0) }, Array(strings[5].utf8))
  }

  func testAReplacedStringScattersTheSpansAndEveryStringReadsBack() {
    var column = column(strings)
    var expected = strings
    column.set("a longer replacement than before", at: 3)
    expected[3] = "a longer replacement than before"
    XCTAssertFalse(column.hasContiguousSpans)
    XCTAssertEqual(values(column), expected)
    column.append("appended after")
    column.set("", at: 0)
    expected += ["appended after"]
    expected[0] = ""
    XCTAssertEqual(values(column), expected)
    column.set(expected[10], at: 11)
    expected[11] = expected[10]
    XCTAssertTrue(column.holdsSameBytes(at: 10, and: 11))
    XCTAssertFalse(column.holdsSameBytes(at: 10, and: 12))
  }

  func testCompactingAfterManyReplacementsMakesTheSpansContiguousAgain() {
    var column = column(strings)
    var expected = strings
    for round in 0..<40 {
      for position in stride(from: 0, to: expected.count, by: 3) {
        expected[position] =
          "round \(round), string \(position), " + String(repeating: "x", count: 20)
        column.set(expected[position], at: position)
      }
    }
    XCTAssertEqual(values(column), expected)
    XCTAssertLessThan(column.byteCount, 2 * expected.reduce(0) { $0 + $1.utf8.count })
  }

  func testJoiningColumnsKeepsEveryStringWhateverTheirSpans() {
    let (first, second) = (Array(strings.prefix(200)), Array(strings.suffix(from: 200)))
    var joined = column(first)
    joined.append(contentsOf: column(second))
    XCTAssertTrue(joined.hasContiguousSpans)
    XCTAssertEqual(values(joined), strings)

    var scattered = column(second)
    scattered.set("replaced", at: 1)
    var contiguous = column(first)
    contiguous.append(contentsOf: scattered)
    XCTAssertEqual(values(contiguous), first + [second[0], "replaced"] + second.dropFirst(2))

    scattered.append(contentsOf: column(first))
    XCTAssertEqual(values(scattered), [second[0], "replaced"] + second.dropFirst(2) + first)

    var dictionary = column(["a", "b", "a"])
    XCTAssertEqual(dictionary.encoding, .dictionary)
    dictionary.append(contentsOf: column(strings))
    XCTAssertEqual(values(dictionary), ["a", "b", "a"] + strings)
  }

  func testSelectingRowsMakesAContiguousColumnOfThem() {
    var column = column(strings)
    column.set("replaced", at: 4)
    let selected = column.selecting([4, 0, 290, 4])
    XCTAssertFalse(column.hasContiguousSpans)
    XCTAssertTrue(selected.hasContiguousSpans)
    XCTAssertEqual(values(selected), ["replaced", strings[0], strings[290], "replaced"])
  }

  func testAColumnOfBytesHoldsAnyBytes() {
    var column = StringColumn(plainBytes: ())
    let bytes: [[UInt8]] = [[0xFF, 0x00, 0xC3], [], [0x80]]
    for value in bytes { value.withUnsafeBufferPointer { column.append(utf8: $0) } }
    XCTAssertTrue(column.hasContiguousSpans)
    XCTAssertEqual((0..<column.count).map { column.withUTF8(at: $0) { Array($0) } }, bytes)
  }
}
