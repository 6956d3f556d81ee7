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

/// The options of a run: `bowq [--store PATH | --memory] [--sample] [--read-only]
/// [--write-core-data] [-c …] [FILE …]`.
public struct RunOptions: Hashable, Sendable {
  public var store: StoreLocation
  /// `--model`: the model of a Core Data SQLite store (`.xcdatamodeld`, `.xcdatamodel`,
  /// `.momd` or `.mom`), instead of the one the store holds.
  public var modelPath: String?
  /// `--sample`: a new store starts from the BowTie model and the sample data.
  public var seedsSampleData: Bool
  /// `--read-only`: the store is opened without its lock and never saved; a damaged one
  /// opens with every entity that can be read.
  public var isReadOnly: Bool
  /// `--write-core-data`: `save` writes the changes back into a Core Data SQLite store
  /// (otherwise it refuses to).
  public var writesCoreData: Bool
  public var source: StatementSource
  /// `--format`; `nil` lets the shell choose for the output stream.
  public var format: OutputFormat?
  /// `--keep-going`: a script carries on after a failed statement.
  public var keepsGoing: Bool
  public var color: ColorMode

  public init(
    store: StoreLocation = .defaultStore, modelPath: String? = nil, seedsSampleData: Bool = false,
    isReadOnly: Bool = false, writesCoreData: Bool = false,
    source: StatementSource = .standardInput,
    format: OutputFormat? = nil, keepsGoing: Bool = false, color: ColorMode = .auto
  ) {
    self.store = store
    self.modelPath = modelPath
    self.seedsSampleData = seedsSampleData
    self.isReadOnly = isReadOnly
    self.writesCoreData = writesCoreData
    self.source = source
    self.format = format
    self.keepsGoing = keepsGoing
    self.color = color
  }
}
