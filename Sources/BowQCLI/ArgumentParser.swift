import BowQ
import BowQShell

/// One pass over the arguments, collecting options until the script's name.
struct ArgumentParser {
  let arguments: [String]
  private var index = 0
  private var storePath: String?
  private var modelPath: String?
  private var usesMemory = false
  private var seedsSampleData = false
  private var isReadOnly = false
  private var writesCoreData = false
  private var commands: [String] = []
  private var format: OutputFormat?
  private var keepsGoing = false
  private var color = ColorMode.auto
  private var isPlist = false
  private var plistPath: String?
  private var unarchives = false
  private var script: (path: String, arguments: [String])?
  /// Options only a run accepts, as written, for the error when `plist` is given one.
  private var runOptionsGiven: [String] = []

  init(arguments: [String]) {
    self.arguments = arguments
  }

  mutating func parse() throws(CommandLineError) -> Invocation {
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        try takePositional(argument, optionsEnded: optionsEnded)
      } else if argument == "--" {
        optionsEnded = true
      } else if let invocation = try takeOption(argument) {
        return invocation
      }
    }
    return try isPlist ? plistInvocation() : runInvocation()
  }

  /// Reads one option (and its value); returns `--help` or `--version` at once.
  private mutating func takeOption(_ argument: String) throws(CommandLineError) -> Invocation? {
    let name: String
    let option: Option
    var value: String?
    if argument.hasPrefix("--") {
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      name = String(parts[0])
      guard let known = Option.long[name] else { throw unknown(name) }
      option = known
      if parts.count == 2 {
        guard option.takesValue else { throw .unexpectedArgument(option: name) }
        value = String(parts[1])
      }
    } else {
      let letter = argument.dropFirst().first!
      name = "-" + String(letter)
      let attached = String(argument.dropFirst(2))
      guard let known = Option.short[letter], known.takesValue || attached.isEmpty else {
        throw unknown(argument)
      }
      option = known
      if !attached.isEmpty { value = attached }
    }
    if option.takesValue, value == nil {
      guard index < arguments.count else { throw .missingArgument(option: name) }
      value = arguments[index]
      index += 1
    }
    return try apply(option, name: name, value: value ?? "")
  }

  private mutating func apply(_ option: Option, name: String, value: String)
    throws(CommandLineError) -> Invocation?
  {
    if option.isRunOnly { runOptionsGiven.append(name) }
    switch option {
    case .help: return .help
    case .version: return .version
    case .store:
      guard storePath == nil else { throw .repeatedOption(name) }
      guard !value.isEmpty else { throw .missingArgument(option: name) }
      guard value != "-" else { throw .standardInputAsStore }
      storePath = value
    case .model:
      guard modelPath == nil else { throw .repeatedOption(name) }
      guard !value.isEmpty else { throw .missingArgument(option: name) }
      modelPath = value
    case .memory: usesMemory = true
    case .sample: seedsSampleData = true
    case .readOnly: isReadOnly = true
    case .writeCoreData: writesCoreData = true
    case .command: commands.append(value)
    case .keepGoing: keepsGoing = true
    case .unarchive: unarchives = true
    case .json: format = .json
    case .format:
      guard let chosen = OutputFormat(rawValue: value) else {
        throw .invalidArgument(
          option: name, value: value, valid: OutputFormat.allCases.map(\.rawValue))
      }
      format = chosen
    case .color:
      guard let chosen = ColorMode(rawValue: value) else {
        throw .invalidArgument(
          option: name, value: value, valid: ColorMode.allCases.map(\.rawValue))
      }
      color = chosen
    }
    return nil
  }

  /// The first positional argument is `plist` or the script; after `plist`, its file.
  private mutating func takePositional(_ argument: String, optionsEnded: Bool)
    throws(CommandLineError)
  {
    if isPlist {
      guard plistPath == nil else { throw .plistExtraArgument(argument) }
      plistPath = argument
    } else if argument == "plist", !optionsEnded {
      isPlist = true
    } else {
      script = (argument, Array(arguments[index...]))
      index = arguments.count
    }
  }

  private func unknown(_ option: String) -> CommandLineError {
    let suggestion =
      option.count > 2 ? NameSuggestion.closest(to: option, among: Option.long.keys.sorted()) : nil
    return .unknownOption(option, suggestion: suggestion)
  }

  private func runInvocation() throws(CommandLineError) -> Invocation {
    if unarchives { throw .optionOnlyForPlist("--unarchive") }
    if storePath != nil, usesMemory { throw .conflictingOptions("--store", "--memory") }
    if isReadOnly, usesMemory { throw .conflictingOptions("--read-only", "--memory") }
    if isReadOnly, seedsSampleData { throw .conflictingOptions("--read-only", "--sample") }
    if seedsSampleData, storePath == nil, !usesMemory { throw .sampleWithoutStore }
    if modelPath != nil, storePath == nil { throw .modelWithoutStore }
    if modelPath != nil, seedsSampleData { throw .conflictingOptions("--model", "--sample") }
    if writesCoreData, isReadOnly { throw .conflictingOptions("--write-core-data", "--read-only") }
    if writesCoreData, storePath == nil { throw .writeCoreDataWithoutStore }
    if writesCoreData, seedsSampleData {
      throw .conflictingOptions("--write-core-data", "--sample")
    }
    if let script, !commands.isEmpty { throw .commandsWithScript(path: script.path) }
    let store: StoreLocation = storePath.map { .file($0) } ?? (usesMemory ? .memory : .defaultStore)
    let source: StatementSource =
      script.map { .script(path: $0.path, arguments: $0.arguments) }
      ?? (commands.isEmpty ? .standardInput : .commands(commands))
    return .run(
      RunOptions(
        store: store, modelPath: modelPath, seedsSampleData: seedsSampleData,
        isReadOnly: isReadOnly, writesCoreData: writesCoreData, source: source,
        format: format, keepsGoing: keepsGoing, color: color))
  }

  private func plistInvocation() throws(CommandLineError) -> Invocation {
    if let option = runOptionsGiven.first { throw .optionNotForPlist(option) }
    guard let plistPath else { throw .plistWithoutFile }
    let plistFormat: PlistOptions.Format
    switch format {
    case nil: plistFormat = .readable
    case .json: plistFormat = .json
    case let other?: throw .plistFormat(other)
    }
    return .plist(
      PlistOptions(path: plistPath, format: plistFormat, color: color, unarchives: unarchives))
  }
}
