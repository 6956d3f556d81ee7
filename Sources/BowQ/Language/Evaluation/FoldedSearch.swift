/// BEGINSWITH, ENDSWITH and CONTAINS with the `[c]` and `[d]` options.
///
/// The needle is folded once. A haystack that is all ASCII (or, for `[c]` alone with an
/// ASCII needle, almost any haystack: see ``matchesASCII(_:)``) is searched byte by byte,
/// folding case on the fly with no allocation (diacritic folding changes nothing in
/// ASCII); any other haystack is folded by Unicode rules first, then searched by bytes.
struct FoldedSearch: Sendable {
  enum Anchor: Sendable {
    case prefix
    case suffix
    case anywhere
  }

  let anchor: Anchor
  let options: StringOptions
  /// The needle with the options applied, as UTF-8.
  private let needle: [UInt8]
  /// Whether ASCII haystacks can be searched without folding them first.
  private let asciiFastPath: Bool

  init(_ needle: String, options: StringOptions, anchor: Anchor) {
    self.anchor = anchor
    self.options = options
    self.needle = Array(ValueComparison.fold(needle, options).utf8)
    asciiFastPath =
      self.needle.allSatisfy { $0 < 0x80 }
      && options.isSubset(of: [.caseInsensitive, .diacriticInsensitive])
  }

  func matches(_ haystack: String) -> Bool {
    if asciiFastPath {
      let found = haystack.utf8.withContiguousStorageIfAvailable(matchesASCII)
      if let found = found ?? nil { return found }
    }
    var folded = ValueComparison.fold(haystack, options)
    folded.makeContiguousUTF8()
    return folded.utf8.withContiguousStorageIfAvailable {
      Self.find(needle, in: $0, anchor: anchor, foldingCase: false)
    } ?? false
  }

  /// Decides a haystack given as UTF-8 bytes where that needs no Unicode folding; nil for
  /// any other haystack, which ``matches(_:)`` folds.
  ///
  /// With an ASCII needle that is any ASCII haystack, and with `[c]` alone also a haystack
  /// with other scalars: lowering a scalar that is not ASCII gives no ASCII byte (but for
  /// U+0130 and U+212A, whose lead bytes 0xC4 and 0xE2 send the haystack to the folding),
  /// so the needle can only match ASCII bytes, lowered in place, and the others are
  /// barriers in the folded text as in the original.
  func matchesASCII(_ haystack: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard asciiFastPath else { return nil }
    let decidable =
      options == [.caseInsensitive]
      ? Self.isASCII(haystack) || !haystack.contains { $0 == 0xC4 || $0 == 0xE2 }
      : Self.isASCII(haystack)
    guard decidable else { return nil }
    return Self.find(
      needle, in: haystack, anchor: anchor, foldingCase: options.contains(.caseInsensitive))
  }

  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    UnsafeRawBufferPointer(bytes).isASCII
  }

  /// Whether `needle` occurs in `text` at its start, its end or anywhere, byte for byte —
  /// with ASCII letters of `text` lower-cased first when `foldingCase`.
  private static func find(
    _ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, anchor: Anchor, foldingCase: Bool
  ) -> Bool {
    @inline(__always) func byte(_ i: Int) -> UInt8 {
      let b = text[i]
      return foldingCase && b >= 0x41 && b <= 0x5A ? b | 0x20 : b
    }
    let n = needle.count
    guard n <= text.count else { return false }
    func matches(at start: Int) -> Bool {
      for i in 0..<n where byte(start + i) != needle[i] { return false }
      return true
    }
    switch anchor {
    case .prefix: return matches(at: 0)
    case .suffix: return matches(at: text.count - n)
    case .anywhere:
      let first = needle[0]
      for start in 0...(text.count - n) where byte(start) == first && matches(at: start) {
        return true
      }
      return false
    }
  }
}
