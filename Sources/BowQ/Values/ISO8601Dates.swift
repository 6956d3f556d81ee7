import Foundation

/// Parsing of ISO 8601 dates as users type them: with or without time, fractional seconds
/// or zone (no zone means UTC).
public enum ISO8601Dates {
  public static func parse(_ text: String) -> Date? {
    let strategies: [Date.ISO8601FormatStyle] = [
      .iso8601,
      Date.ISO8601FormatStyle(includingFractionalSeconds: true),
      Date.ISO8601FormatStyle().year().month().day().dateSeparator(.dash),
      Date.ISO8601FormatStyle().year().month().day().time(includingFractionalSeconds: false)
        .dateSeparator(.dash).timeSeparator(.colon).dateTimeSeparator(.standard),
    ]
    for style in strategies {
      if let date = try? Date(text, strategy: style) { return date }
    }
    return nil
  }
}
