import BowQ
import Foundation

/// Formats an error of a statement the way compilers do: `file:line:column: error: message`,
/// then the source line and a caret under the offending text.
///
/// The message and the source line are printed with their control characters made visible
/// (``ValueText/visible(_:)``), so text from a script or its data cannot send escape codes
/// to the terminal.
struct DiagnosticFormatter {
  /// How the input is named: a script's path, `-c`, or nil at the prompt.
  var sourceName: String?
  /// The line of the whole input on which the source begins (for pipes read in chunks): the
  /// positions of errors are the whole input's.
  var firstLine: Int
  var style: Style
  /// The lines of the text the statement came from, split once for all its errors.
  private let lines: [Substring]
  /// The UTF-8 offset in the text at which each of ``lines`` begins.
  private let lineOffsets: [Int]

  /// The most bytes of a source line shown before the caret, and after it, when the line is
  /// longer than both: the rest is cut, marked with `…`, so that an error on a line of
  /// megabytes prints a line a person can read.
  static let context = (before: 60, after: 100)

  /// - Parameter source: the whole text the statement came from.
  init(sourceName: String?, source: String, firstLine: Int = 1, style: Style) {
    self.sourceName = sourceName
    self.firstLine = firstLine
    self.style = style
    lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    var offsets: [Int] = []
    var offset = 0
    for line in lines {
      offsets.append(offset)
      offset += line.utf8.count + 1
    }
    lineOffsets = offsets
  }

  /// `kind` is "error" for language errors and "runtime error" for errors while running.
  func format(_ message: String, at range: SourceRange?, kind: String = "error") -> String {
    let message = ValueText.visibleLines(message)
    guard let range else {
      return prefix(nil) + style.error("\(kind):") + " " + message + "\n"
    }
    let lineIndex = min(range.start.line - firstLine, lines.count - 1)
    var (text, column, isCut) =
      lineIndex >= 0 ? excerpt(lineIndex, around: range.start) : ("", 1, false)
    text = text.replacingTabs()
    column = max(column, 1)
    let width: Int
    if range.end.line == range.start.line {
      let spanned = range.end.column - range.start.column
      width = max(1, isCut ? min(spanned, text.count - column + 1) : spanned)
    } else {
      width = max(1, text.count - column + 1)
    }
    let before = ValueText.visible(String(text.prefix(column - 1)))
    let raw = String(text.dropFirst(column - 1).prefix(width))
    let marked = ValueText.visible(raw)
    let caretWidth = marked == raw ? width : DisplayWidth.of(marked)
    let padding = String(repeating: " ", count: DisplayWidth.of(before))
    let caret = "^" + String(repeating: "~", count: max(0, caretWidth - 1))
    return prefix(range.start) + style.error("\(kind):") + " " + message + "\n"
      + "  " + ValueText.visible(text) + "\n"
      + "  " + padding + style.error(caret) + "\n"
  }

  /// The line at `lineIndex` and the column of `location` in it: the whole line, or for a
  /// line longer than ``context`` the part around the location, cut at characters (and
  /// then `isCut`).
  private func excerpt(_ lineIndex: Int, around location: SourceLocation) -> (
    text: String, column: Int, isCut: Bool
  ) {
    let line = lines[lineIndex]
    let bytes = line.utf8
    let at = location.offset - lineOffsets[lineIndex]
    guard bytes.count > Self.context.before + Self.context.after, (0...bytes.count).contains(at)
    else { return (String(line), location.column, false) }
    /// The offset moved back to the start of the character it is in.
    func boundary(_ offset: Int) -> Int {
      var offset = offset
      while offset > 0, offset < bytes.count,
        UTF8.isContinuation(bytes[bytes.index(bytes.startIndex, offsetBy: offset)])
      {
        offset -= 1
      }
      return offset
    }
    let low = boundary(max(0, at - Self.context.before))
    let high = boundary(min(bytes.count, at + Self.context.after))
    let slice = { (from: Int, to: Int) in
      String(
        decoding: bytes[
          bytes.index(
            bytes.startIndex, offsetBy: from)..<bytes.index(bytes.startIndex, offsetBy: to)],
        as: UTF8.self)
    }
    let lead = low > 0 ? "…" : ""
    let text = lead + slice(low, high) + (high < bytes.count ? "…" : "")
    return (text, lead.count + slice(low, at).count + 1, true)
  }

  private func prefix(_ location: SourceLocation?) -> String {
    let position = location.map { "\($0.line):\($0.column): " } ?? ""
    return (sourceName.map { "\(ValueText.visible($0)):" } ?? "") + position
  }
}

extension String {
  /// Tabs as single spaces, so the caret line stays aligned.
  fileprivate func replacingTabs() -> String {
    replacingOccurrences(of: "\t", with: " ")
  }
}
