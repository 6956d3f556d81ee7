/// The strings of one column, with their UTF-8 bytes kept out of Swift's string objects:
/// while the column holds few distinct strings (up to 256, as a search key or a colour
/// name does), one byte per object naming its string in a small dictionary; past that,
/// every string's bytes in one buffer with each object's span of it.
///
/// Nil rows are the column's business (``Column``): here they hold the empty string.
/// Strings are told apart by their bytes, not by Swift's canonical equivalence, so each
/// reads back exactly as it was stored.
struct StringColumn: Sendable {
  /// How the strings are held.
  enum Encoding: Sendable {
    /// `codes[i]` is the index in `entries` of object `i`'s string.
    case dictionary
    /// Object `i`'s string is `bytes[starts[i] ..< starts[i] + lengths[i]]`.
    case plain
  }

  /// The most distinct strings a dictionary holds, one byte naming each.
  static let dictionaryLimit = 256

  private(set) var encoding = Encoding.dictionary
  private(set) var codes: [UInt8] = []
  /// The distinct strings of a dictionary, in the order they first came.
  private(set) var entries: [String] = []
  /// The UTF-8 bytes of each entry, to find an incoming string's code.
  private var codeByBytes: [[UInt8]: UInt8] = [:]
  private(set) var bytes: [UInt8] = []
  private(set) var starts: [Int] = []
  private(set) var lengths: [UInt32] = []
  /// Bytes of `bytes` no span covers any more (left by replaced strings).
  private var garbage = 0

  var count: Int { encoding == .dictionary ? codes.count : starts.count }

  /// The string of object `position`.
  func string(at position: Int) -> String {
    switch encoding {
    case .dictionary:
      return entries[Int(codes[position])]
    case .plain:
      let start = starts[position]
      return bytes.withUnsafeBufferPointer { buffer in
        String(
          decoding: UnsafeBufferPointer(
            rebasing: buffer[start..<start + Int(lengths[position])]), as: UTF8.self)
      }
    }
  }

  /// Calls `body` with the UTF-8 bytes of object `position`'s string, read in place.
  @inline(__always)
  func withUTF8<R>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    switch encoding {
    case .dictionary:
      var entry = entries[Int(codes[position])]
      return entry.withUTF8(body)
    case .plain:
      let start = starts[position]
      return bytes.withUnsafeBufferPointer { buffer in
        body(UnsafeBufferPointer(rebasing: buffer[start..<start + Int(lengths[position])]))
      }
    }
  }

  mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { utf8 in
      if encoding == .dictionary, let code = code(for: utf8) {
        codes.append(code)
      } else {
        starts.append(bytes.count)
        lengths.append(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
      }
    }
  }

  /// Replaces the string of object `position`. A plain column appends the new bytes and
  /// compacts its buffer once replaced strings make up more than half of it.
  mutating func set(_ string: String, at position: Int) {
    var string = string
    string.withUTF8 { utf8 in
      if encoding == .dictionary, let code = code(for: utf8) {
        codes[position] = code
        return
      }
      garbage += Int(lengths[position])
      starts[position] = bytes.count
      lengths[position] = UInt32(utf8.count)
      bytes.append(contentsOf: utf8)
    }
    if garbage > 4096, garbage > bytes.count / 2 { compact() }
  }

  /// The strings of the given positions, in that order.
  func selecting(_ positions: some Sequence<Int>) -> StringColumn {
    var result = StringColumn()
    switch encoding {
    case .dictionary:
      result.entries = entries
      result.codeByBytes = codeByBytes
      result.codes = positions.map { codes[$0] }
    case .plain:
      result.encoding = .plain
      for position in positions {
        withUTF8(at: position) { utf8 in
          result.starts.append(result.bytes.count)
          result.lengths.append(UInt32(utf8.count))
          result.bytes.append(contentsOf: utf8)
        }
      }
    }
    return result
  }

  /// Whether a string of `length` UTF-8 bytes fits a span.
  static func fits(length: Int) -> Bool {
    length <= Int(UInt32.max)
  }

  /// The code of a string in the dictionary, adding it when there is room; nil when the
  /// dictionary is full, after the column has turned plain.
  private mutating func code(for utf8: UnsafeBufferPointer<UInt8>) -> UInt8? {
    let key = Array(utf8)
    if let code = codeByBytes[key] { return code }
    guard entries.count < Self.dictionaryLimit else {
      makePlain()
      return nil
    }
    let code = UInt8(entries.count)
    entries.append(String(decoding: utf8, as: UTF8.self))
    codeByBytes[key] = code
    return code
  }

  /// Turns a dictionary into spans of one buffer, as a column of many strings is kept.
  private mutating func makePlain() {
    let entryBytes = entries.map { Array($0.utf8) }
    var plain = StringColumn()
    plain.encoding = .plain
    plain.starts.reserveCapacity(codes.count)
    plain.lengths.reserveCapacity(codes.count)
    for code in codes {
      let utf8 = entryBytes[Int(code)]
      plain.starts.append(plain.bytes.count)
      plain.lengths.append(UInt32(utf8.count))
      plain.bytes.append(contentsOf: utf8)
    }
    self = plain
  }

  /// Rewrites the buffer with only the bytes spans cover.
  private mutating func compact() {
    self = selecting(0..<count)
  }
}
