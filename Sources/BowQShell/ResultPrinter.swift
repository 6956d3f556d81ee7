import BowQ

/// What prints a statement's result: in the format of the shell's settings, a table fitted
/// to the terminal (or one record an object when it cannot be), a result taller than the
/// terminal through the pager, and a large one in pieces as it is rendered.
struct ResultPrinter {
  /// How results are coloured on standard output.
  let style: Style
  /// The width of the terminal, when there is one: a table is fitted to it
  /// (``TableFitting``), and shown as records when it cannot be (psql's `\\x auto`).
  var terminalColumns: () -> Int? = { nil }
  /// The height of the terminal, when there is one: a result taller than it goes through
  /// the ``pager``.
  var terminalRows: () -> Int? = { nil }
  /// Where results taller than the terminal go at the prompt; nil prints them directly.
  var pager: (any Paging)?
  /// The clock `timeInPager` is measured with (the interpreter's stopwatch).
  var stopwatch: () -> UInt64 = { 0 }
  /// How long the statement printing has waited for the pager, which `.timer` leaves out.
  var timeInPager: UInt64 = 0

  /// How many changes `changes` lists before it summarises the rest.
  static let changesShown = 50

  init(style: Style) {
    self.style = style
  }

  /// Writes a result as its renderer makes it: the first piece (a table's first page) at
  /// once, then in pieces of about 64 KB, so a large result starts at once and is never
  /// held whole as text.
  private func stream(
    _ result: ResultSet, _ renderer: some ResultRenderer, to output: ShellOutput
  ) throws(Interrupted) {
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
  private mutating func page(
    lines: Int, interactive: Bool, settings: ShellSettings,
    _ body: (_ write: (String) -> Void) throws(Interrupted) -> Void
  ) throws(Interrupted) -> Bool {
    guard interactive, settings.usesPager, let pager, let rows = terminalRows(), lines >= rows
    else {
      return false
    }
    switch try pager.show(timing: stopwatch, waited: &timeInPager, body) {
    case .shown:
      return true
    case .failed(let reason):
      settings.output.error(
        ValueText.visible(
          "cannot start the pager \"\(pager.command)\": \(reason); printing directly, "
            + "as from now on in this session (PAGER names the pager)") + "\n")
      self.pager = nil
      return false
    }
  }

  /// Prints `result` as `settings` say: to their output, in their format, through the
  /// pager when it is taller than the terminal at the prompt. `lesson` is what `explain`
  /// teaches besides its plan.
  mutating func print(
    _ result: StatementResult, interactive: Bool, settings: ShellSettings,
    lesson: StatementLesson?
  ) throws(Interrupted) {
    let output = settings.output
    let format = settings.format
    let showsHeaders = settings.showsHeaders
    let rowsPerPage =
      interactive
      ? terminalRows().map { max($0, 10) } ?? TableRenderer.defaultRowsPerPage
      : TableRenderer.defaultRowsPerPage
    let renderer = format.renderer(style: style, headers: showsHeaders, rowsPerPage: rowsPerPage)
    switch result {
    case .objects(let resultSet):
      var shown = format
      let width = interactive ? terminalColumns() : nil
      if let width,
        !format.fits(resultSet, width: width, rowsPerPage: rowsPerPage, showsHeader: showsHeaders)
      {
        shown = .line
      }
      let renderer = shown.renderer(
        style: style, headers: showsHeaders, rowsPerPage: rowsPerPage, width: width)
      let lines = resultSet.rows.count * (shown == .line ? resultSet.columns.count + 1 : 1) + 2
      if try page(
        lines: lines, interactive: interactive, settings: settings,
        { write throws(Interrupted) in
          try renderer.write(resultSet, to: write)
        })
      {
        return
      }
      try stream(resultSet, renderer, to: output)
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
      if let lesson { output.write(LessonRenderer.render(lesson)) }
    case .why(let explanations) where format.isJSON:
      output.write(JSONValue.array(explanations.map(WhyTreeRenderer.json)).serialized() + "\n")
    case .why(let explanations):
      output.write(WhyTreeRenderer.render(explanations))
    case .cards(let cards) where format.isJSON:
      output.write(CardRenderer.json(cards).serialized() + "\n")
    case .cards(let cards):
      output.write(
        CardRenderer(style: style, locale: settings.dateLocale, timeZone: settings.dateTimeZone)
          .render(cards))
    case .report(let report):
      let text = ValueText.visibleLines(ReportPhrasing.sentence(report))
      if interactive {
        output.write(style.dim(text) + "\n")
      } else {
        output.error(text + "\n")
      }
    }
  }
}
