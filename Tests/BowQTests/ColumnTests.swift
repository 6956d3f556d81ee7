import Foundation
import XCTest

@testable import BowQ

final class ColumnTests: XCTestCase {
  private func column(_ values: [Value]) -> Column {
    var column = Column()
    for value in values { column.append(value) }
    return column
  }

  private func assertReadsBack(
    _ column: Column, _ values: [Value], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(column.count, values.count, file: file, line: line)
    XCTAssertEqual(
      (0..<column.count).map(column.value(at:)), values, file: file, line: line)
  }

  func testTypedFormsKeepValuesAndNils() {
    let date = Date(timeIntervalSinceReferenceDate: 12.5)
    let cases: [([Value], ColumnKind)] = [
      ([.null, .int(3), .null, .int(Int64.min)], .integers),
      ([.double(1.5), .null, .double(-0.0)], .reals),
      ([.bool(true), .bool(false), .null], .booleans),
      ([.date(date), .null], .dates),
      ([.null, .string("Crème"), .string("")], .strings),
      ([.uuid(UUID()), .null], .values),
      ([.null, .null], .nulls),
    ]
    for (values, kind) in cases {
      let built = column(values)
      XCTAssertEqual(built.kind, kind, "\(values)")
      assertReadsBack(built, values)
    }
  }

  func testANilEarlyIsStillReadAfterManyValues() {
    let values: [Value] = [.null] + (1...200).map { .int(Int64($0)) } + [.null]
    var built = column(values)
    assertReadsBack(built, values)
    built.set(.null, at: 150)
    XCTAssertEqual(built.value(at: 150), .null)
    XCTAssertEqual(built.selecting([150, 199, 201]).nullCount, 2)
  }

  func testAValueThatDoesNotFitTurnsTheColumnIntoValues() {
    var built = column([.int(1), .null, .int(2)])
    built.append(.double(2))
    built.set(.string("x"), at: 0)
    XCTAssertEqual(built.kind, .values)
    assertReadsBack(built, [.string("x"), .null, .int(2), .double(2)])
  }

  func testUpdatesMoveNilsBothWays() {
    var built = column([.int(1), .null, .int(3)])
    built.set(.null, at: 0)
    built.set(.int(7), at: 1)
    assertReadsBack(built, [.null, .int(7), .int(3)])
    XCTAssertEqual(built.nullCount, 1)
  }

  func testFewDistinctStringsStayInADictionaryAndManyTurnPlain() {
    let keys = (0..<1000).map { Value.string(["R", "G", "B"][$0 % 3]) }
    let few = column(keys)
    XCTAssertEqual(few.strings.encoding, .dictionary)
    assertReadsBack(few, keys)
    let names = (0..<300).map { Value.string("Tie \($0) é") }
    let many = column(names)
    XCTAssertEqual(many.strings.encoding, .plain)
    assertReadsBack(many, names)
  }

  func testStringsThatSwiftCallsEqualKeepTheirOwnBytes() {
    let composed = Value.string("\u{E9}")
    let decomposed = Value.string("e\u{301}")
    let built = column([composed, decomposed])
    XCTAssertEqual(built.value(at: 0).stringValue?.utf8.count, 2)
    XCTAssertEqual(built.value(at: 1).stringValue?.utf8.count, 3)
  }

  /// Two rows of one column compare as their values do, whatever the column's form: a
  /// dictionary by code, plain strings by bytes, and strings of different bytes that Swift
  /// calls equal as equal.
  func testTwoRowsOfAColumnCompareAsTheirValues() {
    let strings: [Value] = [
      .string("\u{E9}"), .string("e\u{301}"), .string("f"), .null, .string("f"),
    ]
    let forms = [
      column(strings), column(strings + (0..<300).map { .string("name \($0)") }),
      column([.int(1), .int(2), .int(1), .null, .null]), column([.double(1), .null, .double(1)]),
    ]
    XCTAssertEqual(forms.map(\.kind), [.strings, .strings, .integers, .reals])
    XCTAssertEqual(forms.prefix(2).map(\.strings.encoding), [.dictionary, .plain])
    for form in forms {
      for a in 0..<min(form.count, 5) {
        for b in 0..<min(form.count, 5) {
          XCTAssertEqual(
            form.holdsSameValue(at: a, and: b), form.value(at: a) == form.value(at: b),
            "\(form.value(at: a)) and \(form.value(at: b))")
        }
      }
    }
  }

  func testReplacedStringsAreCompacted() {
    var built = column((0..<300).map { .string("name \($0)") })
    for round in 0..<50 {
      for position in 0..<300 { built.set(.string("round \(round) \(position)"), at: position) }
    }
    assertReadsBack(built, (0..<300).map { .string("round 49 \($0)") })
    XCTAssertLessThan(built.strings.bytes.count, 300 * 20 * 3)
  }

  func testSelectingKeepsFormAndNils() {
    let built = column([.double(1), .null, .double(3), .double(4)])
    let picked = built.selecting([3, 1, 0])
    XCTAssertEqual(picked.kind, .reals)
    assertReadsBack(picked, [.double(4), .null, .double(1)])
  }

  func testTablesOfDifferentFormsButEqualValuesAreEqual() {
    var typed = EntityTable()
    typed.insert([.int(1), .string("a")])
    var boxed = EntityTable()
    boxed.insert([.double(0), .string("a")])
    boxed.update(key: 1, attribute: 0, to: .int(1))
    XCTAssertEqual(typed, boxed)
    boxed.update(key: 1, attribute: 1, to: .string("b"))
    XCTAssertNotEqual(typed, boxed)
  }

  func testAppendingAColumnIsAppendingItsValuesOneByOne() throws {
    let date = Date(timeIntervalSinceReferenceDate: 12.5)
    let red = Value.color(Color(red: 255, green: 0, blue: 0))
    let many = (0..<300).map { Value.string("tie \($0)") }
    let parts: [[Value]] = [
      [], [.null, .null], [.int(1), .null, .int(3)], [.double(1.5), .null], [.bool(true), .null],
      [.date(date), .null], [.string("a"), .null, .string("b")], many, many + [.null],
      [.uuid(UUID()), .null], [.int(7), .string("x")], [red, .null],
      [.uri(try XCTUnwrap(URI("https://example.com/a"))), .null],
    ]
    var readColumns: [Column] = []
    for part in parts {
      // The same values read from a file, as the store's decoder builds them.
      let form: ColumnKind =
        switch part.first(where: { !$0.isNull }) {
        case .int?: .integers
        case .double?: .reals
        case .bool?: .booleans
        case .date?: .dates
        case .string?: .strings
        case .color?: .colors
        case .uri?: .uris
        default: .values
        }
      var builder = ColumnBuilder(form)
      for value in part { builder.append(value) }
      readColumns.append(builder.column())
    }
    let appended = parts.map(column) + readColumns
    for first in appended {
      for second in appended {
        var whole = first
        try whole.append(contentsOf: second)
        var oneByOne = first
        for position in 0..<second.count { oneByOne.append(second.value(at: position)) }
        assertReadsBack(whole, (0..<oneByOne.count).map(oneByOne.value(at:)))
        XCTAssertEqual(whole.nullCount, oneByOne.nullCount)
        XCTAssertTrue(whole.holdsSameValues(as: oneByOne))
      }
    }
  }
}
