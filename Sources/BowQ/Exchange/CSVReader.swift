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

  private var scalars: String.UnicodeScalarView.Iterator
  private var pending: Unicode.Scalar?
  private var line = 1
  private var column = 1
  /// The UTF-8 offset of the next scalar to read: how far into the text the reader is.
  public private(set) var offset = 0

  /// A reader of `text`.
  public init(_ text: String) {
    scalars = text.unicodeScalars.makeIterator()
  }

  /// Every record of the text; a last line break ends the last record and starts no other.
  public static func records(_ text: String) throws(Failure) -> [Record] {
    var reader = CSVReader(text)
    var records: [Record] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  private mutating func peek() -> Unicode.Scalar? {
    if pending == nil { pending = scalars.next() }
    return pending
  }

  private mutating func advance() -> Unicode.Scalar? {
    defer { pending = nil }
    guard let scalar = peek() else { return nil }
    column += 1
    offset += scalar.utf8.count
    return scalar
  }

  /// Moves to the start of the next line, past a line break just read.
  private mutating func breakLine() {
    line += 1
    column = 1
  }

  /// The next record, or nil at the end of the text.
  public mutating func next() throws(Failure) -> Record? {
    guard peek() != nil else { return nil }
    let start = line
    var fields: [Field] = []
    fieldStarts.removeAll(keepingCapacity: true)
    while true {
      fieldStarts.append(SourceLocation(offset: offset, line: line, column: column))
      fields.append(try field())
      switch advance() {
      case ",": continue
      case "\r":
        if peek() == "\n" { _ = advance() }
        breakLine()
        return Record(line: start, fields: fields)
      case "\n":
        breakLine()
        return Record(line: start, fields: fields)
      default:
        return Record(line: start, fields: fields)
      }
    }
  }

  /// One field, up to (not through) the comma or line break after it.
  private mutating func field() throws(Failure) -> Field {
    guard peek() == "\"" else {
      var text = String.UnicodeScalarView()
      while let scalar = peek(), scalar != ",", scalar != "\n", scalar != "\r" {
        if scalar == "\"" {
          throw Failure(
            line: line,
            message: "a double quote inside a field that does not start with one; put the "
              + "field in quotes and double the quote (\"say \"\"hi\"\"\")")
        }
        text.append(scalar)
        _ = advance()
      }
      return text.isEmpty ? .empty : .text(String(text), quoted: false)
    }
    let start = line
    _ = advance()
    var text = String.UnicodeScalarView()
    while true {
      guard let scalar = advance() else {
        throw Failure(line: start, message: "a quoted field is not closed by a double quote")
      }
      if scalar == "\"" {
        guard peek() == "\"" else { break }
        _ = advance()
      }
      if scalar == "\n" { breakLine() }
      text.append(scalar)
    }
    if let after = peek(), after != ",", after != "\n", after != "\r" {
      throw Failure(
        line: line,
        message: "\(Value.quoted(String(after))) after a closing double quote; a quoted field "
          + "ends at a comma or the end of the line")
    }
    return .text(String(text), quoted: true)
  }
}
