import Foundation

/// The elements of an XML property list whose top object is an array, read one at a time
/// straight from the UTF-8 text, as `import` reads a `.xml` or `.plist` export: Foundation's
/// parser makes a tree of the whole file first, 2.4 GB and half a minute for 450,000 ties.
///
/// It reads the forms property lists are written in — an XML declaration, a `plist`
/// doctype, comments, `dict`, `key`, `array`, `string` (with the five named entities and
/// character references), `integer` and `real` of plain digits, `true`, `false`, dates in
/// whole UTC seconds and base64 `data` — and gives the same values Foundation's parser
/// does. Anything else, well formed or not (another encoding, CDATA, attributes, a key twice
/// in a dict, a carriage return in text, damage), ends the reading with ``Unsupported``: the
/// caller then reads the file as a tree, whose parser accepts what it may and reports the
/// rest with its own messages.
struct XMLPropertyListElements {
  /// The text is not one this reader takes: read it as a tree instead.
  struct Unsupported: Error {}

  private let bytes: UnsafeRawBufferPointer
  /// How many bytes of the text have been read.
  private(set) var position = 0
  private var ended = false

  /// The elements of `bytes`, the text of a property list whose top object is an array.
  init(_ bytes: UnsafeRawBufferPointer) throws(Unsupported) {
    self.bytes = bytes
    try skipMisc()
    guard take("<plist") else { throw Unsupported() }
    // Its attributes (`version="1.0"`) say nothing this reader needs.
    while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
    guard take(">") else { throw Unsupported() }
    try skipMisc()
    if take("<array/>") {
      try end()
    } else {
      guard take("<array>") else { throw Unsupported() }
    }
  }

  /// The next element; nil after the last.
  mutating func next() throws(Unsupported) -> PropertyList? {
    guard !ended else { return nil }
    try skipMisc()
    if take("</array>") {
      try end()
      return nil
    }
    return try value(depth: 1)
  }

  /// Passes `</plist>` and what may follow it, which must end the text.
  private mutating func end() throws(Unsupported) {
    ended = true
    try skipMisc()
    guard take("</plist>") else { throw Unsupported() }
    try skipMisc()
    guard position == bytes.count else { throw Unsupported() }
  }

  // MARK: Values

  private mutating func value(depth: Int) throws(Unsupported) -> PropertyList {
    guard depth <= BinaryPropertyListReader.maximumDepth else { throw Unsupported() }
    if take("<dict>") { return try dictionary(depth: depth) }
    if take("<array>") { return try array(depth: depth) }
    if take("<string>") { return .string(try text(until: "</string>")) }
    if take("<integer>") {
      let digits = try text(until: "</integer>")
      guard digits.utf8.dropFirst(digits.first == "-" ? 1 : 0).allSatisfy(Self.isDigit),
        let integer = Int64(digits)
      else { throw Unsupported() }
      return .integer(integer)
    }
    if take("<real>") {
      let number = try text(until: "</real>")
      guard !number.isEmpty, number.utf8.allSatisfy(Self.isPlainRealByte),
        let real = Double(number)
      else { throw Unsupported() }
      return .real(real)
    }
    if take("<true/>") { return .bool(true) }
    if take("<false/>") { return .bool(false) }
    if take("<date>") { return .date(try date(try text(until: "</date>"))) }
    if take("<data>") {
      let base64 = try text(until: "</data>").utf8.filter { !Self.isSpace($0) }
      guard let data = Data(base64Encoded: Data(base64)) else { throw Unsupported() }
      return .data(data)
    }
    if take("<dict/>") { return .dictionary(PropertyListDictionary()) }
    if take("<array/>") { return .array([]) }
    if take("<string/>") { return .string("") }
    throw Unsupported()
  }

  private mutating func dictionary(depth: Int) throws(Unsupported) -> PropertyList {
    var entries: [(key: String, value: PropertyList)] = []
    while true {
      try skipMisc()
      if take("</dict>") { break }
      guard take("<key>") else { throw Unsupported() }
      let key = try text(until: "</key>")
      try skipMisc()
      entries.append((key, try value(depth: depth + 1)))
    }
    entries.sort { $0.key < $1.key }
    // A key given twice is reported by the tree's reader, which names both places.
    guard zip(entries, entries.dropFirst()).allSatisfy({ $0.key != $1.key }) else {
      throw Unsupported()
    }
    return .dictionary(
      PropertyListDictionary(uniqueKeys: entries.map(\.key), values: entries.map(\.value)))
  }

  private mutating func array(depth: Int) throws(Unsupported) -> PropertyList {
    var elements: [PropertyList] = []
    while true {
      try skipMisc()
      if take("</array>") { return .array(elements) }
      elements.append(try value(depth: depth + 1))
    }
  }

  /// A date as property lists write it, `2024-05-01T12:00:00Z`.
  private func date(_ text: String) throws(Unsupported) -> Date {
    let shape = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
    let utf8 = Array(text.utf8)
    guard utf8.count == shape.count,
      zip(utf8, shape).allSatisfy({ $1 == UInt8(ascii: "d") ? Self.isDigit($0) : $0 == $1 }),
      let date = try? ISO8601Dates.parse(text)
    else { throw Unsupported() }
    return date
  }

  // MARK: Text

  /// The text up to `close`, its entities and character references replaced, and `close`
  /// passed.
  private mutating func text(until close: StaticString) throws(Unsupported) -> String {
    var utf8: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "<"):
        guard take(close) else { throw Unsupported() }
        guard utf8.withUnsafeBytes(\.isValidUTF8) else { throw Unsupported() }
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "&"):
        try reference(into: &utf8)
      case 0x0D:
        // Line ends in text are another parser's to normalize.
        throw Unsupported()
      default:
        utf8.append(byte)
        position += 1
      }
    }
    throw Unsupported()
  }

  /// Appends the UTF-8 of the entity or character reference at `position`.
  private mutating func reference(into utf8: inout [UInt8]) throws(Unsupported) {
    let named: [(StaticString, UInt8)] = [
      ("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
      ("&quot;", UInt8(ascii: "\"")), ("&apos;", UInt8(ascii: "'")),
    ]
    for (spelling, byte) in named where take(spelling) {
      utf8.append(byte)
      return
    }
    guard take("&#") else { throw Unsupported() }
    let hexadecimal = take("x")
    let start = position
    while position < bytes.count, bytes[position] != UInt8(ascii: ";") { position += 1 }
    guard position < bytes.count,
      let value = UInt32(
        String(decoding: bytes[start..<position], as: UTF8.self), radix: hexadecimal ? 16 : 10),
      let scalar = Unicode.Scalar(value), value != 0
    else { throw Unsupported() }
    position += 1
    utf8 += Array(String(scalar).utf8)
  }

  /// Passes white space, comments, the XML declaration (of UTF-8, if it names an encoding)
  /// and a doctype without an internal subset.
  private mutating func skipMisc() throws(Unsupported) {
    while true {
      while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
      if take("<!--") {
        guard let end = find("-->") else { throw Unsupported() }
        position = end + 3
      } else if take("<?xml") {
        guard let end = find("?>") else { throw Unsupported() }
        let declaration = String(decoding: bytes[position..<end], as: UTF8.self).lowercased()
        guard !declaration.contains("encoding") || declaration.contains("utf-8") else {
          throw Unsupported()
        }
        position = end + 2
      } else if take("<!DOCTYPE") {
        guard let end = find(">"), !bytes[position..<end].contains(UInt8(ascii: "[")) else {
          throw Unsupported()
        }
        position = end + 1
      } else {
        return
      }
    }
  }

  /// Passes `spelling` if the text at `position` is it.
  private mutating func take(_ spelling: StaticString) -> Bool {
    let count = spelling.utf8CodeUnitCount
    guard bytes.count - position >= count,
      memcmp(bytes.baseAddress! + position, spelling.utf8Start, count) == 0
    else { return false }
    position += count
    return true
  }

  /// Where `spelling` next begins, from `position` on.
  private func find(_ spelling: StaticString) -> Int? {
    let count = spelling.utf8CodeUnitCount
    var place = position
    while bytes.count - place >= count {
      if memcmp(bytes.baseAddress! + place, spelling.utf8Start, count) == 0 { return place }
      place += 1
    }
    return nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// A byte of a real written in digits: no `nan` or `infinity`, which are another parser's.
  private static func isPlainRealByte(_ byte: UInt8) -> Bool {
    isDigit(byte)
      || [
        UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"),
        UInt8(ascii: "E"),
      ].contains(byte)
  }
}
