/// What the command line asks `bowq` to do.
public enum Invocation: Hashable, Sendable {
  /// Run statements against a store.
  case run(RunOptions)
  /// `bowq plist FILE`: print a property list file.
  case plist(PlistOptions)
  /// `--help`: print the usage text to standard output and exit 0.
  case help
  /// `--version`: print the version to standard output and exit 0.
  case version
}

/// The store statements run against.
public enum StoreLocation: Hashable, Sendable {
  /// The default store (see ``Paths/defaultStorePath``), seeded with the sample data on
  /// first use.
  case defaultStore
  /// `--store PATH`: a store file, created empty when missing.
  case file(String)
  /// `--memory`: an empty store that is never written.
  case memory
}

/// Where statements come from.
public enum StatementSource: Hashable, Sendable {
  /// Standard input: a prompt and line editing on a terminal, plain reading from a pipe.
  case standardInput
  /// `-c STATEMENTS`, each argument run in order.
  case commands([String])
  /// A script file (`-` is standard input) and the arguments given after it.
  case script(path: String, arguments: [String])
}

/// The options of a run: `bowq [--store PATH | --memory] [--sample] [--read-only] [-c …]
/// [FILE …]`.
public struct RunOptions: Hashable, Sendable {
  public var store: StoreLocation
  /// `--sample`: a new store starts from the BowTie model and the sample data.
  public var seedsSampleData: Bool
  /// `--read-only`: the store is opened without its lock and never saved; a damaged one
  /// opens with every entity that can be read.
  public var isReadOnly: Bool
  public var source: StatementSource
  /// `--format`; `nil` lets the shell choose for the output stream.
  public var format: OutputFormat?
  /// `--keep-going`: a script carries on after a failed statement.
  public var keepsGoing: Bool
  public var color: ColorMode

  public init(
    store: StoreLocation = .defaultStore, seedsSampleData: Bool = false,
    isReadOnly: Bool = false, source: StatementSource = .standardInput,
    format: OutputFormat? = nil, keepsGoing: Bool = false, color: ColorMode = .auto
  ) {
    self.store = store
    self.seedsSampleData = seedsSampleData
    self.isReadOnly = isReadOnly
    self.source = source
    self.format = format
    self.keepsGoing = keepsGoing
    self.color = color
  }
}

/// The options of `bowq plist FILE [--format json]`.
public struct PlistOptions: Hashable, Sendable {
  /// How the property list is printed.
  public enum Format: Hashable, Sendable {
    /// Readable, as `plutil -p` prints it.
    case readable
    /// `--format json` (or `--json`).
    case json
  }

  /// The file to print; `-` is standard input.
  public var path: String
  public var format: Format
  public var color: ColorMode

  public init(path: String, format: Format = .readable, color: ColorMode = .auto) {
    self.path = path
    self.format = format
    self.color = color
  }
}
