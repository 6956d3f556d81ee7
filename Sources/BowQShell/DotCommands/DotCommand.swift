/// A shell command that starts with a dot, as one row of ``DotCommand/all``: `.help` lists
/// the rows, the shell runs the row a line names, and a mistyped name is matched against
/// them for a "did you mean".
struct DotCommand: Sendable {
  /// A line of `.help`: the command with its arguments, and what it does.
  struct Usage: Sendable {
    var synopsis: String
    var summary: String
  }

  /// What running a dot-command leaves the shell to do.
  enum Outcome {
    /// Read the next line.
    case done
    /// The command failed: a script stops here unless it keeps going.
    case failed
    /// Leave the shell.
    case quit
  }

  /// A dot-command as typed: the whole line, and its words split at spaces (the name first).
  struct Line {
    var text: String
    var words: [String]

    init(_ text: String) {
      self.text = text
      words = text.split(separator: " ").map(String.init)
    }
  }

  /// The name `.help` shows and "did you mean" suggests: `.mode`.
  var name: String
  /// Other spellings that run the same command: `.format`.
  var aliases: [String] = []
  /// What psql calls the command (`\q`), which bowq answers with this command's name.
  var psql: [String] = []
  /// The lines `.help` shows for the command, in order.
  var usage: [Usage]
  /// Runs the command on a shell.
  var action: @Sendable (Shell, Line) -> Outcome

  /// Every dot-command, in the order `.help` lists them.
  static let all: [DotCommand] = [
    DotCommand(
      name: ".help", psql: ["\\?", "\\h"],
      usage: [
        Usage(synopsis: ".help", summary: "this text"),
        Usage(
          synopsis: ".help TOPIC", summary: "one statement or command: .help fetch, .help .mode"),
      ]
    ) { shell, line in shell.showHelp(line) },
    DotCommand(
      name: ".mode", aliases: [".format"],
      usage: [
        Usage(synopsis: ".mode FORMAT", summary: "table, box, json, jsonl, csv or line"),
        Usage(synopsis: ".mode", summary: "the format in use"),
      ]
    ) { shell, line in shell.setMode(line) },
    DotCommand(
      name: ".tables", aliases: [".entities"], psql: ["\\dt", "\\l"],
      usage: [Usage(synopsis: ".tables", summary: "the entities and how many objects each has")]
    ) { shell, _ in shell.listEntities() },
    DotCommand(
      name: ".schema", psql: ["\\d"],
      usage: [
        Usage(synopsis: ".schema [Entity]", summary: "the model (as JSON in the json formats)"),
        Usage(
          synopsis: ".schema --diagram",
          summary: "the model drawn as boxes; --format mermaid|dot for documents"),
        Usage(synopsis: ".schema --format F", summary: "the same as .schema --diagram --format F"),
      ]
    ) { shell, line in shell.showSchema(line) },
    DotCommand(
      name: ".output", psql: ["\\o"],
      usage: [
        Usage(synopsis: ".output FILE", summary: "write later results to FILE (replacing it)"),
        Usage(synopsis: ".output", summary: "write results to the screen again"),
      ]
    ) { shell, line in shell.redirectOutput(line, once: false) },
    DotCommand(
      name: ".once",
      usage: [Usage(synopsis: ".once FILE", summary: "write the next statement's result to FILE")]
    ) { shell, line in shell.redirectOutput(line, once: true) },
    DotCommand(
      name: ".headers",
      usage: [Usage(synopsis: ".headers on|off", summary: "names above table, box and csv results")]
    ) { shell, line in shell.setHeaders(line) },
    DotCommand(
      name: ".pager",
      usage: [
        Usage(synopsis: ".pager on|off", summary: "results taller than the screen through $PAGER")
      ]
    ) { shell, line in shell.setPager(line) },
    DotCommand(
      name: ".timer", psql: ["\\timing"],
      usage: [Usage(synopsis: ".timer on|off", summary: "show how long each statement took")]
    ) { shell, line in shell.setTimer(line) },
    DotCommand(
      name: ".read", psql: ["\\i"],
      usage: [Usage(synopsis: ".read FILE", summary: "run the statements of a .bowq file")]
    ) { shell, line in shell.readScript(line) },
    DotCommand(
      name: ".param", aliases: [".parameter"],
      usage: [
        Usage(
          synopsis: ".param set NAME VALUE",
          summary: "give $NAME a value: 3, 4.5, \"text\", YES, nil, {1, 2}, CAST(…)"),
        Usage(synopsis: ".param unset NAME", summary: "forget $NAME"),
        Usage(synopsis: ".param list", summary: "the parameters and their values"),
      ]
    ) { shell, line in shell.manageParameters(line) },
    DotCommand(
      name: ".reload",
      usage: [
        Usage(
          synopsis: ".reload",
          summary: "read the store again from its file, after another program changed it")
      ]
    ) { shell, _ in shell.reloadStore() },
    DotCommand(
      name: ".tutorial",
      usage: [
        Usage(synopsis: ".tutorial", summary: "lessons at the prompt; again to resume them"),
        Usage(
          synopsis: ".tutorial N|list|off",
          summary: "start lesson N, list the lessons, or leave them"),
      ]
    ) { shell, line in shell.runTutorial(line) },
    DotCommand(
      name: ".quit", aliases: [".exit", ".q"], psql: ["\\q"],
      usage: [Usage(synopsis: ".quit", summary: "leave (or Ctrl-D)")]
    ) { _, _ in .quit },
  ]

  /// The command a name or alias spells, if any.
  static func named(_ name: String) -> DotCommand? {
    all.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// What a line in psql's spelling (`\q`, `\d BowTie`) is told: the command that does
  /// its work here.
  static func psqlHint(for text: String) -> String {
    let word = text.split(separator: " ").first.map(String.init) ?? text
    guard let command = all.first(where: { $0.psql.contains(word) }) else {
      return "bowq's commands begin with a dot; .help lists them"
    }
    return "bowq's commands begin with a dot: \(word) is \(command.name) here"
  }

  /// The width synopses are padded to in `.help`.
  private static let synopsisColumn = 18

  /// The lines of `.help` for every command, each indented two spaces.
  static var helpLines: String {
    all.map(\.helpLines).joined()
  }

  /// This command's lines of `.help`: synopses padded to ``synopsisColumn``, or, when one
  /// leaves less than two spaces there (`.param set NAME VALUE`), all of them to three
  /// past the longest.
  var helpLines: String {
    let longest = usage.map(\.synopsis.count).max() ?? 0
    let column = longest + 2 <= Self.synopsisColumn ? Self.synopsisColumn : longest + 3
    return usage.map { line in
      "  " + line.synopsis + String(repeating: " ", count: column - line.synopsis.count)
        + line.summary + "\n"
    }.joined()
  }
}
