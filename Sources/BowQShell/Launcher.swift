import BowQ
import Foundation

/// Carries out a run the command line asked for: opens the store, builds the interpreter
/// and shell, runs the statements, and answers the exit status.
///
/// Exit status: 0 when every statement succeeded, 1 when one failed (or the store could not
/// be opened, or standard output could not be written), 2 for a bad environment or an
/// unreadable script, as for a bad command line.
public enum Launcher {
  public static let version = "0.1.0"

  /// The exit status of a command line that cannot run as given.
  public static let usageExitStatus: Int32 = 2

  /// Runs statements as `options` say, reading `BOWQ_NOW`, the colour variables and the
  /// XDG folders from `environment`.
  public static func run(_ options: RunOptions, environment: [String: String]) -> Int32 {
    let paths = Paths(environment: environment)
    let clock: () -> Date
    if let fixed = environment["BOWQ_NOW"], !fixed.isEmpty {
      guard let date = try? ISO8601Dates.parse(fixed) else {
        writeError("bowq: BOWQ_NOW=\(fixed) is not an ISO 8601 date such as 2024-05-01T12:00:00Z\n")
        return usageExitStatus
      }
      clock = { date }
    } else {
      clock = Date.init
    }
    if case .script(let path, _) = options.source, let refusal = storeGivenAsScript(path) {
      writeError("bowq: \(refusal)\n")
      return usageExitStatus
    }
    let interpreter: Interpreter
    var storeNotes: [String] = []
    do {
      interpreter = try openStore(
        options.store, model: options.modelPath, notes: &storeNotes, readOnly: options.isReadOnly,
        writesCoreData: options.writesCoreData,
        seeds: options.store == .defaultStore || options.seedsSampleData, paths: paths,
        clock: clock)
    } catch {
      writeError("bowq: \(error)\n")
      return 1
    }

    interpreter.expectsMoreStatements = expectsMoreStatements(options.source)
    let interactive = options.source == .standardInput && isatty(0) == 1 && isatty(1) == 1
    let colors = ColorPolicy(mode: options.color, environment: environment)
    let shell = Shell(
      interpreter: interpreter, format: options.format ?? .table, keepGoing: options.keepsGoing,
      style: Style(policy: colors, fileDescriptor: 1),
      errorStyle: Style(policy: colors, fileDescriptor: 2))
    shell.findSampleData = { paths.sampleDataFile() }
    shell.tutorialProgressPath = unlessReserved(
      paths.tutorialProgressPath, as: "the tutorial's progress file", by: interpreter)
    shell.settings.localeIdentifier = EnvironmentLocale.identifier(from: environment)

    let succeeded: Bool
    switch options.source {
    case .commands(let commands):
      var allRan = true
      for (index, command) in commands.enumerated()
      where !shell.run(script: command, name: Self.commandName(index, of: commands.count)) {
        allRan = false
        if !options.keepsGoing { break }
      }
      succeeded = allRan
    case .script(let path, let arguments):
      for (i, argument) in arguments.enumerated() {
        interpreter.variables[String(i + 1)] = Self.scriptArgument(argument)
      }
      if path == "-" {
        var reader = StreamLineReader(fileDescriptor: 0)
        succeeded = shell.run(reader: &reader, interactive: false, name: "<stdin>")
      } else {
        var reader: StreamLineReader
        do {
          reader = try StreamLineReader(contentsOfFile: path)
        } catch {
          writeError("bowq: cannot read script \(path): \(error.reason)\n")
          return usageExitStatus
        }
        interpreter.baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        shell.readChain.main = ReadChain.Script(name: path, file: reader.source)
        succeeded = shell.run(reader: &reader, interactive: false, name: path)
      }
    case .standardInput:
      if interactive,
        var reader = EditLineReader(
          historyPath: unlessReserved(paths.historyPath, as: "the history file", by: interpreter),
          promptStyle: Style(policy: colors, fileDescriptor: 1))
      {
        shell.terminalColumns = { terminalColumns(of: 1) }
        shell.terminalRows = { terminalRows(of: 1) }
        shell.pager = Pager.fromEnvironment(environment)
        reader.complete = { Completer(model: shell.interpreter.context.graph.model).complete($0) }
        print(ValueText.visibleLines(banner(interpreter)))
        for note in storeNotes { print("note: " + ValueText.visibleLines(note)) }
        shell.run(reader: &reader, interactive: true)
        return ShellOutput.standardOutputError == nil ? 0 : 1
      }
      var reader = StreamLineReader(fileDescriptor: 0)
      succeeded = shell.run(reader: &reader, interactive: false, name: "<stdin>")
    }
    warnAboutUnsavedChanges(interpreter)
    return succeeded && ShellOutput.standardOutputError == nil ? 0 : 1
  }

  /// Whether `source` may hold more than one statement, so that what a statement decodes or
  /// builds is worth keeping for the next (``Interpreter/expectsMoreStatements``): false only
  /// for a single `-c` holding a single statement, after which the process ends, unless it
  /// is an `explain`, which shows (or with `analyze` runs) the plan the statement it explains
  /// gets in a session.
  static func expectsMoreStatements(_ source: StatementSource) -> Bool {
    guard case .commands(let commands) = source, commands.count == 1,
      let statements = try? Parser.parseScript(commands[0]), statements.count == 1
    else { return true }
    switch statements[0].kind {
    case .explain, .explainAnalyze: return true
    default: return false
    }
  }

  /// `path`, a file bowq keeps for itself (the history, the tutorial's progress), unless it
  /// is one of the open store's files (``Interpreter/reservedFiles``): then nil, and the
  /// session goes without it, said on standard error.
  static func unlessReserved(_ path: String?, as what: String, by interpreter: Interpreter)
    -> String?
  {
    guard let path else { return nil }
    do {
      try interpreter.reservedFiles.check(path)
      return path
    } catch {
      writeError("bowq: \(what) \(path) is not written: \(error.reason)\n")
      return nil
    }
  }

  /// Says on standard error that a script, `-c` or pipe left changes unsaved in a store
  /// file or a Core Data store, where they are now lost, and how to keep them
  /// (``Interpreter/keepingStatement``); the exit status stays what the statements made it.
  static func warnAboutUnsavedChanges(_ interpreter: Interpreter) {
    if case .memory = interpreter.store { return }
    let count = interpreter.context.pendingChanges.count
    guard count > 0 else { return }
    writeError(
      "bowq: \(count) unsaved change\(count == 1 ? " was" : "s were") discarded: "
        + "end the statements with `\(interpreter.keepingStatement)` to keep "
        + "\(count == 1 ? "it" : "them")\n")
  }

  /// Opens the store (or starts a new one), seeding the BowTies sample when asked: for
  /// writing, its lock taken at the first edit, or read-only (never seeded), with every
  /// entity of a damaged store that can be read (the others are named on standard error).
  ///
  /// `notes` receives what a Core Data store's reading left out, for the shell to show at
  /// its prompt; `writesCoreData` lets `save` write back into a Core Data store, and is
  /// refused for any other store.
  static func openStore(
    _ location: StoreLocation, model: String?, notes: inout [String], readOnly: Bool,
    writesCoreData: Bool = false, seeds: Bool, paths: Paths, clock: @escaping () -> Date
  ) throws -> Interpreter {
    let path: String
    switch location {
    case .memory:
      let interpreter = Interpreter(
        context: Context(graph: ObjectGraph()), store: .memory, clock: clock)
      if seeds { try seed(interpreter, paths: paths) }
      return interpreter
    case .defaultStore: path = paths.defaultStorePath
    case .file(let file): path = file
    }
    let isCoreData = CoreDataStore.isSQLiteDatabase(atPath: path)
    if seeds, isCoreData {
      throw LaunchError(
        message: "cannot seed \(path) with the sample data: it is a SQLite database, which bowq "
          + "reads as a Core Data store and never changes")
    }
    if location == .defaultStore, !readOnly {
      try Paths.createPrivateDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }
    let opened: StoreOpening.Opened
    // Ctrl-C stops the opening of a Core Data store, which reads through SQLite.
    if isCoreData { Interrupt.installHandler() }
    defer { if isCoreData { Interrupt.removeHandler() } }
    do {
      opened = try StoreOpening(
        path: path, readOnly: readOnly, writesCoreData: writesCoreData, modelPath: model
      ).open(clock: clock)
    } catch {
      throw LaunchError(message: openingFailure(error, readOnly: readOnly, model: model))
    }
    for warning in opened.warnings { writeError("bowq: warning: \(warning)\n") }
    notes = opened.notes
    if seeds, !readOnly { try seed(opened.interpreter, paths: paths) }
    try opened.writeNewStore()
    return opened.interpreter
  }

  /// Adds the BowTie model and sample data when the store has no ties yet.
  private static func seed(_ interpreter: Interpreter, paths: Paths) throws {
    guard let sample = paths.sampleDataFile() else {
      throw LaunchError(
        message: "cannot write the sample data to \(paths.dataDirectory) to seed the store; "
          + "set BOWQ_SAMPLE_DATA to a SampleData.plist")
    }
    do {
      try BowTiesSample.seed(interpreter, sampleDataPath: sample)
    } catch {
      throw LaunchError(message: "cannot seed the store from \(sample): \(error)")
    }
  }

  /// What the shell says when a store cannot be opened: the problem (with its byte offset
  /// when the file is damaged), what became of the file (untouched, when it still is), and
  /// the ways on.
  private static func openingFailure(
    _ error: StoreOpeningError, readOnly: Bool, model: String?
  ) -> String {
    let outcome = error.fileOutcome.map(sentence)
    switch error.kind {
    case .coreData:
      return "\(error)" + (outcome.map { "\n" + $0 } ?? "")
    case .notCoreData(.model):
      return "'--model \(model ?? "")' is the model of a Core Data SQLite store, and "
        + "\(error.path) is not a SQLite database"
    case .notCoreData(.writesCoreData):
      return "'--write-core-data' writes back into a Core Data SQLite store, and \(error.path) "
        + "is not a SQLite database"
    case .missing:
      return "cannot open the store read-only: \(error)"
    case .unreadable where readOnly:
      return "cannot open the store read-only: \(error)\nNothing in it can be read"
        + (error.fileOutcome.map { "; " + $0 } ?? "")
        + ". Use --store NEW to start a new store elsewhere."
    case .unreadable:
      return "cannot open the store: \(error)\n" + (outcome.map { $0 + " " } ?? "")
        + "Use --read-only to look at what can be read from it, or --store NEW to start a new "
        + "store elsewhere."
    }
  }

  /// A clause such as ``FileFingerprint/outcome(at:)`` gives as a sentence: capitalised, with
  /// a full stop.
  private static func sentence(_ clause: String) -> String {
    clause.prefix(1).uppercased() + clause.dropFirst() + "."
  }

  /// How the locations of errors name the `-c` at `index` (from 0) of `count`: `-c` when
  /// there is one, `-c#1`, `-c#2`, … when there are several, since each counts its lines
  /// from 1 and `-c:1:17` alone would not say which it is in.
  static func commandName(_ index: Int, of count: Int) -> String {
    count == 1 ? "-c" : "-c#\(index + 1)"
  }

  /// Why the script `path` is refused before any store opens: it is a store file, given where
  /// a script goes (`bowq Photos.sqlite`, as `sqlite3 file.db` is typed); nil for any other.
  static func storeGivenAsScript(_ path: String) -> String? {
    guard path != "-", let file = try? ResolvedPath(path) else { return nil }
    let word = ShellWord.quoted(path)
    let kind: String
    if CoreDataStore.isSQLiteDatabase(atPath: path) {
      kind = "a SQLite database"
    } else if file.starts(with: Array("bplist".utf8)) {
      kind = "a binary property list"
    } else if file.starts(with: Array("<?xml".utf8)) {
      return "\(path) is an XML document, not a script of statements; if it is a property "
        + "list, `bowq plist \(word)` prints it and `import` reads its objects into a store"
    } else {
      return nil
    }
    return "\(path) is \(kind), not a script of statements; to query it, open it as the "
      + "store: bowq --store \(word)"
  }

  /// A script argument as `$1`, `$2`, … hold it, typed as a literal of bowq's syntax is:
  /// `3` and `4.5` numbers, `YES`/`NO` Booleans, `nil`, `"3"` or `'x'` a quoted string and
  /// `{1, 2}` an aggregate, as `.param set` reads them; any other text — `R`, `Blue Bow Tie`,
  /// `2024-01-31` — is a string as it is, never an expression to work out.
  static func scriptArgument(_ text: String) -> Value {
    let literal =
      Int64(text) != nil || Double(text) != nil
      || ["yes", "no", "true", "false", "nil", "null"].contains(text.lowercased())
      || (text.count >= 2 && (text.first == "\"" || text.first == "'") && text.last == text.first)
      || (text.first == "{" && text.last == "}")
    guard literal, let value = try? Value(constantExpression: text) else { return .string(text) }
    return value
  }

  /// What the interactive shell says first: its version, the store, and its objects, by
  /// entity for a few entities and in all for more (a Core Data app's model often has
  /// dozens), then how to get help and leave.
  static func banner(_ interpreter: Interpreter) -> String {
    let graph = interpreter.context.graph
    let where_: String
    switch interpreter.store {
    case .file(let handle):
      where_ = handle.path + (handle.access == .readOnly ? " (read-only)" : "")
    case .memory: where_ = "in memory (nothing is written)"
    case .coreData(let path, _):
      where_ =
        path
        + (interpreter.writesCoreData
          ? " (a Core Data SQLite store; save writes back into it)"
          : " (a Core Data SQLite store, read-only)")
    }
    let entities = graph.model.entities
    let objects: String
    if entities.count <= bannerEntities {
      objects = entities.map { Interpreter.count(interpreter.objectCount(of: $0.name), $0.name) }
        .joined(separator: ", ")
    } else {
      let total = entities.reduce(0) { $0 + interpreter.objectCount(of: $1.name) }
      objects =
        "\(entities.count) entities, \(Interpreter.count(total, "object")): .entities lists them"
    }
    return "bowq \(version) — store: \(where_)" + (entities.isEmpty ? "" : " (\(objects))")
      + "\nType .help for help, .quit or Ctrl-D to leave."
  }

  /// The most entities the banner names each with its count; of more, it gives the totals.
  static let bannerEntities = 4

  /// The columns of the terminal on `descriptor`, or nil when it is not one.
  static func terminalRows(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }

  static func terminalColumns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Writes a message to standard error with the control characters of any text in it from
  /// outside (a path, a store's content) made visible, its line breaks kept: a crafted file
  /// name cannot send escape codes to the terminal.
  static func writeError(_ text: String) {
    SystemCall.writeAll(ValueText.visibleLines(text), to: STDERR_FILENO)
  }
}

/// A store that cannot be opened or seeded, said in a sentence for the user.
struct LaunchError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
