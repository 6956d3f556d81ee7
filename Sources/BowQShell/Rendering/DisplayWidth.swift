/// How many terminal columns text takes: East Asian wide and fullwidth characters and
/// emoji take two, combining marks and other zero-width characters none, the rest one.
///
/// Used to pad table columns and to place carets under text; it does not depend on the
/// process's locale.
public enum DisplayWidth {
  /// The columns `text` takes on a terminal.
  public static func of(_ text: some StringProtocol) -> Int {
    // ASCII takes a column a byte, except CR, which makes one character with an LF after it.
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
      UnsafeRawBufferPointer(bytes).isASCII && !bytes.contains(UInt8(ascii: "\r"))
        ? bytes.count : nil
    }
    if let ascii, let ascii { return ascii }
    var total = 0
    for character in text {
      total += of(character)
    }
    return total
  }

  /// The columns `text` takes on a terminal once its colours are applied: the escape
  /// sequences that set them (`ESC [ … m`, and any other `ESC [` sequence) take none.
  public static func ofStyled(_ text: some StringProtocol) -> Int {
    var total = 0
    var inEscape = false
    var afterEscape = false
    for character in text {
      if inEscape {
        if let byte = character.asciiValue, (0x40...0x7E).contains(byte) { inEscape = false }
      } else if afterEscape {
        afterEscape = false
        inEscape = character == "["
        if !inEscape { total += of(character) }
      } else if character == "\u{1B}" {
        afterEscape = true
      } else {
        total += of(character)
      }
    }
    return total
  }

  /// The columns one character (a grapheme cluster) takes: the widest of its scalars.
  public static func of(_ character: Character) -> Int {
    if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
      scalar.isASCII
    {
      return 1
    }
    var width = 0
    for scalar in character.unicodeScalars {
      width = max(width, of(scalar))
      if scalar == "\u{FE0F}", character.unicodeScalars.first?.properties.isEmoji == true {
        width = 2
      }
    }
    return width
  }

  private static func of(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    let value = scalar.value
    if (0x1160...0x11FF).contains(value) { return 0 }
    return wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt,
  /// besides emoji (found through their presentation property).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi radicals, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK
    0x3400...0x4DBF,  // CJK unified ideographs extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G–H
  ]
}
