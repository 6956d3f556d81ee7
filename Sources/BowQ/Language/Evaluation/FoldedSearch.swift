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
  /// with other scalars: case-folding a scalar that is not ASCII gives no ASCII byte (but
  /// for the few of ``foldingIntoASCII``, `ß` → `ss` among them, which send the haystack to
  /// the folding), so the needle can only match ASCII bytes, lowered in place, and the
  /// others are barriers in the folded text as in the original.
  func matchesASCII(_ haystack: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard asciiFastPath else { return nil }
    let decidable =
      options == [.caseInsensitive]
      ? Self.isASCII(haystack) || !Self.holdsFoldingIntoASCII(haystack)
      : Self.isASCII(haystack)
    guard decidable else { return nil }
    return Self.find(
      needle, in: haystack, anchor: anchor, foldingCase: options.contains(.caseInsensitive))
  }

  /// Whether the ASCII `text`, its letters lowered first when `foldingCase`, is `needle`
  /// (a string folded by the options) byte for byte: `==` with `[c]` or `[d]` of an ASCII
  /// string, which no other string is canonically equivalent to.
  static func equalsASCII(
    _ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], foldingCase: Bool
  ) -> Bool {
    text.count == needle.count && find(needle, in: text, anchor: .prefix, foldingCase: foldingCase)
  }

  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    UnsafeRawBufferPointer(bytes).isASCII
  }

  /// The scalars past ASCII whose case folding (``ValueComparison/caseFolding(of:)``) holds
  /// an ASCII byte: `ß` and `ẞ` (`ss`), `ſ` (`s`), the Kelvin sign (`k`), `İ` (`i` and a
  /// dot), `ŉ`, `ǰ`, `ẖ`…`ẚ` (a letter and a mark) and the ligatures `ﬀ`…`ﬆ`. Case
  /// mappings lie in the first two planes, which are searched once, when first needed.
  static let foldingIntoASCII: Set<UInt32> = {
    var found: Set<UInt32> = []
    for value in UInt32(0x80)..<0x2_0000 {
      guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped,
        ValueComparison.caseFolding(of: scalar).utf8.contains(where: { $0 < 0x80 })
      else { continue }
      found.insert(value)
    }
    return found
  }()

  /// Whether each byte leads the UTF-8 of a scalar of ``foldingIntoASCII``.
  private static let leadsFoldingIntoASCII: [Bool] = {
    var leads = [Bool](repeating: false, count: 256)
    for value in foldingIntoASCII {
      if let scalar = Unicode.Scalar(value), let lead = String(scalar).utf8.first {
        leads[Int(lead)] = true
      }
    }
    return leads
  }()

  /// Whether the UTF-8 `bytes` hold a scalar of ``foldingIntoASCII``: runs of ASCII are
  /// passed over eight bytes at a time, and a scalar is decoded only after a byte that may
  /// lead one.
  static func holdsFoldingIntoASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    let leads = leadsFoldingIntoASCII
    var i = 0
    while i < bytes.count {
      if i + 8 <= bytes.count,
        raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        i += 8
        continue
      }
      let lead = bytes[i]
      i += 1
      guard leads[Int(lead)] else { continue }
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
      guard i + length - 1 <= bytes.count else { return false }
      var value = UInt32(lead) & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F)
      for k in 0..<(length - 1) { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
      if foldingIntoASCII.contains(value) { return true }
    }
    return false
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
      let last = text.count - n
      // The places the needle may start, eight bytes at a time: where a byte is its first
      // byte, or that byte's capital when folding case.
      let capital =
        foldingCase && first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
        ? first ^ 0x20 : first
      let raw = UnsafeRawBufferPointer(text)
      var start = 0
      while start + 8 <= text.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
        var found = zeroBytes(word ^ spread(first)) | zeroBytes(word ^ spread(capital))
        while found != 0 {
          let candidate = start + found.trailingZeroBitCount / 8
          if candidate > last { return false }
          if matches(at: candidate) { return true }
          found &= found - 1
        }
        start += 8
      }
      while start <= last {
        if byte(start) == first && matches(at: start) { return true }
        start += 1
      }
      return false
    }
  }

  /// `byte` in each of a word's eight bytes.
  @inline(__always)
  private static func spread(_ byte: UInt8) -> UInt64 {
    0x0101_0101_0101_0101 &* UInt64(byte)
  }

  /// The top bit of each byte of `word` that is zero, and no other bit: exact, since no
  /// byte's sum carries into the next.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((word & low) &+ low) | word) & ~low
  }
}
