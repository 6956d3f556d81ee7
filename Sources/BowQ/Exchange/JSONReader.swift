/// JSON text read straight from its UTF-8 bytes into a ``PropertyList``, as
/// ``PropertyListDecoding`` reads JSON through Foundation: Booleans, integers and reals kept
/// apart (a number without a fraction or exponent is an integer when 64 bits hold it), a
/// dictionary's entries ordered by key, and what a property list cannot hold refused — `null`,
/// a key twice in one object. What JSON Lines import reads a million times, without making
/// Foundation objects first.
///
/// The text is checked as RFC 8259 says: one value with white space around it, strings of
/// valid UTF-8 without raw control characters, escapes and numbers of JSON's forms,
/// containers no deeper than ``BinaryPropertyListReader/maximumDepth``. A problem is a
/// ``PropertyListError`` naming its byte.
struct JSONReader {
  private let bytes: UnsafeRawBufferPointer
  private var position = 0
  /// Where the value being read is, for an error: the key or the index of each container
  /// around it.
  private var path: [PathComponent] = []

  private enum PathComponent {
    case key(String)
    case index(Int)
  }

  /// The value `bytes` hold.
  static func value(of bytes: UnsafeRawBufferPointer) throws(PropertyListError) -> PropertyList {
    var reader = JSONReader(bytes: bytes)
    reader.skipSpace()
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.position == bytes.count else { throw reader.error("text after the JSON value") }
    return value
  }

  private init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  // MARK: Values

  /// The value at `position`, `depth` containers down.
  private mutating func value(depth: Int) throws(PropertyListError) -> PropertyList {
    guard position < bytes.count else { throw error("the text ends where a value belongs") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try skip("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try skip("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try skip("null")
      let place = path.isEmpty ? "the top level" : pathText
      throw PropertyListError(
        .badText, at: nil,
        "value at \(place): null has no property-list value; leave the key out instead")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("expected a value")
    }
  }

  private mutating func object(depth: Int) throws(PropertyListError) -> PropertyList {
    try checkDepth(depth)
    position += 1
    var entries: [(key: String, value: PropertyList, at: Int)] = []
    skipSpace()
    if take(UInt8(ascii: "}")) { return .dictionary(PropertyListDictionary()) }
    repeat {
      skipSpace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw error("expected a key in double quotes")
      }
      let keyStart = position
      let key = try string()
      skipSpace()
      guard take(UInt8(ascii: ":")) else { throw error("expected \":\" after a key") }
      skipSpace()
      path.append(.key(key))
      entries.append((key, try value(depth: depth), keyStart))
      path.removeLast()
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")) else { throw error("expected \",\" or \"}\" in an object") }
    // Ordered by key, and then by place, so that a key given twice is found next to itself.
    entries.sort { ($0.key, $0.at) < ($1.key, $1.at) }
    for (entry, next) in zip(entries, entries.dropFirst()) where entry.key == next.key {
      let place = path.isEmpty ? "the top-level object" : "the object at \(pathText)"
      throw PropertyListError(
        .duplicateKey, at: next.at,
        "the key \(Value.quoted(next.key)) appears twice in \(place); JSON readers keep only "
          + "one of the values, so remove the other")
    }
    return .dictionary(
      PropertyListDictionary(uniqueKeys: entries.map(\.key), values: entries.map(\.value)))
  }

  private mutating func array(depth: Int) throws(PropertyListError) -> PropertyList {
    try checkDepth(depth)
    position += 1
    var elements: [PropertyList] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return .array([]) }
    repeat {
      skipSpace()
      path.append(.index(elements.count))
      elements.append(try value(depth: depth))
      path.removeLast()
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "]")) else { throw error("expected \",\" or \"]\" in an array") }
    return .array(elements)
  }

  private func checkDepth(_ depth: Int) throws(PropertyListError) {
    guard depth <= BinaryPropertyListReader.maximumDepth else {
      throw PropertyListError(
        .tooDeep, at: position,
        "containers nest deeper than \(BinaryPropertyListReader.maximumDepth) levels")
    }
  }

  /// Passes over `word`, which must be the text at `position`.
  private mutating func skip(_ word: StaticString) throws(PropertyListError) {
    let word = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard bytes.count - position >= word.count,
      bytes[position..<position + word.count].elementsEqual(word)
    else { throw error("expected a value") }
    position += word.count
  }

  // MARK: Strings

  /// The string whose opening double quote is at `position`.
  private mutating func string() throws(PropertyListError) -> String {
    let start = position + 1
    var end = start
    // Most strings have no escape: their bytes are taken whole.
    while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
      bytes[end] >= 0x20
    {
      end += 1
    }
    guard end < bytes.count else {
      position = end
      throw error("a string is not closed by a double quote")
    }
    if bytes[end] == UInt8(ascii: "\"") {
      position = end + 1
      return try text(start..<end)
    }
    var utf8 = Array(bytes[start..<end])
    position = end
    while true {
      guard position < bytes.count else { throw error("a string is not closed by a double quote") }
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return try utf8.withUnsafeBufferPointer { utf8 throws(PropertyListError) in
          try Self.text(utf8, from: start)
        }
      case UInt8(ascii: "\\"):
        try escape(into: &utf8)
      case ..<0x20:
        throw error("a control character in a string must be escaped (\\n, \\t, \\u00XX)")
      default:
        utf8.append(byte)
        position += 1
      }
    }
  }

  /// The string of the bytes `range`, which must be UTF-8.
  private func text(_ range: Range<Int>) throws(PropertyListError) -> String {
    try Self.text(
      UnsafeBufferPointer(
        start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self).advanced(
          by: range.lowerBound),
        count: range.count), from: range.lowerBound)
  }

  /// The string of `utf8`, which must be UTF-8, read from the byte `start` on.
  private static func text(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int)
    throws(PropertyListError) -> String
  {
    guard UnsafeRawBufferPointer(utf8).isValidUTF8 else {
      throw PropertyListError(.badString, at: start, "a string is not valid UTF-8")
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Appends the character the escape at `position` stands for, as UTF-8.
  private mutating func escape(into utf8: inout [UInt8]) throws(PropertyListError) {
    guard position + 1 < bytes.count else { throw error("a string ends in an escape") }
    let letter = bytes[position + 1]
    position += 2
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(letter)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = UInt32(try hexQuad())
      if (0xD800..<0xDC00).contains(scalar) {
        guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw error("a \\u escape of a high surrogate without the low one after it") }
        position += 2
        let low = UInt32(try hexQuad())
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("a \\u escape of a high surrogate without the low one after it")
        }
        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
      }
      guard let character = Unicode.Scalar(scalar) else {
        throw error("a \\u escape of a low surrogate without the high one before it")
      }
      utf8 += String(Character(character)).utf8
    default:
      position -= 1
      throw error("an unknown escape \\\(String(UnicodeScalar(letter)))")
    }
  }

  /// The four hexadecimal digits at `position`.
  private mutating func hexQuad() throws(PropertyListError) -> UInt16 {
    guard bytes.count - position >= 4 else { throw error("a \\u escape needs four hex digits") }
    var value: UInt16 = 0
    for byte in bytes[position..<position + 4] {
      guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else {
        throw error("a \\u escape needs four hex digits")
      }
      value = value << 4 | UInt16(digit)
    }
    position += 4
    return value
  }

  // MARK: Numbers

  /// The number at `position`: an integer when it has no fraction or exponent and 64 bits
  /// hold it, otherwise a real.
  private mutating func number() throws(PropertyListError) -> PropertyList {
    let start = position
    _ = take(UInt8(ascii: "-"))
    let wholeStart = position
    let wholeDigits = digits()
    guard wholeDigits > 0 else { throw error("a number needs a digit") }
    guard wholeDigits == 1 || bytes[wholeStart] != UInt8(ascii: "0") else {
      throw PropertyListError(.badText, at: wholeStart, "not valid JSON: a number starts with 0")
    }
    var isWhole = true
    if take(UInt8(ascii: ".")) {
      isWhole = false
      guard digits() > 0 else { throw error("a number needs a digit after \".\"") }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      isWhole = false
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard digits() > 0 else { throw error("a number needs a digit in its exponent") }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if isWhole {
      if let integer = Int64(text) { return .integer(integer) }
      if let unsigned = UInt64(text) { return .unsignedInteger(unsigned) }
    }
    guard let real = Double(text), real.isFinite else {
      throw PropertyListError(.badNumber, at: start, "the number \(text) is too large")
    }
    return .real(real)
  }

  /// Passes over the decimal digits at `position`; how many there were.
  private mutating func digits() -> Int {
    let start = position
    while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    {
      position += 1
    }
    return position - start
  }

  // MARK: Bytes

  /// Passes over `byte` when it is at `position`; whether it was.
  private mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private mutating func skipSpace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// ``path`` as errors name it: `.tags[2].name`.
  private var pathText: String {
    path.map {
      switch $0 {
      case .key(let key): ".\(key)"
      case .index(let index): "[\(index)]"
      }
    }.joined()
  }

  private func error(_ message: String) -> PropertyListError {
    PropertyListError(.badText, at: position, "not valid JSON: \(message)")
  }
}

extension JSONReader {
  /// The elements of the one JSON array a text holds, read one at a time, as `import` reads a
  /// `.json` file: a million objects are never held as values together, each only until it
  /// is converted. The text is checked as ``value(of:)`` checks it, an element's problem
  /// naming it as `[n]`.
  struct ArrayElements {
    private var reader: JSONReader
    private var read = 0
    private var ended = false

    /// The elements of `bytes`, which hold a JSON array with white space around it.
    init(_ bytes: UnsafeRawBufferPointer) throws(PropertyListError) {
      reader = JSONReader(bytes: bytes)
      reader.skipSpace()
      guard reader.take(UInt8(ascii: "[")) else { throw reader.error("expected \"[\"") }
      reader.skipSpace()
      if reader.take(UInt8(ascii: "]")) { try end() }
    }

    /// How many bytes of the text have been read.
    var position: Int { reader.position }

    /// The next element; nil after the last.
    mutating func next() throws(PropertyListError) -> PropertyList? {
      guard !ended else { return nil }
      reader.skipSpace()
      reader.path = [.index(read)]
      let element = try reader.value(depth: 1)
      reader.path = []
      read += 1
      reader.skipSpace()
      if reader.take(UInt8(ascii: ",")) { return element }
      guard reader.take(UInt8(ascii: "]")) else {
        throw reader.error("expected \",\" or \"]\" in an array")
      }
      try end()
      return element
    }

    /// Passes the array's end and the white space after it, which must end the text.
    private mutating func end() throws(PropertyListError) {
      ended = true
      reader.skipSpace()
      guard reader.position == reader.bytes.count else {
        throw reader.error("text after the JSON value")
      }
    }
  }
}
