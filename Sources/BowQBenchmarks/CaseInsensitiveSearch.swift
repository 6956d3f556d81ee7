/// What a competent engineer writes for `CONTAINS[c]` with an ASCII needle in a hand loop:
/// the haystack's UTF-8 bytes compared with ASCII letters folded, no string made per row.
/// (No scalar outside ASCII folds to an ASCII letter of the needles used here, so this is
/// exact for them.) `String.lowercased()` per row is the slow baseline it replaces.
struct CaseInsensitiveSearch {
  private let needle: [UInt8]

  /// A search for `needle`, which must be ASCII.
  init(_ needle: String) {
    self.needle = Array(needle.utf8).map(Self.fold)
  }

  private static func fold(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }

  /// Whether `haystack` contains the needle, ASCII case ignored.
  func isFound(in haystack: String) -> Bool {
    var haystack = haystack
    return haystack.withUTF8 { bytes in
      guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
      var start = 0
      while start + needle.count <= bytes.count {
        if Self.fold(bytes[start]) == first {
          var matched = 1
          while matched < needle.count, Self.fold(bytes[start + matched]) == needle[matched] {
            matched += 1
          }
          if matched == needle.count { return true }
        }
        start += 1
      }
      return false
    }
  }
}
