/// Reading a color's dictionary `{red, green, blue}` of integers 0–255 straight from a
/// binary property list's bytes, as a store's colors and imported colors are written.
extension BinaryPlistScanner {
  /// The components of object `index` when it is a dictionary of exactly the ASCII keys
  /// `red`, `green` and `blue`, each once, holding integers from 0 to 255, packed as
  /// `0xRRGGBB`; nil for anything else (which the caller reads the general way, for its
  /// value or its message).
  ///
  /// Every object it accepts is checked as the tree reader checks it (the dictionary, its
  /// keys and its integers), and holds no container, so it needs no place on a traversal's
  /// path: it cannot lead back to a container being read.
  @inline(__always)
  func rgbColor(_ index: Int) throws -> UInt32? {
    guard marker(of: index) >> 4 == 0xD else { return nil }
    let (count, refsStart, _) = try container(index)
    guard count == 3 else { return nil }
    var packed: UInt32 = 0
    var found = 0
    for entry in 0..<3 {
      let key = try reference(at: refsStart + entry * refSize, in: index)
      guard let component = colorComponent(key), found & (1 << component) == 0 else {
        return nil
      }
      let value = try reference(at: refsStart + (3 + entry) * refSize, in: index)
      guard marker(of: value) >> 4 == 0x1,
        case let (number, false) = try integer(value),
        let byte = UInt8(exactly: number)
      else { return nil }
      found |= 1 << component
      packed |= UInt32(byte) << UInt32(16 - 8 * component)
    }
    return packed
  }

  /// Which component (0 red, 1 green, 2 blue) an ASCII string object names, if any.
  @inline(__always)
  private func colorComponent(_ key: Int) -> Int? {
    let start = offset(of: key)
    let bytes = unsigned(at: start, size: 6)
    if bytes >> 16 == 0x5372_6564, start + 4 <= tableOffset { return 0 }
    if bytes == 0x5567_7265_656E, start + 6 <= tableOffset { return 1 }
    if bytes >> 8 == 0x54_626C_7565, start + 5 <= tableOffset { return 2 }
    return nil
  }
}
