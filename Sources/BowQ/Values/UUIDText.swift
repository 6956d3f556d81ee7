import Foundation

/// UUIDs read from text as `UUID(uuidString:)` reads them, the canonical form without it:
/// `8-4-4-4-12` hexadecimal digits in either case are read from their UTF-8 bytes, with no
/// string made and no `sscanf`, which Foundation calls on Linux (a twentieth of a CSV
/// import's time); any other text goes to `UUID(uuidString:)`, which judges it.
enum UUIDText {
  /// The UUID `text` writes, or nil: exactly what `UUID(uuidString: text)` gives.
  static func uuid(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8(uuid(canonical:)) ?? UUID(uuidString: text)
  }

  /// The UUID written as `8-4-4-4-12` hexadecimal digits (either case) in `utf8`; nil for
  /// any other text, which `UUID(uuidString:)` judges.
  static func uuid(canonical utf8: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard utf8.count == 36 else { return nil }
    var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let parsed = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
      var index = 0
      var high: UInt8?
      for (position, character) in utf8.enumerated() {
        if position == 8 || position == 13 || position == 18 || position == 23 {
          guard character == UInt8(ascii: "-") else { return false }
          continue
        }
        guard let digit = hexDigit(character) else { return false }
        if let first = high {
          bytes[index] = first << 4 | digit
          index += 1
          high = nil
        } else {
          high = digit
        }
      }
      return true
    }
    return parsed ? UUID(uuid: uuid) : nil
  }

  /// The value of a hexadecimal digit, either case.
  private static func hexDigit(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
