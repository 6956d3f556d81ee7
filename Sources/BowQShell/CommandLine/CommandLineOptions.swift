import BowQ

/// The `bowq` command line: parsing the arguments into an ``Invocation``, and the usage
/// text of `--help`.
///
/// Options follow GNU conventions: `--name value` or `--name=value`, `-c value` or
/// `-cvalue`, `--` ends the options, and a lone `-` is standard input. The first argument
/// that is not an option is the script; everything after it belongs to the script, as
/// for a `#!/usr/bin/env bowq` line. `plist` in its place starts `bowq plist FILE`.
public enum CommandLineOptions {
  /// Parses the arguments that follow the program name.
  ///
  /// - Throws: ``CommandLineError`` for an unknown option, a missing or invalid value, or
  ///   options that exclude each other.
  public static func parse(_ arguments: [String]) throws(CommandLineError) -> Invocation {
    var parser = Parser(arguments: arguments)
    return try parser.parse()
  }

  /// The text `--help` prints: every option, the commands, examples, exit statuses and
  /// environment variables.
  ///
  /// - Parameter defaultStorePath: where the default store is (``Paths/defaultStorePath``).
  public static func helpText(defaultStorePath: String) -> String {
    """
    Usage: bowq [OPTIONS] [FILE [ARGUMENT...]]
           bowq [OPTIONS] -c STATEMENTS [-c STATEMENTS...]
           bowq plist FILE [--format json]

    A Core Data-style object store with a query shell. Without FILE or -c, bowq
    reads statements from standard input: with a prompt and line editing on a
    terminal, plainly from a pipe.

    Store:
          --store PATH     use the store file PATH (created empty when missing)
          --memory         use an empty in-memory store; nothing is written
          --sample         with --store (a new file) or --memory: start from the
                           BowTie model and its sample data, like the default store
          --read-only      open the store without saving to it: no lock is taken,
                           so it works while another bowq has the store open, and
                           on a damaged store it opens every entity that can be read
      Without --store or --memory, the default store is used:
        \(defaultStorePath)
      It is seeded with the BowTie sample data on first use.

    Statements:
      -c STATEMENTS        run STATEMENTS, print the results and exit; may be given
                           more than once: all run in order, in one session
      FILE                 run the script FILE ('-' for standard input); works as a
                           '#!/usr/bin/env bowq' line; the ARGUMENTs after FILE
                           belong to the script
          --keep-going     carry on after a failed statement instead of stopping

    Output:
          --format FORMAT  table, box, json, jsonl, csv or line
          --json           the same as --format json
          --color WHEN     auto (colour on a terminal, the default), always or never

      -h, --help           print this help and exit
      -V, --version        print the version and exit
          --               end of the options: FILE and its ARGUMENTs follow

    An option's value can also be attached: --store=PATH, --format=csv.

    Commands:
      plist FILE           print any property list file (binary, XML or JSON)
                           readably, as 'plutil -p' does; as JSON with --format json

    Examples:
      bowq                                the shell on the default store
      bowq --memory --sample              try things out; nothing is saved
      bowq -c 'fetch BowTie where rating > 3 sort by rating desc'
      bowq --store ties.plist -c 'fetch BowTie where searchKey == "R"' \\
           -c 'set rating = 4' -c save
      bowq --json -c 'fetch BowTie' | jq '.[].name'
      echo 'count BowTie' | bowq --memory --sample
      bowq checks.bowq
      bowq plist SampleData.plist --format json

    Exit status:
      0  every statement succeeded
      1  a statement failed (a script stops at the first error unless --keep-going)
      2  the command line is wrong

    Environment:
      BOWQ_HISTORY      the history file, by default
                        ${XDG_STATE_HOME:-~/.local/state}/bowq/history;
                        set but empty: no history
      BOWQ_NOW          a fixed clock for now(), an ISO 8601 date such as
                        2024-05-01T12:00:00Z, for reproducible output
      BOWQ_SAMPLE_DATA  the SampleData.plist new stores are seeded from
      NO_COLOR          when not empty: no colour
      FORCE_COLOR       when not empty: colour even when not on a terminal
      CLICOLOR_FORCE    when neither empty nor 0: the same
      XDG_DATA_HOME, XDG_STATE_HOME
                        where the default store and the history are kept

    """
  }
}

/// The options bowq has, by the names they are written with.
private enum Option {
  case store, memory, sample, readOnly, command, format, json, keepGoing, color, help, version

  static let long: [String: Option] = [
    "--store": .store, "--memory": .memory, "--sample": .sample, "--read-only": .readOnly,
    "--format": .format, "--json": .json, "--keep-going": .keepGoing, "--color": .color,
    "--help": .help, "--version": .version,
  ]

  static let short: [Character: Option] = ["c": .command, "h": .help, "V": .version]

  var takesValue: Bool {
    switch self {
    case .store, .command, .format, .color: return true
    case .memory, .sample, .readOnly, .json, .keepGoing, .help, .version: return false
    }
  }

  /// Options that only make sense for a run, not for `bowq plist`.
  var isRunOnly: Bool {
    switch self {
    case .store, .memory, .sample, .readOnly, .command, .keepGoing: return true
    case .format, .json, .color, .help, .version: return false
    }
  }
}

/// One pass over the arguments, collecting options until the script's name.
private struct Parser {
  let arguments: [String]
  private var index = 0
  private var storePath: String?
  private var usesMemory = false
  private var seedsSampleData = false
  private var isReadOnly = false
  private var commands: [String] = []
  private var format: OutputFormat?
  private var keepsGoing = false
  private var color = ColorMode.auto
  private var isPlist = false
  private var plistPath: String?
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
    case .memory: usesMemory = true
    case .sample: seedsSampleData = true
    case .readOnly: isReadOnly = true
    case .command: commands.append(value)
    case .keepGoing: keepsGoing = true
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
    if storePath != nil, usesMemory { throw .conflictingOptions("--store", "--memory") }
    if isReadOnly, usesMemory { throw .conflictingOptions("--read-only", "--memory") }
    if isReadOnly, seedsSampleData { throw .conflictingOptions("--read-only", "--sample") }
    if seedsSampleData, storePath == nil, !usesMemory { throw .sampleWithoutStore }
    if let script, !commands.isEmpty { throw .commandsWithScript(path: script.path) }
    let store: StoreLocation = storePath.map { .file($0) } ?? (usesMemory ? .memory : .defaultStore)
    let source: StatementSource =
      script.map { .script(path: $0.path, arguments: $0.arguments) }
      ?? (commands.isEmpty ? .standardInput : .commands(commands))
    return .run(
      RunOptions(
        store: store, seedsSampleData: seedsSampleData, isReadOnly: isReadOnly, source: source,
        format: format, keepsGoing: keepsGoing, color: color))
  }

  private func plistInvocation() throws(CommandLineError) -> Invocation {
    if let option = runOptionsGiven.first { throw .optionNotForPlist(option) }
    guard let plistPath else { throw .plistWithoutFile }
    switch format {
    case nil: return .plist(PlistOptions(path: plistPath, format: .readable, color: color))
    case .json: return .plist(PlistOptions(path: plistPath, format: .json, color: color))
    case let other?: throw .plistFormat(other)
    }
  }
}
