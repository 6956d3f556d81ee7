import Foundation

/// JSON text written as Foundation's `JSONSerialization` writes it — keys sorted as its
/// `.sortedKeys` sorts them, numbers and escapes alike, pretty-printed or compact — without
/// making Foundation objects first: what an export writes, a hundred times faster.
struct JSONText: Sendable {
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

  /// Appends `value` to `text` (UTF-8), as an element `depth` levels below the top.
  ///
  /// - Throws: ``Unrepresentable`` for a number that is not finite, a date or data.
  mutating func append(_ value: PropertyList, depth: Int = 0, to text: inout [UInt8]) throws {
    switch value {
    case .string(let string): append(string: string, to: &text)
    case .integer(let integer): text += String(integer).utf8
    case .unsignedInteger(let integer): text += String(integer).utf8
    case .bool(let bool): text += (bool ? "true" : "false").utf8
    case .real(let real):
      guard real.isFinite else { throw Unrepresentable(description: "JSON cannot hold \(real)") }
      let written = real.description
      text += (written.hasSuffix(".0") ? written.dropLast(2) : written[...]).utf8
    case .date: throw Unrepresentable(description: "JSON cannot hold a date")
    case .data: throw Unrepresentable(description: "JSON cannot hold data")
    case .array(let elements):
      try Self.appendContainer(
        UInt8(ascii: "["), UInt8(ascii: "]"), count: elements.count, depth: depth,
        pretty: pretty, to: &text
      ) {
        try self.append(elements[$0], depth: depth + 1, to: &$1)
      }
    case .dictionary(let dictionary):
      let keys = dictionary.keys
      let order = orders[keys] ?? Self.sortedIndices(of: keys)
      orders[keys] = order
      let values = dictionary.values
      try append(object: order.lazy.map { (keys[$0], values[$0]) }, depth: depth, to: &text)
    }
  }

  /// Appends the object of `entries`, whose keys differ and come in the order
  /// ``sortedIndices(of:)`` gives them, as an element `depth` levels below the top: how an
  /// export writes an object's properties in an order it sorted once for all its objects.
  mutating func append(
    object entries: some Collection<(key: String, value: PropertyList)>, depth: Int,
    to text: inout [UInt8]
  ) throws {
    var entry = entries.makeIterator()
    try Self.appendContainer(
      UInt8(ascii: "{"), UInt8(ascii: "}"), count: entries.count, depth: depth,
      pretty: pretty, to: &text
    ) { _, text in
      guard let (key, value) = entry.next() else { return }
      self.append(string: key, to: &text)
      text += (self.pretty ? " : " : ":").utf8
      try self.append(value, depth: depth + 1, to: &text)
    }
  }

  /// A container's `count` elements, each written by `element`, between `open` and `close`.
  private static func appendContainer(
    _ open: UInt8, _ close: UInt8, count: Int, depth: Int, pretty: Bool,
    to text: inout [UInt8], element: (Int, inout [UInt8]) throws -> Void
  ) rethrows {
    text.append(open)
    for index in 0..<count {
      if index > 0 { text.append(UInt8(ascii: ",")) }
      if pretty { newLine(depth: depth + 1, to: &text) }
      try element(index, &text)
    }
    if pretty {
      if count == 0 { text.append(UInt8(ascii: "\n")) }
      newLine(depth: depth, to: &text)
    }
    text.append(close)
  }

  /// A line break, then two spaces for each of `depth` levels.
  private static func newLine(depth: Int, to text: inout [UInt8]) {
    text.append(UInt8(ascii: "\n"))
    text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }

  /// The places of `keys` in the order `.sortedKeys` gives them: by
  /// `compare(_:options:range:locale:)` with `.numeric`, `.caseInsensitive` and
  /// `.forcedOrdering` in the system locale, as swift-corelibs-foundation sorts them.
  static func sortedIndices(of keys: [String]) -> [Int] {
    keys.indices.sorted { a, b in
      keys[a].compare(
        keys[b], options: [.numeric, .caseInsensitive, .forcedOrdering],
        range: keys[a].startIndex..<keys[a].endIndex, locale: NSLocale.system)
        == .orderedAscending
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// A string in double quotes, with `"`, `\` and control characters escaped (and `/`
  /// when ``escapesSlashes``), as Foundation escapes them; every other byte of its UTF-8 as
  /// it is.
  private func append(string: String, to text: inout [UInt8]) {
    text.append(UInt8(ascii: "\""))
    let escapesSlashes = escapesSlashes
    // Most strings have nothing to escape: their bytes are copied whole.
    guard
      string.containsUTF8(where: {
        $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
          || ($0 == UInt8(ascii: "/") && escapesSlashes)
      })
    else {
      text += string.utf8
      text.append(UInt8(ascii: "\""))
      return
    }
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        text += [UInt8(ascii: "\\"), byte]
      case UInt8(ascii: "/") where escapesSlashes:
        text += [UInt8(ascii: "\\"), byte]
      case 0x08: text += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
      case 0x0C: text += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
      case 0x0A: text += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: text += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: text += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case ..<0x20:
        text += "\\u00".utf8
        text += [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]]
      default: text.append(byte)
      }
    }
    text.append(UInt8(ascii: "\""))
  }
}
