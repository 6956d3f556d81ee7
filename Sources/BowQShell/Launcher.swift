import BowQ
import Foundation

/// Carries out a parsed command line: opens the store, builds the interpreter and shell,
/// runs the statements, and answers the exit status.
///
/// Exit status: 0 when every statement succeeded, 1 when one failed (or the store could not
/// be opened), 2 for a bad command line.
public enum Launcher {
  public static let version = "0.1.0"

  public static func main(arguments: [String], environment: [String: String]) -> Int32 {
    let invocation: Invocation
    do {
      invocation = try CommandLineOptions.parse(arguments)
    } catch {
      writeError("\(error)\n\(CommandLineError.hint)\n")
      return CommandLineError.exitStatus
    }
    let paths = Paths(environment: environment)
    switch invocation {
    case .help:
      print(CommandLineOptions.helpText(defaultStorePath: paths.defaultStorePath), terminator: "")
      return 0
    case .version:
      print("bowq \(version)")
      return 0
    case .plist(let options):
      return PlistCommand.run(options)
    case .run(let options):
      return run(options, paths: paths, environment: environment)
    }
  }

  private static func run(_ options: RunOptions, paths: Paths, environment: [String: String]) -> Int32 {
    let clock: () -> Date
    if let fixed = environment["BOWQ_NOW"], !fixed.isEmpty {
      guard let date = ISO8601Dates.parse(fixed) else {
        writeError("bowq: BOWQ_NOW=\(fixed) is not an ISO 8601 date such as 2024-05-01T12:00:00Z\n")
        return CommandLineError.exitStatus
      }
      clock = { date }
    } else {
      clock = Date.init
    }
    let destination: StoreDestination
    let seeds: Bool
    switch options.store {
    case .defaultStore:
      destination = .file(paths.defaultStorePath)
      seeds = true
    case .file(let path):
      destination = .file(path)
      seeds = options.seedsSampleData
    case .memory:
      destination = .memory
      seeds = options.seedsSampleData
    }
    let interpreter: Interpreter
    do {
      interpreter = try openStore(destination, seeds: seeds, paths: paths, clock: clock)
    } catch {
      writeError("bowq: \(error)\n")
      return 1
    }

    let interactive = options.source == .standardInput && isatty(0) == 1 && isatty(1) == 1
    let colors = ColorPolicy(mode: options.color, environment: environment)
    let shell = Shell(
      interpreter: interpreter, format: options.format ?? .table, keepGoing: options.keepsGoing,
      style: Style(policy: colors, fileDescriptor: 1), errorStyle: Style(policy: colors, fileDescriptor: 2))

    switch options.source {
    case .commands(let commands):
      for command in commands where !shell.run(script: command, name: "-c") { return 1 }
      return 0
    case .script(let path, let arguments):
      for (i, argument) in arguments.enumerated() { interpreter.variables[String(i + 1)] = .string(argument) }
      if path == "-" {
        var reader = StreamLineReader(fileDescriptor: 0)
        return shell.run(reader: &reader, interactive: false, name: "<stdin>") ? 0 : 1
      }
      var reader: StreamLineReader
      do {
        reader = try StreamLineReader(contentsOfFile: path)
      } catch {
        writeError("bowq: cannot read script \(path): \(error.reason)\n")
        return CommandLineError.exitStatus
      }
      interpreter.baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      return shell.run(reader: &reader, interactive: false, name: path) ? 0 : 1
    case .standardInput:
      if interactive, var reader = EditLineReader(historyPath: paths.historyPath, promptStyle: Style(policy: colors, fileDescriptor: 1)) {
        shell.terminalColumns = { terminalColumns(of: 1) }
        print(banner(destination, interpreter))
        shell.run(reader: &reader, interactive: true)
        return 0
      }
      var reader = StreamLineReader(fileDescriptor: 0)
      return shell.run(reader: &reader, interactive: false, name: "<stdin>") ? 0 : 1
    }
  }

  /// Loads the store (or starts a new one), seeding the BowTies sample when asked.
  static func openStore(
    _ destination: StoreDestination, seeds: Bool, paths: Paths, clock: @escaping () -> Date
  ) throws -> Interpreter {
    var graph = ObjectGraph()
    var isNew = true
    if case .file(let path) = destination {
      do {
        graph = try StoreFile.load(from: path)
        isNew = false
      } catch StoreError.fileNotFound {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if path == paths.defaultStorePath { try Paths.createPrivateDirectory(atPath: folder) }
      } catch {
        throw LaunchError(
          message: "cannot open the store: \(error)\nThe file was left untouched. "
            + "Use --store PATH to work on another store, or --memory for an empty one.")
      }
    }
    let interpreter = Interpreter(context: Context(graph: graph), store: destination, clock: clock)
    if seeds {
      guard let sample = paths.sampleDataPath() else {
        throw LaunchError(
          message: "cannot find SampleData.plist to seed the store; set BOWQ_SAMPLE_DATA to its path")
      }
      do {
        try BowTiesSample.seed(interpreter, sampleDataPath: sample)
      } catch {
        throw LaunchError(message: "cannot seed the store from \(sample): \(error)")
      }
    }
    if isNew, case .file(let path) = destination, !FileManager.default.fileExists(atPath: path) {
      try StoreFile.save(interpreter.context.graph, to: path)
    }
    return interpreter
  }

  static func banner(_ destination: StoreDestination, _ interpreter: Interpreter) -> String {
    let graph = interpreter.context.graph
    let where_: String
    switch destination {
    case .file(let path): where_ = path
    case .memory: where_ = "in memory (nothing is written)"
    }
    let counts = graph.model.entities.map { Interpreter.count(graph.table($0.name).count, $0.name) }
    return "bowq \(version) — store: \(where_)"
      + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")
      + "\nType .help for help, .quit or Ctrl-D to leave."
  }

  /// The columns of the terminal on `descriptor`, or nil when it is not one.
  static func terminalColumns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// A store that cannot be opened or seeded, said in a sentence for the user.
struct LaunchError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
