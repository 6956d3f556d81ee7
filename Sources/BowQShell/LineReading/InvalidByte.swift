/// A byte of an input line that is no part of any UTF-8 character: the line a reader returns
/// holds U+FFFD in its place, and the shell reports the byte with its position rather than
/// run a statement with text the script never held.
public struct InvalidByte: Hashable, Sendable {
  /// The byte, as the input held it.
  public var value: UInt8
  /// Its 1-based column in the line, counting characters as the lexer does.
  public var column: Int

  public init(value: UInt8, column: Int) {
    self.value = value
    self.column = column
  }

  /// The first invalid byte of `bytes`, or nil when they are all UTF-8.
  public static func first(in bytes: some Collection<UInt8>) -> InvalidByte? {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var column = 1
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        column += 1
        offset += encoded.count
      case .error:
        let index = bytes.index(bytes.startIndex, offsetBy: offset)
        return InvalidByte(value: bytes[index], column: column)
      case .emptyInput:
        return nil
      }
    }
  }
}
