/// Bytes written as lowercase hexadecimal, two digits a byte, by table rather than through
/// `String(format:)`, which formats through Foundation one byte at a time.
package enum Hexadecimal {
  private static let digits = Array("0123456789abcdef".utf8)

  /// `bytes` as `0a1b…`.
  package static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
