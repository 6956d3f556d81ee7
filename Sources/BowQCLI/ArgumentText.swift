import BowQShell

/// The command line as text: each argument's bytes read as UTF-8, refusing any that are
/// not, since Swift's own decoding of `argv` replaces such bytes with U+FFFD and a statement
/// would then run with text the user never typed.
enum ArgumentText {
  /// The arguments as strings, or the first argument holding a byte that is no part of any
  /// UTF-8 character.
  static func decode(_ arguments: [[UInt8]]) throws(CommandLineError) -> [String] {
    var decoded: [String] = []
    decoded.reserveCapacity(arguments.count)
    for (index, bytes) in arguments.enumerated() {
      let text = String(decoding: bytes, as: UTF8.self)
      if let byte = InvalidByte.first(in: bytes) {
        throw .notUTF8(position: index + 1, argument: text, byte: byte)
      }
      decoded.append(text)
    }
    return decoded
  }
}
