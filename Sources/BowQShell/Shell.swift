import BowQ
import Foundation
import Synchronization

/// The bowq shell: reads statements from a terminal, a pipe, a script or a `-c` argument,
/// runs them with an ``Interpreter`` and prints results and errors.
///
/// Results go to standard output; errors to standard error. Reports such as
/// `Updated 1 BowTie.` go to standard output at an interactive prompt and to standard error
/// otherwise, so piped results stay clean.
public final class Shell {
  /// The interpreter statements run on: the session's, or the tutorial's while a lesson runs.
  public internal(set) var interpreter: Interpreter
  /// The session's own interpreter while `.tutorial` runs on its scratch one; nil otherwise.
  var userInterpreter: Interpreter?
  /// The tutorial of this session, kept after `.tutorial off` so that `.tutorial` resumes it.
  var tutorial: TutorialRun?
  /// Finds the SampleData.plist the tutorial's lessons start from, when a lesson first needs
  /// it (an installed bowq writes its built-in copy then); nil when there is none.
  public var findSampleData: () -> String? = { nil }
  /// Where `.tutorial` keeps the learner's position between sessions; nil keeps it for the
  /// session only.
  public var tutorialProgressPath: String?
  /// How results are shown and where they go.
  var settings: ShellSettings
  /// What prints results.
  var printer: ResultPrinter
  /// Where the dot-command running now stands in its script (`<stdin>:3: `), for its errors.
  var dotCommandLocation = ""
  /// The scripts running inside each other through `.read`, after the script the session
  /// was started with (``ReadChain``).
  var readChain = ReadChain()
  private let errorStyle: Style

  /// Where the shell writes now: the streams it was given, or — after `.output FILE` or
  /// `.once FILE` — that file for what is not an error.
  var output: ShellOutput { settings.output }
  /// The width of the terminal, when there is one: a table is fitted to it
  /// (``TableFitting``), and shown as records when it cannot be (psql's `\\x auto`).
  public var terminalColumns: () -> Int? {
    get { printer.terminalColumns }
    set { printer.terminalColumns = newValue }
  }
  /// The height of the terminal, when there is one: a result taller than it goes through
  /// the ``pager``.
  public var terminalRows: () -> Int? {
    get { printer.terminalRows }
    set { printer.terminalRows = newValue }
  }
  /// Where results taller than the terminal go at the prompt; nil prints them directly.
  public var pager: (any Paging)? {
    get { printer.pager }
    set { printer.pager = newValue }
  }
  /// How results and the tutorial's headings are coloured on standard output.
  var style: Style { printer.style }

  public init(
    interpreter: Interpreter, format: OutputFormat = .table, keepGoing: Bool = false,
    output: ShellOutput = .standard, style: Style = .plain, errorStyle: Style = .plain
  ) {
    self.interpreter = interpreter
    self.settings = ShellSettings(format: format, keepGoing: keepGoing, output: output)
    self.printer = ResultPrinter(style: style)
    printer.stopwatch = interpreter.stopwatch
    self.errorStyle = errorStyle
  }

  /// Runs a whole text: a script file or a `-c` argument. It stops at the first failing
  /// statement unless ``keepGoing`` is set.
  ///
  /// - Parameter name: how errors name the input (`script.bowq`, `-c`).
  /// - Returns: whether every statement succeeded.
  @discardableResult
  public func run(script text: String, name: String?) -> Bool {
    var reader = StreamLineReader(text: text)
    return run(reader: &reader, interactive: false, name: name)
  }

  /// Reads and runs statements until the input ends. A statement may span lines while a
  /// bracket, brace or string is open, or its line ends in `\`; a line that begins a
  /// statement at its first column (`fetch …`, but not `count: Int32`) ends a bracket left
  /// open, with an error at it, and the run goes on from that line when it goes on after
  /// errors. In a script or a pipe, a line that begins with a clause (`where`, `sort`, …)
  /// continues the statement above it (``StatementContinuation``), so a statement runs only
  /// once the line after it has been seen — from a pipe, or once no next line has arrived.
  ///
  /// - Parameter interactive: a person at a terminal: prompts, errors that do not stop
  ///   the session, Ctrl-C that drops the statement being typed.
  /// - Returns: whether every statement succeeded (always true interactively).
  ///
  /// Ctrl-C requests the interpreter's ``Interpreter/interrupt`` meanwhile (the tutorial's
  /// interpreters share it), which is the token reading and printing check too.
  @discardableResult
  public func run(reader: inout some LineReader, interactive: Bool, name: String? = nil) -> Bool {
    let interrupt = interpreter.interrupt
    let outer = Interrupt.aimHandler(at: interrupt)
    defer { if let outer { Interrupt.aimHandler(at: outer) } }
    return Interrupt.$token.withValue(interrupt) {
      runLines(reader: &reader, interactive: interactive, name: name)
    }
  }

  /// ``run(reader:interactive:name:)`` under the interpreter's interrupt.
  private func runLines(reader: inout some LineReader, interactive: Bool, name: String?) -> Bool {
    var statement = StatementAccumulator(interactive: interactive)
    var succeeded = true
    /// Whether the last line was a request to leave that was answered with a warning about
    /// unsaved changes: the next request leaves.
    var warnedAboutChanges = false
    /// Whether a person may leave now: with pending changes, the first request only warns.
    func mayLeave(_ again: String) -> Bool {
      guard interactive, !warnedAboutChanges else { return true }
      let session = userInterpreter ?? interpreter
      let count = session.context.pendingChanges.count
      guard count > 0 else { return true }
      warnedAboutChanges = true
      output.error(
        "\(count) unsaved change\(count == 1 ? "" : "s") — `\(session.keepingStatement)` to keep "
          + "\(count == 1 ? "it" : "them"), or \(again) again to discard "
          + "\(count == 1 ? "it" : "them")\n")
      return false
    }
    /// Runs the statements of `text`, begun at the accumulator's first line, and records
    /// their outcome; false when the run should stop: at a failure, unless the run goes on
    /// after failures and no refused `.read` stops the chain it is in.
    func run(_ text: String, interactive: Bool, isComplete: Bool) -> Bool {
      record(
        runChunk(
          text, firstLine: statement.firstLine, name: name, interactive: interactive,
          isComplete: isComplete))
    }
    /// Records a chunk's outcome; false when the run should stop.
    func record(_ ok: Bool) -> Bool {
      if ok { return true }
      succeeded = false
      return !readChain.isStopping && (interactive || settings.keepGoing)
    }
    while true {
      Interrupt.reset()
      // A person takes seconds to type a statement: time to take the store's kept indexes
      // into use, which the first statement using one would otherwise wait for.
      if interactive { interpreter.prepareKeptIndexesWhileIdle() }
      let read = reader.readLine(prompt: statement.prompt)
      if case .endOfInput = read, statement.isEmpty, !mayLeave("Ctrl-D") { continue }
      switch read {
      case .endOfInput:
        if let text = statement.take() {
          _ = run(text, interactive: interactive, isComplete: false)
        }
        return succeeded || interactive
      case .interrupted:
        warnedAboutChanges = false
        if !interactive { return false }
        if statement.isEmpty { output.error("(To exit, press Ctrl-D or type .quit)\n") }
        statement.drop()
      case .line(let line):
        statement.count()
        if !line.allSatisfy(\.isWhitespace), !Self.isQuit(line) { warnedAboutChanges = false }
        if let held = statement.releaseHeld(before: line) {
          guard run(held, interactive: false, isComplete: true) else { return false }
        }
        if let invalid = reader.invalidByte {
          reportInvalidByte(invalid, in: line, lineNumber: statement.lineNumber, name: name)
          statement.drop()
          guard record(false) else { return false }
          continue
        }
        if let cut = statement.releaseCutShort(by: line) {
          guard run(cut, interactive: interactive, isComplete: false) else { return false }
        }
        if statement.isEmpty {
          statement.begin()
          let trimmed = Shell.trimmingBlanks(line)
          if trimmed.isEmpty { continue }
          if trimmed.hasPrefix(".") || trimmed.hasPrefix("\\") {
            if interactive { reader.addToHistory(trimmed) }
            let location =
              interactive
              ? "" : "\(ValueText.visible(name ?? "<stdin>")):\(statement.lineNumber): "
            switch runDotCommand(trimmed, location: location) {
            case .quit:
              if !mayLeave(trimmed.split(separator: " ").first.map(String.init) ?? ".quit") {
                continue
              }
              return succeeded || interactive
            case .failed: guard record(false) else { return false }
            case .done: break
            }
            continue
          }
        }
        guard let text = statement.add(line) else { continue }
        if interactive { reader.addToHistory(text) }
        if interactive, let hint = Self.hint(forWord: text) {
          output.error(hint)
          statement.drop()
          continue
        }
        if !interactive, reader.hasLineWaiting() {
          statement.hold()
          continue
        }
        let ok = run(text, interactive: interactive, isComplete: true)
        statement.drop()
        guard ok else { return false }
      }
    }
  }

  /// `text` without the blanks at its ends — tabs and Unicode's space separators, as
  /// Foundation's `CharacterSet.whitespaces` has them — read scalar by scalar, without
  /// Foundation's string bridging on the path of every line.
  static func trimmingBlanks(_ text: String) -> String {
    let scalars = text.unicodeScalars
    func isBlank(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    guard let first = scalars.firstIndex(where: { !isBlank($0) }),
      let last = scalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  /// What a person typing `help`, `quit` or `exit` at the prompt, as python and psql allow,
  /// or the word another shell takes for clearing the screen or listing tables, is told
  /// instead of an unknown statement.
  static func hint(forWord text: String) -> String? {
    var word = trimmingBlanks(text).lowercased()
    if word.hasSuffix(";") { word.removeLast() }
    switch word {
    case "help", "?": return "Type .help for the statements and commands.\n"
    case "quit", "exit", "q": return "Type .quit or press Ctrl-D to leave.\n"
    case "clear", "cls": return "Press Ctrl-L to clear the screen.\n"
    case "tables", "ls", "dir":
      return "Type .entities for the entities and their counts, .schema for their attributes.\n"
    default: return nil
    }
  }

  /// Whether `line` is `.quit` or one of its aliases.
  static func isQuit(_ line: String) -> Bool {
    let word = line.split(separator: " ").first.map(String.init) ?? ""
    return DotCommand.named(word)?.name == ".quit"
  }

  /// Reports a byte of `line` that is no UTF-8, at its place: the statement it is in is not
  /// run, as its text would not be the script's.
  private func reportInvalidByte(
    _ invalid: InvalidByte, in line: String, lineNumber: Int, name: String?
  ) {
    let diagnostics = DiagnosticFormatter(
      sourceName: name, source: line, firstLine: lineNumber, style: errorStyle)
    let offset = line.unicodeScalars.prefix(invalid.column - 1).reduce(0) {
      $0 + UTF8.width($1)
    }
    let start = SourceLocation(offset: offset, line: lineNumber, column: invalid.column)
    let end = SourceLocation(offset: offset + 3, line: lineNumber, column: invalid.column + 1)
    let hex = String(invalid.value, radix: 16, uppercase: true)
    output.error(
      diagnostics.format(
        "invalid UTF-8 byte 0x\(hex): bowq reads scripts as UTF-8",
        at: SourceRange(start, end)))
  }

  /// Whether `line` begins a statement at its first column: a statement word not followed
  /// by `:` (which makes it a property of an entity being defined).
  static func beginsStatement(_ line: String) -> Bool {
    guard let first = line.unicodeScalars.first, first.properties.isAlphabetic else {
      return false
    }
    var lexer = Lexer(line)
    guard case .some(.identifier(let word)) = try? lexer.next().kind,
      StatementKeyword(word: word) != nil
    else { return false }
    return (try? lexer.next().kind) != .punctuation(.colon)
  }

  /// Runs the statements of `text`, one at a time as they are parsed; returns whether all
  /// succeeded. It stops at the first failure unless ``keepGoing`` is set.
  ///
  /// - Parameter isComplete: false when the text was cut short (the input ended, or a new
  ///   statement began) with a string or bracket open: that is reported at where it opened.
  private func runChunk(
    _ text: String, firstLine: Int, name: String?, interactive: Bool, isComplete: Bool
  ) -> Bool {
    let diagnostics = DiagnosticFormatter(
      sourceName: name, source: text, firstLine: firstLine, style: errorStyle)
    if !isComplete, case .openBrackets(let open) = Lexer.ending(of: text, firstLine: firstLine),
      let innermost = open.last
    {
      let bracket = innermost.punctuation
      output.error(
        diagnostics.format(
          "unclosed \"\(bracket.rawValue)\": add its closing \"\(bracket.closingBracket.rawValue)\"",
          at: innermost.range))
      return false
    }
    var statements = StatementStream(text, firstLine: firstLine)
    var succeeded = true
    while true {
      let ok: Bool
      do {
        guard let statement = try statements.next() else { return succeeded }
        ok = execute(statement, diagnostics: diagnostics, interactive: interactive)
      } catch {
        output.error(diagnostics.format(error.message, at: error.range))
        reportUnparsedTry()
        ok = false
      }
      if !ok {
        succeeded = false
        if !settings.keepGoing { return false }
      }
    }
  }

  /// Runs one statement and prints its result or error; returns whether it succeeded.
  private func execute(_ statement: Statement, diagnostics: DiagnosticFormatter, interactive: Bool)
    -> Bool
  {
    let start = settings.showsTimes ? interpreter.stopwatch() : nil
    printer.timeInPager = 0
    defer { reportTutorialVerdict() }
    defer { settings.endOnce() }
    defer {
      if let start {
        let elapsed = interpreter.stopwatch() &- start
        let own = elapsed > printer.timeInPager ? elapsed - printer.timeInPager : 0
        output.error("Time: \(Interpreter.milliseconds(own))\n")
      }
    }
    do {
      let result =
        interactive
        ? try WorkIndicator.whileRunning(watching: interpreter.interrupt) { try run(statement) }
        : try run(statement)
      try printer.print(
        result, interactive: interactive, settings: settings, lesson: interpreter.lesson)
      for note in interpreter.notes {
        output.error(diagnostics.format(note.message, at: note.range, kind: note.kind.rawValue))
      }
      return true
    } catch let error as LanguageError {
      output.error(diagnostics.format(error.message, at: error.range))
    } catch let error as EvaluationError {
      output.error(diagnostics.format(error.message, at: error.range, kind: "runtime error"))
    } catch let error as SaveError {
      let count = error.errors.count == 1 ? "" : " with \(error.errors.count) errors"
      let what =
        statement.kind == .validate
        ? "validation failed\(count)" : "save failed\(count); nothing was written"
      let declarations = RuleDeclarations.lines(
        for: Array(error.errors.prefix(SaveError.listedErrorLimit)),
        in: interpreter.context.graph.model)
      output.error(
        diagnostics.format(what, at: statement.range)
          + ValueText.visibleLines(error.description) + "\n"
          + declarations.map { ValueText.visible($0) + "\n" }.joined()
          + "The changes are still pending: fix them, or `rollback` to discard them.\n")
    } catch let error as StoreError where error.isDamage {
      output.error(
        diagnostics.format(error.description, at: statement.range)
          + "Nothing was changed. Use --read-only to look at what can be read from the store.\n")
    } catch is Interrupted {
      output.error(
        statement.kind == .save
          ? "Interrupted. Nothing was saved; the changes are still pending.\n" : "Interrupted.\n")
    } catch {
      output.error(diagnostics.format(String(describing: error), at: statement.range))
    }
    return false
  }

  /// Runs a line that starts with a dot: the command of ``DotCommand/all`` it names, or an
  /// error with the closest name (a line in psql's spelling, `\q`, is told the command's
  /// name). `location` (`<stdin>:3: `, empty at the prompt) starts its errors.
  private func runDotCommand(_ text: String, location: String) -> DotCommand.Outcome {
    let outer = dotCommandLocation
    dotCommandLocation = location
    defer { dotCommandLocation = outer }
    let line = DotCommand.Line(text)
    if text.hasPrefix("\\") {
      dotCommandError(DotCommand.psqlHint(for: text))
      return .failed
    }
    guard let command = DotCommand.named(line.words[0]) else {
      dotCommandError(
        "unknown command \(ValueText.visible(line.words[0]))."
          + NameSuggestion.hint(for: line.words[0], among: DotCommand.all.map(\.name))
          + " Type .help for the list.")
      return .failed
    }
    return command.action(self, line)
  }

  /// What `.help` prints: the statements of ``StatementKeyword``, each with what it does,
  /// then the dot-commands of ``DotCommand/all``.
  static let helpText =
    "Statements (end each with a newline or ;):\n"
    + StatementKeyword.allCases.map { "  \($0.synopsis)\n      \($0.summary)\n" }.joined()
      + """
      Predicates are NSPredicate format strings, e.g.
        rating > 3 AND name CONTAINS[c] "blue"
        searchKey IN {"R", "G"}    lastWorn == nil    name LIKE "*Tie"
      Shell commands:

      """ + DotCommand.helpLines
}

/// Where the shell writes: standard output and standard error, or anything else in tests.
public struct ShellOutput: Sendable {
  public var write: @Sendable (String) -> Void
  public var error: @Sendable (String) -> Void

  public init(
    write: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
  ) {
    self.write = write
    self.error = error
  }

  /// The process's standard output and error, written at once and so in order. The first
  /// write to standard output that fails (a full disk) is said on standard error, and what
  /// follows it is dropped; ``standardOutputError`` then holds its `errno`.
  public static let standard = ShellOutput(
    write: { text in
      guard standardOutputError == nil else { return }
      let error = SystemCall.writeAll(text, to: STDOUT_FILENO)
      guard error != 0 else { return }
      let first = standardOutputFailure.withLock { kept in
        defer { kept = kept ?? error }
        return kept == nil
      }
      if first { sayStandardOutputFailed(error) }
    },
    error: { text in SystemCall.writeAll(text, to: STDERR_FILENO) })

  /// The `errno` of the first write of ``standard`` to standard output that failed, if one
  /// did: the process then ends with a failing status, as its output is incomplete.
  public static var standardOutputError: Int32? { standardOutputFailure.withLock { $0 } }

  private static let standardOutputFailure = Mutex<Int32?>(nil)

  /// Says on standard error that a write to standard output failed with `error`.
  static func sayStandardOutputFailed(_ error: Int32) {
    let reason = String(cString: strerror(error))
    SystemCall.writeAll("bowq: cannot write standard output: \(reason)\n", to: STDERR_FILENO)
  }
}
