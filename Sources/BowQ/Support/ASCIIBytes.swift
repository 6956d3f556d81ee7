extension UnsafeRawBufferPointer {
  /// Whether every byte is ASCII (below 0x80), read eight bytes at a time: how a writer
  /// picks a string's encoding and a search decides a haystack needs no Unicode folding.
  @inline(__always)
  package var isASCII: Bool {
    var i = 0
    var high: UInt64 = 0
    while i + 8 <= count {
      high |= loadUnaligned(fromByteOffset: i, as: UInt64.self)
      i += 8
    }
    while i < count {
      high |= UInt64(self[i])
      i += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }
}
