import BowQ

/// Wraps text in ANSI colour codes when colour is on, and returns it unchanged when off.
public struct Style: Hashable, Sendable {
  /// Whether escape codes are written.
  public var isEnabled: Bool

  public init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// The style for the stream on a file descriptor, as `policy` decides.
  public init(policy: ColorPolicy, fileDescriptor: Int32) {
    self.init(isEnabled: policy.usesColor(forFileDescriptor: fileDescriptor))
  }

  /// No colour at all.
  public static let plain = Style(isEnabled: false)

  /// Bold red, for errors.
  public func error(_ text: String) -> String {
    apply("1;31", to: text)
  }

  /// Bold, for headers and emphasis.
  public func bold(_ text: String) -> String {
    apply("1", to: text)
  }

  /// Dim, for secondary text such as `nil`.
  public func dim(_ text: String) -> String {
    apply("2", to: text)
  }

  /// Bold blue, for the prompt. Trailing spaces stay outside the colour: libedit loses
  /// an escape code at the very end of a prompt.
  ///
  /// - Parameter invisibleMarker: put around each escape code, for a line editor that
  ///   needs to know which characters take no room on screen (libedit's `EL_PROMPT_ESC`).
  public func prompt(_ text: String, invisibleMarker: String = "") -> String {
    let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? text.startIndex
    return apply("1;34", to: String(text[..<end]), invisibleMarker: invisibleMarker)
      + text[end...]
  }

  /// A block of `width` spaces on the colour as background (`ESC[48;2;r;g;bm`, true
  /// colour); empty when colour is off.
  public func swatch(_ color: Color, width: Int = 6) -> String {
    guard isEnabled else { return "" }
    return apply(
      "48;2;\(color.red);\(color.green);\(color.blue)",
      to: String(repeating: " ", count: width))
  }

  private func apply(_ code: String, to text: String, invisibleMarker: String = "") -> String {
    guard isEnabled, !text.isEmpty else { return text }
    let on = invisibleMarker + "\u{1B}[" + code + "m" + invisibleMarker
    let off = invisibleMarker + "\u{1B}[0m" + invisibleMarker
    return on + text + off
  }
}
