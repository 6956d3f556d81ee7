/// BEGINSWITH, ENDSWITH and CONTAINS with the `[c]` and `[d]` options.
///
/// The needle is folded once. A haystack that is all ASCII is searched byte by byte,
/// folding case on the fly with no allocation (diacritic folding changes nothing in
/// ASCII); any other haystack is folded by Unicode rules first.
struct FoldedSearch: Sendable {
  enum Anchor: Sendable {
    case prefix
    case suffix
    case anywhere
  }

  let anchor: Anchor
  let options: StringOptions
  /// The needle with the options applied.
  let needle: String
  /// The folded needle's bytes when it is ASCII, for the fast path.
  private let asciiNeedle: [UInt8]?

  init(_ needle: String, options: StringOptions, anchor: Anchor) {
    self.anchor = anchor
    self.options = options
    self.needle = ValueComparison.fold(needle, options)
    let bytes = Array(self.needle.utf8)
    asciiNeedle = bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
  }

  func matches(_ haystack: String) -> Bool {
    if let asciiNeedle, options.isSubset(of: [.caseInsensitive, .diacriticInsensitive]) {
      var text = haystack
      if let found = text.utf8.withContiguousStorageIfAvailable({ search(asciiNeedle, in: $0) }) {
        if let found { return found }
      } else {
        text.makeContiguousUTF8()
        if let found = text.utf8.withContiguousStorageIfAvailable({ search(asciiNeedle, in: $0) }) ?? nil {
          return found
        }
      }
    }
    let folded = ValueComparison.fold(haystack, options)
    switch anchor {
    case .prefix: return folded.hasPrefix(needle)
    case .suffix: return folded.hasSuffix(needle)
    case .anywhere: return folded.contains(needle)
    }
  }

  /// The answer for an ASCII haystack, or nil when the haystack is not ASCII.
  private func search(_ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool? {
    let fold = options.contains(.caseInsensitive)
    @inline(__always) func folded(_ byte: UInt8) -> UInt8 {
      fold && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
    for byte in text where byte >= 0x80 { _ = byte; return nil }
    let n = needle.count
    guard n <= text.count else { return false }
    func matches(at start: Int) -> Bool {
      for i in 0..<n where folded(text[start + i]) != needle[i] { return false }
      return true
    }
    switch anchor {
    case .prefix: return matches(at: 0)
    case .suffix: return matches(at: text.count - n)
    case .anywhere:
      let first = needle[0]
      var start = 0
      while start <= text.count - n {
        if folded(text[start]) == first, matches(at: start) { return true }
        start += 1
      }
      return false
    }
  }
}
