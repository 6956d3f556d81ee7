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
    var keys = ColorKeys()
    return try rgbColor(index, keys: &keys)
  }

  /// ``rgbColor(_:)``, naming the components of keys found in `keys` without reading them
  /// again, and noting there the keys it reads: a writer that stores each string once
  /// writes every color with the same three key objects.
  @inline(__always)
  func rgbColor(_ index: Int, keys: inout ColorKeys) throws -> UInt32? {
    guard marker(of: index) >> 4 == 0xD else { return nil }
    let (count, refsStart, _) = try container(index)
    guard count == 3 else { return nil }
    var packed: UInt32 = 0
    var found = 0
    for entry in 0..<3 {
      let key = try reference(at: refsStart + entry * refSize, in: index)
      guard let component = keys.component(of: key) ?? colorComponent(key, noting: &keys),
        found & (1 << component) == 0
      else {
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

  /// Which component (0 red, 1 green, 2 blue) an ASCII string object names, if any, noted
  /// in `keys` when it names one.
  @inline(__always)
  private func colorComponent(_ key: Int, noting keys: inout ColorKeys) -> Int? {
    let start = offset(of: key)
    let bytes = unsigned(at: start, size: 6)
    let component: Int
    if bytes >> 16 == 0x5372_6564, start + 4 <= tableOffset {
      component = 0
    } else if bytes == 0x5567_7265_656E, start + 6 <= tableOffset {
      component = 1
    } else if bytes >> 8 == 0x54_626C_7565, start + 5 <= tableOffset {
      component = 2
    } else {
      return nil
    }
    keys.note(key, names: component)
    return component
  }
}

/// The key objects last found to name a color's components, one per component, so that
/// reading colors whose dictionaries share their keys reads each key once
/// (``BinaryPlistScanner/rgbColor(_:keys:)``). Whether an object names a component depends
/// only on its bytes, so an object found once answers the same ever after.
struct ColorKeys {
  /// The objects found to be `red`, `green` and `blue`; -1 for none yet.
  private var red = -1
  private var green = -1
  private var blue = -1

  /// The component (0 red, 1 green, 2 blue) the object `key` was found to name, or nil when
  /// it is not one of the objects noted.
  @inline(__always)
  func component(of key: Int) -> Int? {
    if key == red { return 0 }
    if key == green { return 1 }
    if key == blue { return 2 }
    return nil
  }

  /// Notes that the object `key` names `component`.
  @inline(__always)
  mutating func note(_ key: Int, names component: Int) {
    switch component {
    case 0: red = key
    case 1: green = key
    default: blue = key
    }
  }
}
