/// The options bowq has, by the names they are written with.
enum Option {
  case store, model, memory, sample, readOnly, writeCoreData, command, format, json, keepGoing,
    color, unarchive, help, version

  static let long: [String: Option] = [
    "--store": .store, "--model": .model, "--memory": .memory, "--sample": .sample,
    "--read-only": .readOnly, "--write-core-data": .writeCoreData,
    "--format": .format, "--json": .json, "--keep-going": .keepGoing, "--color": .color,
    "--unarchive": .unarchive, "--help": .help, "--version": .version,
  ]

  static let short: [Character: Option] = ["c": .command, "h": .help, "V": .version]

  var takesValue: Bool {
    switch self {
    case .store, .model, .command, .format, .color: return true
    case .memory, .sample, .readOnly, .writeCoreData, .json, .keepGoing, .unarchive, .help,
      .version:
      return false
    }
  }

  /// Options that only make sense for a run, not for `bowq plist`.
  var isRunOnly: Bool {
    switch self {
    case .store, .model, .memory, .sample, .readOnly, .writeCoreData, .command, .keepGoing:
      return true
    case .format, .json, .color, .unarchive, .help, .version: return false
    }
  }
}
