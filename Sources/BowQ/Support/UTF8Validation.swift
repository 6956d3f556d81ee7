extension UnsafeRawBufferPointer {
  /// Whether the bytes are valid UTF-8: ASCII a word at a time, other scalars through the
  /// standard library's parser. What the text readers check their input with, once for each
  /// of millions of strings: `String(validating:as:)` runs generic code that looks up type
  /// metadata at each call, a tenth of reading a JSON array of a million objects.
  var isValidUTF8: Bool {
    var position = 0
    while position < count {
      while position + 8 <= count,
        loadUnaligned(fromByteOffset: position, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        position += 8
      }
      guard position < count else { break }
      guard self[position] >= 0x80 else {
        position += 1
        continue
      }
      var parser = Unicode.UTF8.ForwardParser()
      var scalars = self[position...].makeIterator()
      guard case .valid(let scalar) = parser.parseScalar(from: &scalars) else { return false }
      position += scalar.count
    }
    return true
  }
}
