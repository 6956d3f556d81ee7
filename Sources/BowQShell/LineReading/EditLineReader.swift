import BowQ
@preconcurrency import CEditLine
@preconcurrency import Glibc

/// Reads lines from a terminal with libedit: emacs-style editing, UTF-8 input, history
/// and a coloured prompt.
///
/// Use it only when standard input and standard output are both terminals; otherwise use
/// ``StreamLineReader``. Creating one sets the `LC_CTYPE` locale (UTF-8, falling back to
/// `C.UTF-8`, which libedit needs for non-ASCII input) and installs the Ctrl-C handler of
/// ``Interrupt``. `~/.editrc` (or `$EDITRC`) is honoured.
///
/// Tab completes the word before the cursor with ``complete``: the one completion, or the
/// prefix the candidates share; a second Tab lists the candidates below the line, as bash
/// does.
///
/// History holds one entry per complete statement, at most 1,000, without consecutive
/// duplicates. It is loaded at start and saved after every statement, so a closed
/// terminal loses nothing.
public final class EditLineReader: LineReader {
  private let editLine: OpaquePointer
  private let history: OpaquePointer
  private var event = HistEvent()
  private let style: Style
  /// Where history is saved; `nil` when it is off or could not be used.
  private var historyPath: String?
  /// The prompt libedit shows, owned here; read back by `promptCallback`.
  private var promptText: UnsafeMutablePointer<CChar>
  public private(set) var invalidByte: InvalidByte?
  /// The completions of the text before the cursor, asked for on Tab.
  public var complete: (String) -> Completion = { _ in .none }
  /// The text before the cursor when Tab last left several candidates, so that a second
  /// Tab there lists them.
  private var ambiguousText: String?

  /// Starts libedit on the process's standard streams.
  ///
  /// - Parameters:
  ///   - programName: the name `~/.editrc` lines can be prefixed with (`bowq:bind …`).
  ///   - historyPath: the history file (see ``Paths/historyPath``), `nil` for none. Its
  ///     folder is created (0700) on the first save; a file that is not in libedit's
  ///     history format is left alone and history is not saved.
  ///   - promptStyle: colours the prompt when enabled.
  /// - Returns: `nil` when libedit cannot start.
  public init?(programName: String = "bowq", historyPath: String?, promptStyle: Style) {
    EditLineReader.useUTF8Locale()
    Interrupt.installHandler()
    guard let editLine = el_init(programName, stdin, stdout, stderr) else { return nil }
    guard let history = history_init() else {
      el_end(editLine)
      return nil
    }
    self.editLine = editLine
    self.history = history
    self.style = promptStyle
    self.historyPath = historyPath
    self.promptText = strdup("")

    bowq_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    bowq_el_set_editor(editLine, "emacs")
    bowq_el_set_signal(editLine, 1)
    bowq_el_set_prompt_esc(
      editLine, EditLineReader.promptCallback, CChar(EditLineReader.invisibleMarker))
    bowq_history_set_size(history, &event, 1000)
    bowq_history_set_unique(history, &event, 1)
    bowq_el_set_history(editLine, history)
    bowq_el_add_function(editLine, "bowq-complete", "complete the word", EditLineReader.tabCallback)
    bowq_el_bind(editLine, "^I", "bowq-complete")
    el_source(editLine, nil)
    loadHistory()
  }

  deinit {
    history_end(history)
    el_end(editLine)
    free(promptText)
  }

  /// Shows the prompt and reads a line with editing.
  ///
  /// Ctrl-C gives ``LineInput/interrupted`` and Ctrl-D on an empty line
  /// ``LineInput/endOfInput``; either way a line break is printed so that what follows
  /// starts on a fresh line. A Ctrl-C pressed before this call is forgotten.
  public func readLine(prompt: String) -> LineInput {
    let marker = String(UnicodeScalar(EditLineReader.invisibleMarker))
    setPrompt(style.prompt(prompt, invisibleMarker: marker))
    Interrupt.reset()
    var count: Int32 = 0
    errno = 0
    guard let line = el_gets(editLine, &count) else {
      let interrupted = count == -1 && (errno == EINTR || Interrupt.isRequested)
      fputs(interrupted ? "^C\n" : "\n", stdout)
      fflush(stdout)
      return interrupted ? .interrupted : .endOfInput
    }
    var bytes = UnsafeRawBufferPointer(start: line, count: strlen(line))
    if bytes.last == 0x0A { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
    let text = String(decoding: bytes, as: UTF8.self)
    invalidByte = text.unicodeScalars.contains("\u{FFFD}") ? InvalidByte.first(in: bytes) : nil
    return .line(text)
  }

  /// Never: the next line is a person's, still to be typed.
  public func hasLineWaiting() -> Bool { false }

  /// Adds a complete statement to the history and saves the history file. Blank
  /// statements are skipped.
  public func addToHistory(_ statement: String) {
    guard !statement.allSatisfy(\.isWhitespace) else { return }
    bowq_history_enter(history, &event, statement)
    saveHistory()
  }

  /// Brackets escape codes in the prompt (`EL_PROMPT_ESC`): they print but take no room.
  private static let invisibleMarker: UInt8 = 1

  private static let promptCallback: bowq_prompt_function = { editLine in
    let reader = Unmanaged<EditLineReader>.fromOpaque(bowq_el_get_client_data(editLine)!)
    return reader.takeUnretainedValue().promptText
  }

  /// Bound to Tab: completes on the reader that `EL_CLIENTDATA` holds.
  private static let tabCallback: bowq_edit_function = { editLine, _ in
    guard let editLine, let reader = bowq_el_get_client_data(editLine) else {
      return UInt8(CC_ERROR)
    }
    return Unmanaged<EditLineReader>.fromOpaque(reader).takeUnretainedValue()
      .completeWord(editLine)
  }

  /// Completes the word before the cursor: inserts what the candidates share, or, on a
  /// second Tab with nothing to insert, lists them and has libedit redraw the line.
  private func completeWord(_ editLine: OpaquePointer) -> UInt8 {
    guard let info = el_line(editLine) else { return UInt8(CC_ERROR) }
    let before = UnsafeRawBufferPointer(
      start: info.pointee.buffer, count: info.pointee.buffer.distance(to: info.pointee.cursor))
    let text = String(decoding: before, as: UTF8.self)
    let completion = complete(text)
    let insertion = completion.insertion
    if !insertion.isEmpty {
      ambiguousText = completion.candidates.count > 1 ? text + insertion : nil
      return el_insertstr(editLine, insertion) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_ERROR)
    }
    guard completion.candidates.count > 1 else { return UInt8(CC_REFRESH_BEEP) }
    guard ambiguousText == text else {
      ambiguousText = text
      return UInt8(CC_REFRESH_BEEP)
    }
    let columns = Launcher.terminalColumns(of: fileno(stdout)) ?? 80
    fputs("\n" + CandidateList(completion.listed).lines(width: columns), stdout)
    fflush(stdout)
    return UInt8(CC_REDISPLAY)
  }

  private func setPrompt(_ text: String) {
    free(promptText)
    promptText = strdup(text)
  }

  private func loadHistory() {
    guard let path = historyPath, isUsableHistoryFile(path) else { return }
    var status = stat()
    guard stat(path, &status) == 0 else { return }
    if bowq_history_load(history, &event, path) < 0, status.st_size > 0 {
      historyPath = nil
      warn("history file '\(path)' is not in libedit's format; history will not be saved")
    }
  }

  private func saveHistory() {
    guard let path = historyPath, isUsableHistoryFile(path) else { return }
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    do {
      if !folder.isEmpty { try Paths.createPrivateDirectory(atPath: folder) }
      errno = 0
      if bowq_history_save(history, &event, path) < 0 {
        throw FileSystemError(.write, path: path, errorNumber: errno == 0 ? EIO : errno)
      }
    } catch {
      historyPath = nil
      warn("\(error); history will not be saved (BOWQ_HISTORY= turns it off)")
    }
  }

  /// Whether history may be read from and written to `path`: a regular file of this user,
  /// or none yet (a symbolic link is followed). Anything else (a directory, a FIFO that
  /// would block, a device, another user's file) turns history off with a warning.
  private func isUsableHistoryFile(_ path: String) -> Bool {
    let problem: String
    do {
      let target = try ResolvedPath(path)
      guard target.isOwnedByAnotherUser else { return true }
      problem = "belongs to another user"
    } catch {
      problem = error.reason
    }
    historyPath = nil
    warn(
      "history file '\(path)': \(problem); history will not be saved (BOWQ_HISTORY= turns it off)")
    return false
  }

  private func warn(_ message: String) {
    fputs("bowq: \(message)\n", stderr)
  }

  /// libedit drops non-ASCII input unless the character type locale is UTF-8. Only
  /// `LC_CTYPE` is set: numbers keep the C locale's format.
  private static func useUTF8Locale() {
    setlocale(LC_CTYPE, "")
    let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) }
    if codeset != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
  }
}
