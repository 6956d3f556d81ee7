import Foundation

/// The value of a `URI` attribute: the text of a URI that `URL` accepts.
///
/// Kept as its text rather than as a `URL`: a URL object takes about 470 bytes on Linux,
/// its text about a fifth of that, and a store of a million objects holds a million of
/// them. Two URIs are equal when their text is, as two URLs made from strings are.
public struct URI: Hashable, Sendable, CustomStringConvertible {
  /// The URI as written, e.g. `https://example.com/ties/1`.
  public let absoluteString: String

  /// The URI `string` names, or nil when it is empty or `URL` cannot parse it.
  ///
  /// Parsing a URL takes about a microsecond, which is most of the time of reading a
  /// million URIs from a store; a URI in the plain shape most are written in is known to
  /// parse without it (see ``isPlainlyValid(_:)``).
  public init?(_ string: String) {
    guard !string.isEmpty, Self.isPlainlyValid(string) || URL(string: string) != nil else {
      return nil
    }
    absoluteString = string
  }

  /// The URI whose text is `string`, already known to be valid (it was a URI's text).
  init(validated string: String) {
    absoluteString = string
  }

  /// The URI of `url`.
  public init(_ url: URL) {
    absoluteString = url.absoluteString
  }

  /// The URI as a `URL`.
  public var url: URL? { URL(string: absoluteString) }

  /// Its scheme (`https`), or nil for a relative reference.
  public var scheme: String? { url?.scheme }

  public var description: String { absoluteString }

  /// Whether `string` is in a shape `URL(string:)` always accepts: RFC 3986's unreserved
  /// and reserved characters and `%`, with no brackets (IPv6 hosts), and past the scheme
  /// and authority any scalar that is not ASCII (which `URL` percent-encodes, as in
  /// `https://shop.example.com/crème-brûlée`); a scheme, if any, of a letter then letters,
  /// digits, `+`, `-` or `.`; and an authority of ASCII without `%` whose port, if any, is
  /// digits. Other strings are for `URL` to judge: this may answer false for a valid URI,
  /// never true for an invalid one.
  static func isPlainlyValid(_ string: String) -> Bool {
    string.utf8.withContiguousStorageIfAvailable(isPlainlyValid(bytes:)) ?? false
  }

  /// ``isPlainlyValid(_:)`` of a string given as its UTF-8 bytes, so that a reader can
  /// check text it has not made a `String` of.
  static func isPlainlyValid(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    guard hasOnlyPlainBytes(bytes) else { return false }
    var start = 0
    var end = 0
    while end < count, !isDelimiter(bytes[end]) { end += 1 }
    if end < count, bytes[end] == UInt8(ascii: ":") {
      guard end > 0, isLetter(bytes[0]),
        bytes[1..<end].allSatisfy({ isLetter($0) || isDigit($0) || isSchemeMark($0) })
      else { return false }
      start = end + 1
    }
    guard count - start >= 2, bytes[start] == UInt8(ascii: "/"),
      bytes[start + 1] == UInt8(ascii: "/")
    else { return true }
    // One pass over the authority, up to `/`, `?` or `#`: no `%` and only ASCII, and the
    // first `:` after the last `@` (the host's end), if any.
    var authorityEnd = start + 2
    var colon: Int?
    while authorityEnd < count {
      let byte = bytes[authorityEnd]
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
        break
      }
      if byte == UInt8(ascii: "%") || byte >= 128 { return false }
      if byte == UInt8(ascii: "@") {
        colon = nil
      } else if byte == UInt8(ascii: ":"), colon == nil {
        colon = authorityEnd
      }
      authorityEnd += 1
    }
    guard let colon else { return true }
    return bytes[(colon + 1)..<authorityEnd].allSatisfy(isDigit)
  }

  /// Whether every byte of `bytes` is a plain character (see ``plainBelow64``) or not ASCII:
  /// eight bytes at a time while they are common ones (``isCommonWord(_:)``), byte by byte
  /// where they are not.
  @inline(__always)
  static func hasOnlyPlainBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    let count = bytes.count
    var index = 0
    while index < count {
      if index + 8 <= count,
        isCommonWord(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      {
        index += 8
        continue
      }
      guard isPlainByte(bytes[index]) else { return false }
      index += 1
    }
    return true
  }

  /// Whether a byte is a plain character (see ``plainBelow64``) or not ASCII: the general
  /// check, one byte at a time.
  @inline(__always)
  static func isPlainByte(_ byte: UInt8) -> Bool {
    byte >= 128
      || (byte < 64 ? plainBelow64 : plainFrom64) >> UInt64(byte & 63) & 1 != 0
  }

  /// Whether all eight bytes of `word` are among the characters most URIs are made of,
  /// all plain: letters, digits, `-`, `.`, `/` and `:`. Each byte is tested against the
  /// ranges `-` to `:` and (lower-cased) `a` to `z` at once, without carries between bytes:
  /// adding `0x80 - low` to an ASCII byte sets its top bit when it is at least `low`, and
  /// adding `0x7F - high` when it is above `high`.
  @inline(__always)
  static func isCommonWord(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let tops: UInt64 = 0x8080_8080_8080_8080
    guard word & tops == 0 else { return false }
    func within(_ word: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
      (word &+ ones &* UInt64(0x80 - low)) & ~(word &+ ones &* UInt64(0x7F - high))
    }
    let marks = within(word, UInt8(ascii: "-"), UInt8(ascii: ":"))
    let letters = within(word | ones &* 0x20, UInt8(ascii: "a"), UInt8(ascii: "z"))
    return (marks | letters) & tops == tops
  }

  /// `:`, `/`, `?` or `#`: what ends a scheme or an authority.
  private static func isDelimiter(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
      || byte == UInt8(ascii: "#")
  }

  private static func isSchemeMark(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// The plain characters, RFC 3986's unreserved and reserved characters but `[` and `]`,
  /// and `%` (`A-Z a-z 0-9 -._~!$&'()*+,;=:/?#@%`), a bit per ASCII character: those below
  /// 64 in `plainBelow64`, the others in `plainFrom64`. Constants, so that checking a byte
  /// reads no array and runs no lazy initialization.
  private static let plainBelow64: UInt64 = 0xAFFF_FFFA_0000_0000
  private static let plainFrom64: UInt64 = 0x47FF_FFFE_87FF_FFFF
}
