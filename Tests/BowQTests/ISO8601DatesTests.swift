import Foundation
import XCTest

@testable import BowQ

/// ISO 8601 dates on the proleptic Gregorian calendar, years 1 to 9999: exact before 1582
/// and at year 1, invalid fields refused, dates outside the years refused where they are
/// made, and hostile text ending in a date or a clear error.
final class ISO8601DatesTests: XCTestCase {
  /// Seconds from 2001-01-01 to the start of a day, counted by walking whole years and
  /// months: an oracle that shares nothing with the implementation's arithmetic.
  private func oracleSeconds(year: Int, month: Int, day: Int) -> Double {
    func isLeap(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }
    let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    var days = 0
    if year >= 2001 {
      for y in 2001..<year { days += isLeap(y) ? 366 : 365 }
    } else {
      for y in year..<2001 { days -= isLeap(y) ? 366 : 365 }
    }
    for m in 1..<month { days += lengths[m - 1] + (m == 2 && isLeap(year) ? 1 : 0) }
    return Double(days + day - 1) * 86_400
  }

  private func parseError(_ text: String) -> String {
    do {
      let date = try ISO8601Dates.parse(text)
      return "parsed \(ISO8601Dates.format(date))"
    } catch {
      return error.message(for: Value.quoted(text))
    }
  }

  func testTheCalendarIsProlepticGregorian() throws {
    let beforeGregory = try ISO8601Dates.parse("1582-10-10T00:00:00Z")
    XCTAssertEqual(ISO8601Dates.format(beforeGregory), "1582-10-10T00:00:00Z")
    XCTAssertEqual(
      beforeGregory.timeIntervalSinceReferenceDate, oracleSeconds(year: 1582, month: 10, day: 10))
    let first = try ISO8601Dates.parse("0001-01-01T00:00:00Z")
    XCTAssertEqual(
      first.timeIntervalSinceReferenceDate, -63_113_904_000,
      "as Python's datetime(1, 1, 1) counts it, so plistlib reads the store")
    XCTAssertEqual(ISO8601Dates.format(first), "0001-01-01T00:00:00Z")
    XCTAssertEqual(
      ISO8601Dates.format(Date(timeIntervalSinceReferenceDate: 0.25)), "2001-01-01T00:00:00.250Z")
    XCTAssertEqual(
      ISO8601Dates.format(try ISO8601Dates.parse("2024-02-29T23:59:59.5-01:30")),
      "2024-03-01T01:29:59.500Z")
    XCTAssertEqual(
      ISO8601Dates.format(try ISO8601Dates.parse("2024-05-01")), "2024-05-01T00:00:00Z")
    XCTAssertEqual(
      ISO8601Dates.format(try ISO8601Dates.parse("2024-05-01T10:00:00+0200")),
      "2024-05-01T08:00:00Z")
    XCTAssertEqual(
      ISO8601Dates.format(Date(timeIntervalSinceReferenceDate: 0.9), milliseconds: false),
      "2001-01-01T00:00:00Z", "whole seconds are cut, not rounded")
  }

  /// Every day of a seeded sample of years 1 to 9999 agrees with the oracle and formats back
  /// to the text it was read from.
  func testDaysAgreeWithAnOracleAndRoundTrip() throws {
    var random = SplitMix64(seed: 19)
    let years =
      [1, 2, 4, 100, 399, 400, 1581, 1582, 1600, 1900, 1970, 2000, 2001, 9999]
      + (0..<40).map { _ in random.int(in: 1...9999) }
    for year in years {
      for (month, day) in [(1, 1), (2, 28), (2, 29), (3, 1), (6, 30), (12, 31)] {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        if month == 2, day == 29, !isLeap { continue }
        let hour = random.int(in: 0...23)
        let minute = random.int(in: 0...59)
        let second = random.int(in: 0...59)
        let text = String(
          format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ldZ", year, month, day, hour, minute, second)
        let date = try ISO8601Dates.parse(text)
        XCTAssertEqual(
          date.timeIntervalSinceReferenceDate,
          oracleSeconds(year: year, month: month, day: day)
            + Double(hour * 3600 + minute * 60 + second), text)
        XCTAssertEqual(ISO8601Dates.format(date), text)
      }
    }
  }

  func testInvalidFieldsAreRefused() {
    XCTAssertEqual(
      parseError("2024-02-30"), #""2024-02-30" is not a valid date: February 2024 has 29 days"#)
    XCTAssertEqual(
      parseError("2023-02-29"), #""2023-02-29" is not a valid date: February 2023 has 28 days"#)
    XCTAssertEqual(
      parseError("1900-02-29"), #""1900-02-29" is not a valid date: February 1900 has 28 days"#)
    XCTAssertEqual(
      parseError("2024-13-01"), #""2024-13-01" is not a valid date: month 13 is not 01 to 12"#)
    XCTAssertEqual(
      parseError("2024-04-31"), #""2024-04-31" is not a valid date: April 2024 has 30 days"#)
    XCTAssertEqual(
      parseError("2024-01-00"),
      #""2024-01-00" is not a valid date: day 00 is not a day of the month"#)
    XCTAssertEqual(
      parseError("2024-01-01T25:00:00Z"),
      #""2024-01-01T25:00:00Z" is not a valid date: hour 25 is not 00 to 23"#)
    XCTAssertEqual(
      parseError("2024-01-01T12:60:00Z"),
      #""2024-01-01T12:60:00Z" is not a valid date: minute 60 is not 00 to 59"#)
    XCTAssertEqual(
      parseError("2024-01-01T12:00:60Z"),
      #""2024-01-01T12:00:60Z" is not a valid date: second 60 is not 00 to 59"#)
    XCTAssertEqual(
      parseError("2024-01-01T12:00:00+99:99"),
      #""2024-01-01T12:00:00+99:99" is not a valid date: the offset's minutes 99 are not 00 to 59"#)
    XCTAssertEqual(
      parseError("2024-01-01T12:00:00+18:01"),
      #""2024-01-01T12:00:00+18:01" is not a valid date: the offset is more than 18 hours from UTC"#
    )
    XCTAssertEqual(
      parseError("0000-12-31"),
      #""0000-12-31" is outside the supported dates, years 1 to 9999"#)
    XCTAssertEqual(
      parseError("0001-01-01T00:00:00+01:00"),
      #""0001-01-01T00:00:00+01:00" is outside the supported dates, years 1 to 9999"#)
    for malformed in [
      "", "yesterday", "24-01-01", "2024-1-01", "2024-01-01T", "2024-01-01T12:00",
      "2024-01-01 12:00:00",
      "2024-01-01T12:00:00.", "2024-01-01T12:00:00Zjunk", "2024-01-01T12:00:00+1", "+2024-01-01",
      "２０２４-01-01",
    ] {
      XCTAssertEqual(
        parseError(malformed),
        "\(Value.quoted(malformed)) is not an ISO 8601 date such as \"2024-01-31T12:00:00Z\"")
    }
  }

  /// Dates outside years 1 to 9999 are refused where they are made: CAST of a number or a
  /// string, an attribute's value, and an import.
  func testDatesOutsideTheYearsAreRefusedWhereTheyAreMade() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run("entity T { d: Date? }")
    func message(_ statement: String) -> String {
      do {
        _ = try interpreter.run(statement)
        return "no error"
      } catch let error as LanguageError {
        return error.message
      } catch {
        return "\(error)"
      }
    }
    XCTAssertEqual(
      message(#"insert T d = CAST(1e17, "NSDate")"#),
      "1e+17 seconds since 2001-01-01 is outside the supported dates, years 1 to 9999")
    XCTAssertEqual(
      message(#"insert T d = CAST(-63113904001, "NSDate")"#),
      "-63113904001 seconds since 2001-01-01 is outside the supported dates, years 1 to 9999")
    XCTAssertEqual(
      message(#"insert T d = "2024-02-30""#),
      #""2024-02-30" is not a valid date: February 2024 has 29 days"#)
    XCTAssertEqual(message(#"insert T d = CAST(-63113904000, "NSDate")"#), "no error")
    XCTAssertEqual(
      message(#"fetch T where d == CAST("10000-01-01", "NSDate")"#),
      #""10000-01-01" is not an ISO 8601 date such as "2024-01-31T12:00:00Z""#)

    let entity = Entity(
      name: "T", attributes: [Attribute(name: "d", type: .date, isOptional: true)])
    XCTAssertThrowsError(
      try PlistImport.rows(
        from: .array([.dictionary(["d": .date(Date(timeIntervalSinceReferenceDate: 1e17))])]),
        into: entity)
    ) { error in
      XCTAssertTrue("\(error)".contains("is outside the supported dates"), "\(error)")
    }
    XCTAssertThrowsError(
      try PlistImport.rows(
        from: .array([.dictionary(["d": .string("2024-01-01T24:00:00Z")])]), into: entity)
    ) { error in
      XCTAssertTrue("\(error)".contains("hour 24 is not 00 to 23"), "\(error)")
    }
  }

  /// A store holding the first day of year 1 and a day before the Gregorian reform reads in
  /// Python's plistlib as the same days.
  func testPlistlibReadsTheDatesOfAStore() throws {
    guard isInstalled("python3") else { throw XCTSkip("python3 is not installed") }
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity T { d: Date }
      insert T d = "0001-01-01T00:00:00Z"
      insert T d = "1582-10-10T12:30:00Z"
      insert T d = "9999-12-31T23:59:59Z"
      """)
    let path = try makeTemporaryFolder("bowq-dates").appendingPathComponent("dates.bowq").path
    try StoreFile.save(interpreter.context.graph, to: path)
    let read = try runCommand([
      "python3", "-c",
      """
      import plistlib, sys
      with open(sys.argv[1], "rb") as f:
          store = plistlib.load(f)
      print(" ".join(d.isoformat() for d in store["entities"]["T"]["columns"]["d"]))
      """, path,
    ])
    XCTAssertEqual(
      read.output.trimmingCharacters(in: .whitespacesAndNewlines),
      "0001-01-01T00:00:00 1582-10-10T12:30:00 9999-12-31T23:59:59")
  }

  /// Hostile text: mutations of valid dates and runs of date characters. Each ends in an
  /// error or in a date within the years, whose formatted form reads back the same.
  func testHostileTextEndsInADateOrAnError() {
    var random = SplitMix64(seed: 8601)
    let alphabet = Array("0123456789-:+TZ.tz ~\u{0}é９")
    let seeds = [
      "2024-01-31T12:00:00Z", "0001-01-01T00:00:00+18:00", "9999-12-31T23:59:59.999-18:00",
      "1582-10-10", "2000-02-29T00:00:00.000000001+0530",
    ]
    for _ in 0..<20_000 {
      var characters = Array(random.pick(seeds))
      if random.chance(20) {
        characters = (0..<random.int(in: 0...40)).map { _ in random.pick(alphabet) }
      }
      for _ in 0..<random.int(in: 1...4) {
        let position = random.int(in: 0...characters.count)
        switch random.int(in: 0...2) {
        case 0: characters.insert(random.pick(alphabet), at: position)
        case 1 where position < characters.count: characters.remove(at: position)
        default:
          if position < characters.count { characters[position] = random.pick(alphabet) }
        }
      }
      let text = String(characters)
      guard let date = try? ISO8601Dates.parse(text) else { continue }
      XCTAssertTrue(ISO8601Dates.isSupported(date), text)
      let formatted = ISO8601Dates.format(date)
      guard let again = try? ISO8601Dates.parse(formatted) else {
        return XCTFail("\(text) formats as \(formatted), which does not read back")
      }
      XCTAssertEqual(
        again.timeIntervalSinceReferenceDate, date.timeIntervalSinceReferenceDate,
        accuracy: 0.001, text)
    }
  }
}
