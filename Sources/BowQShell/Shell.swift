import BowQ
import Foundation

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
  public var format: OutputFormat
  /// Go on after a failing statement in scripts and pipes (`--keep-going`).
  public var keepGoing: Bool
  /// Whether table, box and csv results start with the names (`.headers on|off`).
  public var showsHeaders = true
  /// Whether each statement is followed by the time it took (`.timer on`).
  public var showsTimes = false
  /// Where the dot-command running now stands in its script (`<stdin>:3: `), for its errors.
  var dotCommandLocation = ""
  /// The scripts running inside each other through `.read`, after the script the session
  /// was started with (``ReadChain``).
  var readChain = ReadChain()
  /// The width of the terminal, when there is one: a table is fitted to it
  /// (``TableFitting``), and shown as records when it cannot be (psql's `\\x auto`).
  public var terminalColumns: () -> Int? = { nil }
  /// The height of the terminal, when there is one: a result taller than it goes through
  /// the ``pager``.
  public var terminalRows: () -> Int? = { nil }
  /// Where results taller than the terminal go at the prompt; nil prints them directly.
  public var pager: (any Paging)?
  /// How long the statement running has waited for the pager, which `.timer` leaves out.
  var timeInPager: UInt64 = 0
  /// The locale `show` reads dates in: the one the environment names (see
  /// ``EnvironmentLocale``), or one a test fixes.
  public var locale = Locale.current
  /// The time zone `show` reads dates in: the process's (`TZ`), or one a test fixes.
  public var timeZone = TimeZone.current
  /// Whether the pager is used (`.pager on|off`).
  public var usesPager = true
  /// Where the shell writes now: the streams it was given, or — after `.output FILE` or
  /// `.once FILE` — that file for what is not an error.
  var output: ShellOutput
  /// The streams the shell was given, which `.output` with no file goes back to.
  let standardOutput: ShellOutput
  /// Whether `.once` sent only the next statement's output to a file.
  var redirectsOnce = false
  /// How results and the tutorial's headings are coloured on standard output.
  let style: Style
  private let errorStyle: Style

  public init(
    interpreter: Interpreter, format: OutputFormat = .table, keepGoing: Bool = false,
    output: ShellOutput = .standard, style: Style = .plain, errorStyle: Style = .plain
  ) {
    self.interpreter = interpreter
    self.format = format
    self.keepGoing = keepGoing
    self.output = output
    self.standardOutput = output
    self.style = style
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
    var pending: [String] = []
    /// How the pending lines end.
    var ending = Lexer.Ending.complete
    /// Whether `pending` is a whole statement held until the next line shows whether it
    /// continues it.
    var awaitsNextLine = false
    var lineNumber = 0
    var firstLine = 1
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
    /// Records a chunk's outcome; false when the run should stop: at a failure, unless the
    /// run goes on after failures and no refused `.read` stops the chain it is in.
    func record(_ ok: Bool) -> Bool {
      if ok { return true }
      succeeded = false
      return !readChain.isStopping && (interactive || keepGoing)
    }
    while true {
      Interrupt.reset()
      let prompt = pending.isEmpty ? "bowq> " : "  ...> "
      let read = reader.readLine(prompt: prompt)
      if case .endOfInput = read, pending.isEmpty, !mayLeave("Ctrl-D") { continue }
      switch read {
      case .endOfInput:
        if !pending.isEmpty {
          _ = record(
            runChunk(
              pending.joined(separator: "\n"), firstLine: firstLine, name: name,
              interactive: interactive, isComplete: false))
        }
        return succeeded || interactive
      case .interrupted:
        warnedAboutChanges = false
        if !interactive { return false }
        if pending.isEmpty { output.error("(To exit, press Ctrl-D or type .quit)\n") }
        pending = []
        awaitsNextLine = false
      case .line(let line):
        lineNumber += 1
        if !line.allSatisfy(\.isWhitespace), !Self.isQuit(line) { warnedAboutChanges = false }
        if awaitsNextLine {
          awaitsNextLine = false
          let text = pending.joined(separator: "\n")
          if !StatementContinuation.continues(text, withLine: line) {
            let ok = runChunk(
              text, firstLine: firstLine, name: name, interactive: false, isComplete: true)
            pending = []
            guard record(ok) else { return false }
          }
        }
        if let invalid = reader.invalidByte {
          reportInvalidByte(invalid, in: line, lineNumber: lineNumber, name: name)
          pending = []
          guard record(false) else { return false }
          continue
        }
        if !pending.isEmpty, Shell.beginsStatement(line), case .openBrackets = ending {
          let ok = runChunk(
            pending.joined(separator: "\n"), firstLine: firstLine, name: name,
            interactive: interactive, isComplete: false)
          pending = []
          guard record(ok) else { return false }
        }
        if pending.isEmpty {
          firstLine = interactive ? 1 : lineNumber
          if interactive { lineNumber = 1 }
          let trimmed = Shell.trimmingBlanks(line)
          if trimmed.isEmpty { continue }
          if trimmed.hasPrefix(".") || trimmed.hasPrefix("\\") {
            if interactive { reader.addToHistory(trimmed) }
            let location =
              interactive ? "" : "\(ValueText.visible(name ?? "<stdin>")):\(lineNumber): "
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
        ending = Shell.ending(
          of: pending, from: firstLine, endingAs: ending, then: line, at: lineNumber)
        pending.append(line)
        if ending != .complete { continue }
        let text = pending.joined(separator: "\n")
        if interactive { reader.addToHistory(text) }
        if interactive, let hint = Self.hint(forWord: text) {
          output.error(hint)
          pending = []
          continue
        }
        if !interactive, reader.hasLineWaiting() {
          awaitsNextLine = true
          continue
        }
        let ok = runChunk(
          text, firstLine: firstLine, name: name, interactive: interactive, isComplete: true)
        pending = []
        guard record(ok) else { return false }
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
  /// is told instead of an unknown statement.
  static func hint(forWord text: String) -> String? {
    var word = trimmingBlanks(text).lowercased()
    if word.hasSuffix(";") { word.removeLast() }
    switch word {
    case "help", "?": return "Type .help for the statements and commands.\n"
    case "quit", "exit", "q": return "Type .quit or press Ctrl-D to leave.\n"
    default: return nil
    }
  }

  /// How many changes `changes` lists before it summarises the rest.
  static let changesShown = 50

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

  /// How the statement of `pending` lines (from line `firstLine` of the input), which end as
  /// `ending`, ends once `line` (line `lineNumber`) is added: the line alone is lexed after
  /// lines that end inside brackets, so a statement of many lines is lexed once, not once a
  /// line.
  static func ending(
    of pending: [String], from firstLine: Int, endingAs ending: Lexer.Ending, then line: String,
    at lineNumber: Int
  ) -> Lexer.Ending {
    if pending.isEmpty { return Lexer.ending(of: line, firstLine: lineNumber) }
    guard case .openBrackets(let open) = ending else {
      return Lexer.ending(of: (pending + [line]).joined(separator: "\n"), firstLine: firstLine)
    }
    return Lexer.ending(of: line, firstLine: lineNumber, inside: open)
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
        if !keepGoing { return false }
      }
    }
  }

  /// Runs one statement and prints its result or error; returns whether it succeeded.
  private func execute(_ statement: Statement, diagnostics: DiagnosticFormatter, interactive: Bool)
    -> Bool
  {
    let start = showsTimes ? interpreter.stopwatch() : nil
    timeInPager = 0
    defer { reportTutorialVerdict() }
    defer {
      if redirectsOnce {
        output = standardOutput
        redirectsOnce = false
      }
    }
    defer {
      if let start {
        let elapsed = interpreter.stopwatch() &- start
        let own = elapsed > timeInPager ? elapsed - timeInPager : 0
        output.error("Time: \(Interpreter.milliseconds(own))\n")
      }
    }
    do {
      let result = try run(statement)
      try print(result, interactive: interactive)
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
    } catch is Interrupted {
      output.error(
        statement.kind == .save
          ? "Interrupted. Nothing was saved; the changes are still pending.\n" : "Interrupted.\n")
    } catch {
      output.error(diagnostics.format(String(describing: error), at: statement.range))
    }
    return false
  }

  /// Writes a result as its renderer makes it: the first piece (a table's first page) at
  /// once, then in pieces of about 64 KB, so a large result starts at once and is never
  /// held whole as text.
  private func stream(_ result: ResultSet, _ renderer: some ResultRenderer) throws(Interrupted) {
    var buffer = ""
    var isFirst = true
    defer { if !buffer.isEmpty { output.write(buffer) } }
    try renderer.write(result) { piece in
      buffer += piece
      if isFirst || buffer.utf8.count >= 1 << 16 {
        output.write(buffer)
        buffer = ""
        isFirst = false
      }
    }
  }

  /// Sends a result of `lines` lines through the pager when it is taller than the terminal
  /// at the prompt; false when it is to be written directly. A pager that cannot be started
  /// or fails is said once, and not tried again this session: results print directly.
  private func page(
    lines: Int, interactive: Bool,
    _ body: (_ write: (String) -> Void) throws(Interrupted) -> Void
  ) throws(Interrupted) -> Bool {
    guard interactive, usesPager, let pager, let rows = terminalRows(), lines >= rows else {
      return false
    }
    switch try pager.show(timing: interpreter.stopwatch, waited: &timeInPager, body) {
    case .shown:
      return true
    case .failed(let reason):
      output.error(
        ValueText.visible(
          "cannot start the pager \"\(pager.command)\": \(reason); printing directly, "
            + "as from now on in this session (PAGER names the pager)") + "\n")
      self.pager = nil
      return false
    }
  }

  private func print(_ result: StatementResult, interactive: Bool) throws(Interrupted) {
    let rowsPerPage =
      interactive
      ? terminalRows().map { max($0, 10) } ?? TableRenderer.defaultRowsPerPage
      : TableRenderer.defaultRowsPerPage
    let renderer = format.renderer(style: style, headers: showsHeaders, rowsPerPage: rowsPerPage)
    switch result {
    case .objects(let resultSet):
      var shown = format
      let width = interactive ? terminalColumns() : nil
      if format == .table, let width,
        !TableRenderer.fits(
          resultSet, width: width, rowsPerPage: rowsPerPage, showsHeader: showsHeaders)
      {
        shown = .line
      }
      let renderer = shown.renderer(
        style: style, headers: showsHeaders, rowsPerPage: rowsPerPage, width: width)
      let lines = resultSet.rows.count * (shown == .line ? resultSet.columns.count + 1 : 1) + 2
      if try page(
        lines: lines, interactive: interactive,
        { write throws(Interrupted) in
          try renderer.write(resultSet, to: write)
        })
      {
        return
      }
      try stream(resultSet, renderer)
    case .count(_, let n):
      output.write(renderer.render(count: n))
    case .changes(let changes, _) where format.isJSON:
      output.write(JSONValue.array(changes.map(JSONValue.init)).serialized() + "\n")
    case .changes(let changes, let all):
      let shown = all ? changes[...] : changes.prefix(Self.changesShown)
      output.write(ChangesRenderer.render(Array(shown)))
      if shown.count < changes.count {
        output.write(
          "… and \(DigitGrouping.format(changes.count - shown.count)) more; "
            + "`changes all` lists every one\n")
      }
    case .explanation(let lines) where format.isJSON:
      output.write(
        JSONValue.object([("plan", .array(lines.map(JSONValue.string)))]).serialized() + "\n")
    case .explanation(let lines):
      output.write(lines.map { ValueText.visible($0) + "\n" }.joined())
      if let lesson = interpreter.lesson { output.write(LessonRenderer.render(lesson)) }
    case .why(let explanations) where format.isJSON:
      output.write(JSONValue.array(explanations.map(WhyTreeRenderer.json)).serialized() + "\n")
    case .why(let explanations):
      output.write(WhyTreeRenderer.render(explanations))
    case .cards(let cards) where format.isJSON:
      output.write(CardRenderer.json(cards).serialized() + "\n")
    case .cards(let cards):
      output.write(CardRenderer(style: style, locale: locale, timeZone: timeZone).render(cards))
    case .report(let report):
      let text = ValueText.visibleLines(ReportPhrasing.sentence(report))
      if interactive {
        output.write(style.dim(text) + "\n")
      } else {
        output.error(text + "\n")
      }
    }
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

  /// The process's standard output and error, flushed in order.
  public static let standard = ShellOutput(
    write: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    error: { text in FileHandle.standardError.write(Data(text.utf8)) })
}
