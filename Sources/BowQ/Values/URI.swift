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

  /// The URI of `url`.
  public init(_ url: URL) {
    absoluteString = url.absoluteString
  }

  /// The URI as a `URL`.
  public var url: URL? { URL(string: absoluteString) }

  /// Its scheme (`https`), or nil for a relative reference.
  public var scheme: String? { url?.scheme }

  public var description: String { absoluteString }

  /// Whether `string` is in a shape `URL(string:)` always accepts: printable ASCII made of
  /// RFC 3986's unreserved and reserved characters and `%`, with no brackets (IPv6 hosts);
  /// a scheme, if any, of a letter then letters, digits, `+`, `-` or `.`; and an authority
  /// without `%` whose port, if any, is digits. Other strings are for `URL` to judge: this
  /// may answer false for a valid URI, never true for an invalid one.
  static func isPlainlyValid(_ string: String) -> Bool {
    var utf8 = string.utf8[...]
    guard utf8.allSatisfy({ plainCharacters.contains($0) }) else { return false }
    if let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
      !utf8[..<colon].contains(where: {
        $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      })
    {
      let scheme = utf8[..<colon]
      guard let first = scheme.first, isLetter(first),
        scheme.allSatisfy({ isLetter($0) || isDigit($0) || "+-.".utf8.contains($0) })
      else { return false }
      utf8 = utf8[utf8.index(after: colon)...]
    }
    guard utf8.starts(with: "//".utf8) else { return true }
    let authority = utf8.dropFirst(2).prefix { !"/?#".utf8.contains($0) }
    guard !authority.contains(UInt8(ascii: "%")) else { return false }
    let hostAndPort =
      authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last
      ?? authority
    let parts = hostAndPort.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    return parts.count == 1 || (parts.count == 2 && parts[1].allSatisfy(isDigit))
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// RFC 3986's unreserved and reserved characters but `[` and `]`, and `%`.
  private static let plainCharacters: Set<UInt8> = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:/?#@%".utf8)
}
