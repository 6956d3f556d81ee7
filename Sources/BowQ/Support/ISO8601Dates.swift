import Foundation

/// ISO 8601 dates on the proleptic Gregorian calendar, as ISO 8601 itself and Core Data's
/// property-list dates count them: the Gregorian rules run back before 1582 (no Julian
/// days), and a year is 1 to 9999, the years an XML property list can write and other
/// readers of a store (Python's plistlib among them) can read.
///
/// The arithmetic is done here on whole numbers (days from the civil date, as in Howard
/// Hinnant's `days_from_civil`), not with Foundation's calendars, which switch to the
/// Julian calendar before 1582 on Linux.
public enum ISO8601Dates {
  /// The years a date may fall in.
  public static let years: ClosedRange<Int64> = 1...9999

  /// The first instant of year 1 and the first instant after year 9999, as seconds since
  /// 2001-01-01T00:00:00Z.
  private static let supportedSeconds: Range<Double> =
    Double(
      secondsSinceReference(year: years.lowerBound, month: 1, day: 1))..<Double(
      secondsSinceReference(year: years.upperBound + 1, month: 1, day: 1))

  /// The days from 1970-01-01 to 2001-01-01, where `Date` counts from.
  private static let referenceDay: Int64 = 11_323

  // MARK: Reading

  /// The date `text` writes: `2024-01-31`, `2024-01-31T12:00:00`, with fractional seconds
  /// (`12:00:00.250`) and a zone (`Z`, `+02:00`, `-0530`, `+02`); no zone means UTC.
  ///
  /// - Throws: ``ISO8601DateError`` when the text has another form, a field is out of
  ///   its range (month 13, February 30, 25:00, an offset beyond ±18:00), or the date is
  ///   outside ``years``.
  public static func parse(_ text: String) throws(ISO8601DateError) -> Date {
    var scanner = DigitScanner(Array(text.utf8))
    guard let year = scanner.number(digits: 4), scanner.skip("-"),
      let month = scanner.number(digits: 2), scanner.skip("-"),
      let day = scanner.number(digits: 2)
    else { throw .malformed }
    try check(year: year, month: month, day: day)
    var seconds = Double(secondsSinceReference(year: year, month: month, day: day))
    if scanner.skip("T") {
      guard let hour = scanner.number(digits: 2), scanner.skip(":"),
        let minute = scanner.number(digits: 2), scanner.skip(":"),
        let second = scanner.number(digits: 2)
      else { throw .malformed }
      guard hour < 24 else { throw .field("hour \(hour) is not 00 to 23") }
      guard minute < 60 else { throw .field("minute \(minute) is not 00 to 59") }
      guard second < 60 else { throw .field("second \(second) is not 00 to 59") }
      seconds += Double(hour * 3600 + minute * 60 + second)
      if scanner.skip(".") {
        guard let fraction = scanner.fraction() else { throw .malformed }
        seconds += fraction
      }
      seconds -= Double(try zoneOffset(&scanner))
    }
    guard scanner.isAtEnd else { throw .malformed }
    try checkSupported(seconds)
    return Date(timeIntervalSinceReferenceDate: seconds)
  }

  /// The offset from UTC in seconds of a zone, `Z`, `±hh:mm`, `±hhmm` or `±hh`; 0 when
  /// there is none.
  private static func zoneOffset(_ scanner: inout DigitScanner) throws(ISO8601DateError)
    -> Int64
  {
    if scanner.skip("Z") || scanner.isAtEnd { return 0 }
    let sign: Int64
    if scanner.skip("+") {
      sign = 1
    } else if scanner.skip("-") {
      sign = -1
    } else {
      throw .malformed
    }
    guard let hours = scanner.number(digits: 2) else { throw .malformed }
    var minutes: Int64 = 0
    if !scanner.isAtEnd {
      _ = scanner.skip(":")
      guard let m = scanner.number(digits: 2) else { throw .malformed }
      minutes = m
    }
    guard minutes < 60 else { throw .field("the offset's minutes \(minutes) are not 00 to 59") }
    guard hours * 60 + minutes <= 18 * 60 else {
      throw .field("the offset is more than 18 hours from UTC")
    }
    return sign * (hours * 3600 + minutes * 60)
  }

  /// Refuses a month or day that the calendar does not have.
  private static func check(year: Int64, month: Int64, day: Int64) throws(ISO8601DateError) {
    guard years.contains(year) else { throw .outOfRange }
    guard (1...12).contains(month) else { throw .field("month \(month) is not 01 to 12") }
    let length = daysIn(month: month, year: year)
    guard (1...length).contains(day) else {
      throw .field(
        day == 0
          ? "day 00 is not a day of the month"
          : "\(monthNames[Int(month) - 1]) \(year) has \(length) days")
    }
  }

  /// Refuses a date outside ``years`` (or one that is no number).
  ///
  /// - Parameter seconds: seconds since 2001-01-01T00:00:00Z, as `Date` counts.
  public static func checkSupported(_ seconds: Double) throws(ISO8601DateError) {
    guard supportedSeconds.contains(seconds) else { throw .outOfRange }
  }

  /// Whether `date` falls in ``years``.
  public static func isSupported(_ date: Date) -> Bool {
    supportedSeconds.contains(date.timeIntervalSinceReferenceDate)
  }

  // MARK: Writing

  /// The date in UTC, `2024-01-31T12:00:00Z`, with milliseconds only when it has them
  /// (`12:00:00.250Z`) and `milliseconds` allows them (without, the seconds are cut to
  /// whole ones); `separator` goes between the date and the time, and `zone` ends the
  /// text. A date outside ``years`` gives its year with a sign and as many digits as it
  /// needs, as ISO 8601's expanded years do; one that is no finite number, its seconds.
  public static func format(
    _ date: Date, separator: String = "T", zone: String = "Z", milliseconds: Bool = true
  ) -> String {
    let exact = date.timeIntervalSinceReferenceDate
    let seconds = milliseconds ? exact : exact.rounded(.down)
    guard seconds.isFinite, Swift.abs(seconds) < 1e15 else {
      return "\(seconds) seconds since 2001-01-01"
    }
    // Rounded to the nearest millisecond, but never past the last one of year 9999.
    let rounded = (seconds * 1000).rounded()
    let milliseconds = Int64(
      supportedSeconds.contains(seconds)
        ? Swift.min(rounded, supportedSeconds.upperBound * 1000 - 1) : rounded)
    let (wholeSeconds, millisecond) = floorDivision(milliseconds, 1000)
    let (days, secondOfDay) = floorDivision(wholeSeconds, 86_400)
    let (year, month, day) = civil(fromDays: days + referenceDay)
    let yearText =
      years.contains(year)
      ? padded(year, 4) : (year < 0 ? "-" : "+") + padded(Swift.abs(year), 6)
    var text =
      "\(yearText)-\(padded(month, 2))-\(padded(day, 2))\(separator)"
      + "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):"
      + padded(secondOfDay % 60, 2)
    if millisecond != 0 { text += "." + padded(millisecond, 3) }
    return text + zone
  }

  // MARK: Calendar arithmetic

  /// The English names of the months, for messages.
  private static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// The number of days of a month in a year of the proleptic Gregorian calendar.
  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Seconds from 2001-01-01T00:00:00Z to the start of a day.
  private static func secondsSinceReference(year: Int64, month: Int64, day: Int64) -> Int64 {
    (days(fromCivil: year, month, day) - referenceDay) * 86_400
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
  private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivision(y, 400).quotient
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of the proleptic Gregorian calendar `days` after 1970-01-01.
  private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The quotient rounded down and the remainder that goes with it (never negative).
  private static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = a % b
    return remainder < 0 ? (a / b - 1, remainder + b) : (a / b, remainder)
  }

  /// A whole number, not negative, with leading zeros to `width` digits.
  private static func padded(_ n: Int64, _ width: Int) -> String {
    let digits = String(n)
    return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
  }
}

/// Why a text is not a date bowq accepts.
public enum ISO8601DateError: Error, Hashable, Sendable {
  /// The text is not of the form `2024-01-31`, `2024-01-31T12:00:00` with optional
  /// fractional seconds and zone.
  case malformed
  /// A field is out of its range: the reason names it (`month 13 is not 01 to 12`).
  case field(String)
  /// The date falls outside the years bowq supports (``ISO8601Dates/years``).
  case outOfRange

  /// What is wrong with `subject` (a quoted text, or a description of a number), as a
  /// sentence for an error message.
  public func message(for subject: String) -> String {
    switch self {
    case .malformed:
      return "\(subject) is not an ISO 8601 date such as \"2024-01-31T12:00:00Z\""
    case .field(let reason):
      return "\(subject) is not a valid date: \(reason)"
    case .outOfRange:
      return "\(subject) is outside the supported dates, years "
        + "\(ISO8601Dates.years.lowerBound) to \(ISO8601Dates.years.upperBound)"
    }
  }
}

/// Reads the ASCII digits and punctuation of a date, byte by byte.
private struct DigitScanner {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { position == bytes.count }

  /// Skips `character` when it comes next.
  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  /// A number of exactly `digits` decimal digits.
  mutating func number(digits: Int) -> Int64? {
    guard bytes.count - position >= digits else { return nil }
    var n: Int64 = 0
    for byte in bytes[position..<position + digits] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      n = n * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    position += digits
    return n
  }

  /// The digits after a decimal point, as a fraction of one (at least one digit).
  mutating func fraction() -> Double? {
    let start = position
    while position < bytes.count,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    {
      position += 1
    }
    guard position > start else { return nil }
    return Double("0." + String(decoding: bytes[start..<position], as: UTF8.self))
  }
}
