import BowQ
import Foundation

/// How the shell shows what it runs, as the command line and the dot-commands set it: the
/// result format (`.mode`), headers, the timer, the pager, how dates are read, whether a
/// script goes on after a failure, and where output goes (`.output`, `.once`).
struct ShellSettings {
  var format: OutputFormat
  /// Go on after a failing statement in scripts and pipes (`--keep-going`).
  var keepGoing: Bool
  /// Whether table, box and csv results start with the names (`.headers on|off`).
  var showsHeaders = true
  /// Whether each statement is followed by the time it took (`.timer on`).
  var showsTimes = false
  /// Whether the pager is used (`.pager on|off`).
  var usesPager = true
  /// The identifier of the locale `show` reads dates in: the one the environment names (see
  /// ``EnvironmentLocale``), or one a test fixes; nil: `Locale.current`. The locale and the
  /// time zone are made only when `show` writes cards: making either starts ICU.
  var localeIdentifier: String?
  /// The time zone `show` reads dates in: one a test fixes; nil: the process's (`TZ`).
  var timeZone: TimeZone?
  /// The locale `show` reads dates in, made now.
  var dateLocale: Locale { localeIdentifier.map { Locale(identifier: $0) } ?? .current }
  /// The time zone `show` reads dates in, made now.
  var dateTimeZone: TimeZone { timeZone ?? .current }
  /// Where the shell writes now: the streams it was given, or — after `.output FILE` or
  /// `.once FILE` — that file for what is not an error.
  private(set) var output: ShellOutput
  /// The streams the shell was given, which `.output` with no file goes back to.
  let standardOutput: ShellOutput
  /// Whether `.once` sent only the next statement's output to a file.
  private(set) var redirectsOnce = false

  init(format: OutputFormat, keepGoing: Bool, output: ShellOutput) {
    self.format = format
    self.keepGoing = keepGoing
    self.output = output
    self.standardOutput = output
  }

  /// Sends what is not an error to `file` (`.output FILE`), or only the next statement's
  /// (`.once FILE`).
  mutating func redirect(to file: ShellOutput, once: Bool) {
    output = file
    redirectsOnce = once
  }

  /// Sends output back to the streams the shell was given (`.output` alone).
  mutating func writeToStandardOutput() {
    output = standardOutput
    redirectsOnce = false
  }

  /// Ends a `.once` redirection after the statement it was for.
  mutating func endOnce() {
    if redirectsOnce { writeToStandardOutput() }
  }
}
