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
  /// The whole text the statement came from.
  var source: String
  /// The line of the whole input on which `source` begins (for pipes read in chunks): the
  /// positions of errors are the whole input's.
  var firstLine: Int = 1
  var style: Style

  /// `kind` is "error" for language errors and "runtime error" for errors while running.
  func format(_ message: String, at range: SourceRange?, kind: String = "error") -> String {
    let message = ValueText.visibleLines(message)
    guard let range else {
      return prefix(nil) + style.error("\(kind):") + " " + message + "\n"
    }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let lineIndex = min(range.start.line - firstLine, lines.count - 1)
    let text = lineIndex >= 0 ? String(lines[lineIndex]).replacingTabs() : ""
    let column = max(range.start.column, 1)
    let width: Int
    if range.end.line == range.start.line {
      width = max(1, range.end.column - range.start.column)
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
