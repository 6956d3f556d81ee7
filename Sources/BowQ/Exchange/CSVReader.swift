import Foundation

/// Reads comma-separated values as ``CSV`` writes them (RFC 4180): fields separated by
/// commas, records by LF or CRLF; a field in double quotes may hold commas, line breaks and
/// doubled quotes. A quoted empty field (`""`) is kept apart from an empty one, as the
/// writer keeps an empty string apart from nil.
public struct CSVReader {
  /// One field of a record.
  public enum Field: Hashable, Sendable {
    /// Nothing between the commas.
    case empty
    /// Text, and whether it was in quotes.
    case text(String, quoted: Bool)
  }

  /// A record with the line it starts on, counting from 1.
  public struct Record: Hashable, Sendable {
    public var line: Int
    public var fields: [Field]
  }

  /// Text that is not CSV, with the line where it goes wrong.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public var description: String { "line \(line): \(message)" }
  }

  /// Where each field of the record ``next()`` read last starts: its line and its column
  /// (counting Unicode scalars from 1, as the lexer counts them), and its UTF-8 offset.
  public private(set) var fieldStarts: [SourceLocation] = []

  /// The text's UTF-8, read in place: a file's bytes, mapped or read, without a copy when
  /// they are valid UTF-8.
  private let text: Data
  private var line = 1
  /// The column of the next scalar to read, counting scalars (not bytes) from 1.
  private var column = 1
  /// The UTF-8 offset of the next scalar to read: how far into the text the reader is.
  public private(set) var offset = 0

  private static let (comma, quote, lineFeed, carriageReturn): (UInt8, UInt8, UInt8, UInt8) =
    (0x2C, 0x22, 0x0A, 0x0D)

  /// A reader of `text`.
  public init(_ text: String) {
    self.text = Data(text.utf8)
  }

  /// A reader of the text whose UTF-8 is `bytes`, read as `String(decoding:as:)` reads
  /// them: in place when they are valid UTF-8, and otherwise from a copy in which each
  /// invalid sequence is a replacement character (U+FFFD).
  public init(utf8 bytes: Data) {
    text =
      bytes.withUnsafeBytes(\.isValidUTF8)
      ? bytes : Data(String(decoding: bytes, as: UTF8.self).utf8)
  }

  /// Every record of the text; a last line break ends the last record and starts no other.
  public static func records(_ text: String) throws(Failure) -> [Record] {
    var reader = CSVReader(text)
    var records: [Record] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  /// The next record, or nil at the end of the text.
  public mutating func next() throws(Failure) -> Record? {
    let text = self.text
    return try text.withUnsafeBytes { raw in
      Result { () throws(Failure) -> Record? in
        try record(in: raw.assumingMemoryBound(to: UInt8.self))
      }
    }.get()
  }

  /// The record starting at ``offset`` of `bytes`, the text's UTF-8.
  private mutating func record(in bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Record? {
    guard offset < bytes.count else { return nil }
    let start = line
    var fields: [Field] = []
    fieldStarts.removeAll(keepingCapacity: true)
    while true {
      fieldStarts.append(SourceLocation(offset: offset, line: line, column: column))
      fields.append(try field(in: bytes))
      guard offset < bytes.count else { return Record(line: start, fields: fields) }
      // A field ends at a comma or a line break (CRLF or LF).
      let byte = bytes[offset]
      offset += 1
      if byte == Self.comma {
        column += 1
        continue
      }
      if byte == Self.carriageReturn, offset < bytes.count, bytes[offset] == Self.lineFeed {
        offset += 1
      }
      line += 1
      column = 1
      return Record(line: start, fields: fields)
    }
  }

  /// One field, up to (not through) the comma or line break after it.
  private mutating func field(in bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Field {
    guard bytes[offset] == Self.quote else {
      let start = offset
      while offset < bytes.count {
        let byte = bytes[offset]
        if byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn { break }
        if byte == Self.quote {
          throw Failure(
            line: line,
            message: "a double quote inside a field that does not start with one; put the "
              + "field in quotes and double the quote (\"say \"\"hi\"\"\")")
        }
        if Self.startsScalar(byte) { column += 1 }
        offset += 1
      }
      return offset == start ? .empty : .text(Self.string(bytes[start..<offset]), quoted: false)
    }
    let start = line
    offset += 1
    column += 1
    // The text between the quotes, each doubled quote kept once: pieces between them are
    // gathered only when there is one.
    var piece = offset
    var gathered: [UInt8]?
    while true {
      guard offset < bytes.count else {
        throw Failure(line: start, message: "a quoted field is not closed by a double quote")
      }
      let byte = bytes[offset]
      if byte == Self.quote {
        guard offset + 1 < bytes.count, bytes[offset + 1] == Self.quote else { break }
        gathered = (gathered ?? []) + bytes[piece...offset]
        offset += 2
        column += 2
        piece = offset
        continue
      }
      if byte == Self.lineFeed {
        line += 1
        column = 1
      } else if Self.startsScalar(byte) {
        column += 1
      }
      offset += 1
    }
    let text =
      gathered.map { String(decoding: $0 + bytes[piece..<offset], as: UTF8.self) }
      ?? Self.string(bytes[piece..<offset])
    offset += 1
    column += 1
    if offset < bytes.count, case let after = bytes[offset],
      after != Self.comma, after != Self.lineFeed, after != Self.carriageReturn
    {
      var end = offset + 1
      while end < bytes.count, !Self.startsScalar(bytes[end]) { end += 1 }
      throw Failure(
        line: line,
        message: "\(Value.quoted(Self.string(bytes[offset..<end]))) after a closing double "
          + "quote; a quoted field ends at a comma or the end of the line")
    }
    return .text(text, quoted: true)
  }

  /// Whether `byte` starts a scalar in UTF-8 (it is not a continuation byte).
  @inline(__always)
  private static func startsScalar(_ byte: UInt8) -> Bool {
    byte & 0xC0 != 0x80
  }

  private static func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
  }
}
