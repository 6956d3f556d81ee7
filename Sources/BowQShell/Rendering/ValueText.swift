import BowQ

/// A value as the human formats (table, box, line) print it in a cell.
enum ValueText {
  /// ``Value/displayText`` with control characters made visible (`\n`, `\t`, `\r`,
  /// `\u{1B}`), so a value stays on its line and cannot send escape codes to the terminal.
  ///
  /// A collection shows the members that fit in ``collectionWidth`` characters and then how
  /// many it has (`{Page/p2, Page/p3, … 99 in all}`): a to-many of a real store can hold
  /// thousands, and JSON output lists them all.
  static func cell(_ value: Value) -> String {
    guard case .collection(let members) = value else { return visible(value.displayText) }
    return visible(abbreviated(members))
  }

  /// A colour as `#RRGGBB`.
  static func hex(_ color: Color) -> String {
    "#"
      + [color.red, color.green, color.blue].map {
        ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true)
      }.joined()
  }

  /// How wide a collection's cell may grow before its other members are only counted.
  static let collectionWidth = 80

  /// `{a, b, c}`, or as many members as fit in ``collectionWidth`` (always the first),
  /// then `… N in all}`.
  private static func abbreviated(_ members: [Value]) -> String {
    var text = "{"
    for (index, member) in members.enumerated() {
      let shown = (index == 0 ? "" : ", ") + member.literalText
      let isLast = index == members.count - 1
      let tail = isLast ? "}" : ", … \(members.count) in all}"
      if index > 0, text.count + shown.count + tail.count > collectionWidth {
        return text + ", … \(members.count) in all}"
      }
      text += shown
    }
    return text + "}"
  }

  /// `text` with control characters made visible (`\n`, `\t`, `\r`, `\u{1B}`): the one way
  /// every text from outside — a script, its data, a file's name — reaches the terminal, in
  /// cells, error lines, carets' source lines, `changes` and reports.
  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case "\r": escaped += "\\r"
      case _ where isControl(scalar):
        escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `text` made ``visible(_:)`` line by line, keeping its line breaks: for messages of
  /// several lines.
  static func visibleLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }
      .joined(separator: "\n")
  }

  /// C0 and C1 control characters and DEL.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
