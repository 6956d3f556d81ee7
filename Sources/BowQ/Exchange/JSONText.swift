import Foundation

/// JSON text written as Foundation's `JSONSerialization` writes it — keys sorted as its
/// `.sortedKeys` sorts them, numbers and escapes alike, pretty-printed or compact — without
/// making Foundation objects first: what an export writes, a hundred times faster.
struct JSONText {
  /// A value JSON cannot hold.
  struct Unrepresentable: Error, CustomStringConvertible {
    var description: String
  }

  /// Whether the text is laid out as `.prettyPrinted` lays it out: two spaces a level,
  /// `" : "` between a key and its value, an empty container on three lines.
  let pretty: Bool
  /// Whether `/` is written `\/`, as Foundation writes it unless told
  /// `.withoutEscapingSlashes`.
  let escapesSlashes: Bool
  /// The order of the keys of each dictionary met, by its keys as given: dictionaries of one
  /// entity's objects share a few key lists, sorted once each.
  private var orders: [[String]: [Int]] = [:]

  init(pretty: Bool, escapesSlashes: Bool) {
    self.pretty = pretty
    self.escapesSlashes = escapesSlashes
  }

  /// Appends `value` to `text`, as an element `depth` levels below the top.
  ///
  /// - Throws: ``Unrepresentable`` for a number that is not finite, a date or data.
  mutating func append(_ value: PropertyList, depth: Int = 0, to text: inout String) throws {
    switch value {
    case .string(let string): append(string: string, to: &text)
    case .integer(let integer): text += String(integer)
    case .unsignedInteger(let integer): text += String(integer)
    case .bool(let bool): text += bool ? "true" : "false"
    case .real(let real):
      guard real.isFinite else { throw Unrepresentable(description: "JSON cannot hold \(real)") }
      let written = real.description
      text += written.hasSuffix(".0") ? String(written.dropLast(2)) : written
    case .date: throw Unrepresentable(description: "JSON cannot hold a date")
    case .data: throw Unrepresentable(description: "JSON cannot hold data")
    case .array(let elements):
      try Self.appendContainer(
        "[", "]", count: elements.count, depth: depth, pretty: pretty, to: &text
      ) {
        try self.append(elements[$0], depth: depth + 1, to: &$1)
      }
    case .dictionary(let dictionary):
      let keys = dictionary.keys
      let order = orders[keys] ?? Self.sortedIndices(of: keys)
      orders[keys] = order
      let values = dictionary.values
      try Self.appendContainer(
        "{", "}", count: keys.count, depth: depth, pretty: pretty, to: &text
      ) {
        self.append(string: keys[order[$0]], to: &$1)
        $1 += self.pretty ? " : " : ":"
        try self.append(values[order[$0]], depth: depth + 1, to: &$1)
      }
    }
  }

  /// A container's `count` elements, each written by `element`, between `open` and `close`.
  private static func appendContainer(
    _ open: String, _ close: String, count: Int, depth: Int, pretty: Bool,
    to text: inout String, element: (Int, inout String) throws -> Void
  ) rethrows {
    text += open
    let inner = pretty ? "\n" + String(repeating: "  ", count: depth + 1) : ""
    for index in 0..<count {
      if index > 0 { text += "," }
      text += inner
      try element(index, &text)
    }
    if pretty {
      text += count == 0 ? "\n\n" : "\n"
      text += String(repeating: "  ", count: depth)
    }
    text += close
  }

  /// The places of `keys` in the order `.sortedKeys` gives them: by
  /// `compare(_:options:range:locale:)` with `.numeric`, `.caseInsensitive` and
  /// `.forcedOrdering` in the system locale, as swift-corelibs-foundation sorts them.
  private static func sortedIndices(of keys: [String]) -> [Int] {
    keys.indices.sorted { a, b in
      keys[a].compare(
        keys[b], options: [.numeric, .caseInsensitive, .forcedOrdering],
        range: keys[a].startIndex..<keys[a].endIndex, locale: NSLocale.system)
        == .orderedAscending
    }
  }

  /// A string in double quotes, with `"`, `\` and control characters escaped (and `/`
  /// when ``escapesSlashes``), as Foundation escapes them.
  private func append(string: String, to text: inout String) {
    text += "\""
    var plainStart = string.unicodeScalars.startIndex
    for index in string.unicodeScalars.indices {
      let escaped: String
      switch string.unicodeScalars[index] {
      case "\"": escaped = "\\\""
      case "\\": escaped = "\\\\"
      case "/" where escapesSlashes: escaped = "\\/"
      case "\u{8}": escaped = "\\b"
      case "\u{C}": escaped = "\\f"
      case "\n": escaped = "\\n"
      case "\r": escaped = "\\r"
      case "\t": escaped = "\\t"
      case let scalar where scalar.value < 0x20:
        escaped = "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
      default: continue
      }
      text.unicodeScalars += string.unicodeScalars[plainStart..<index]
      text += escaped
      plainStart = string.unicodeScalars.index(after: index)
    }
    text.unicodeScalars += string.unicodeScalars[plainStart...]
    text += "\""
  }
}
