import BowQShell

/// A command line `bowq` cannot run. Print ``message`` to standard error and exit with
/// ``exitStatus``.
enum CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An option bowq does not have, with the closest real one when there is one.
  case unknownOption(String, suggestion: String?)
  /// An option that takes a value was given none.
  case missingArgument(option: String)
  /// A flag was given a value: `--memory=yes`.
  case unexpectedArgument(option: String)
  /// A value an option does not accept.
  case invalidArgument(option: String, value: String, valid: [String])
  /// Two options that exclude each other.
  case conflictingOptions(String, String)
  /// An option that may appear only once appeared again.
  case repeatedOption(String)
  /// `--sample` without `--store` or `--memory`.
  case sampleWithoutStore
  /// `--model` without `--store`.
  case modelWithoutStore
  /// `--write-core-data` without `--store`.
  case writeCoreDataWithoutStore
  /// `-c` and a script file together.
  case commandsWithScript(path: String)
  /// `--store -`.
  case standardInputAsStore
  /// `bowq plist` without a file.
  case plistWithoutFile
  /// `bowq plist A B`.
  case plistExtraArgument(String)
  /// A run option given to `bowq plist`.
  case optionNotForPlist(String)
  /// A `bowq plist` option given to a run: `--unarchive` without `plist`.
  case optionOnlyForPlist(String)
  /// `bowq plist` with a format other than JSON.
  case plistFormat(OutputFormat)
  /// An argument holding a byte that is not UTF-8: its 1-based position among the
  /// arguments, its text with U+FFFD in place of the bad bytes, and the first bad byte.
  case notUTF8(position: Int, argument: String, byte: InvalidByte)

  /// The exit status for a bad command line.
  static let exitStatus = Launcher.usageExitStatus

  /// The line printed after the error.
  static let hint = "Try 'bowq --help' for more information."

  /// The whole text for standard error: the error and the hint, each on its own line.
  var message: String {
    description + "\n" + CommandLineError.hint + "\n"
  }

  /// The error, starting with `bowq: `.
  var description: String {
    "bowq: " + explanation
  }

  private var explanation: String {
    switch self {
    case .unknownOption(let option, let suggestion):
      return "unknown option '\(option)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .missingArgument(let option):
      return "option '\(option)' requires an argument"
    case .unexpectedArgument(let option):
      return "option '\(option)' doesn't allow an argument"
    case .invalidArgument(let option, let value, let valid):
      return "invalid argument '\(value)' for '\(option)' (valid: "
        + valid.joined(separator: ", ") + ")"
    case .conflictingOptions(let first, let second):
      return "'\(first)' and '\(second)' cannot be used together"
    case .repeatedOption(let option):
      return "'\(option)' given more than once"
    case .sampleWithoutStore:
      return "'--sample' needs '--store PATH' (a new file) or '--memory';"
        + " the default store starts with the sample data already"
    case .modelWithoutStore:
      return "'--model' needs '--store PATH' naming a Core Data SQLite store"
    case .writeCoreDataWithoutStore:
      return "'--write-core-data' needs '--store PATH' naming a Core Data SQLite store"
    case .commandsWithScript(let path):
      return "'-c' and the script '\(path)' cannot be used together"
    case .standardInputAsStore:
      return "'--store' needs a file path; standard input ('-') cannot hold a store"
    case .plistWithoutFile:
      return "'plist' needs a FILE to print"
    case .plistExtraArgument(let argument):
      return "'plist' prints one FILE; unexpected argument '\(argument)'"
    case .optionNotForPlist(let option):
      return "'\(option)' cannot be used with 'plist'"
    case .optionOnlyForPlist(let option):
      return "'\(option)' is an option of 'bowq plist FILE'"
    case .plistFormat(let format):
      return "'plist' prints readably or with '--format json', not '--format \(format.rawValue)'"
    case .notUTF8(let position, let argument, let byte):
      let hex = String(byte.value, radix: 16, uppercase: true)
      return "argument \(position) is not UTF-8: byte 0x\(hex.count == 1 ? "0" : "")\(hex) at "
        + "column \(byte.column) of '\(argument)'; bowq reads statements, paths and options as "
        + "UTF-8"
    }
  }
}
