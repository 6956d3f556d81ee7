/// A set of the integers below a bound, one bit each, kept in pages that are made when first
/// written to: for a file's objects, of which there may be millions while a reader meets a
/// few (a store's model and layout, the values of the columns read).
///
/// The pages made lie one after another in one buffer of plain words, found through a table
/// of where each page starts, so that reading a member retains nothing: copies of the set
/// read on several threads at once share it untouched.
struct PagedBitSet: Sendable {
  /// Where each page's words start in ``words``; -1 for a page never written to.
  private var pageStarts: [Int32]
  /// The words of the pages made, a page after another.
  private var words: [UInt64] = []

  /// The integers one page holds.
  private static let pageBits = 1 << 15

  /// A set for the integers `0..<capacity`, all absent, with no page made yet.
  init(capacity: Int) {
    pageStarts = Array(repeating: -1, count: (capacity + Self.pageBits - 1) / Self.pageBits)
  }

  /// Whether `member` (which must be below the capacity) is present.
  @inline(__always)
  func contains(_ member: Int) -> Bool {
    let start = Int(pageStarts[member / Self.pageBits])
    guard start >= 0 else { return false }
    let bit = member % Self.pageBits
    return words[start + bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  /// Adds `member`; returns whether it was absent.
  @inline(__always)
  @discardableResult
  mutating func insert(_ member: Int) -> Bool {
    let page = member / Self.pageBits
    var start = Int(pageStarts[page])
    if start < 0 {
      start = words.count
      words.append(contentsOf: repeatElement(0, count: Self.pageBits / 64))
      pageStarts[page] = Int32(start)
    }
    let bit = member % Self.pageBits
    let mask: UInt64 = 1 << UInt64(bit & 63)
    let old = words[start + bit >> 6]
    words[start + bit >> 6] = old | mask
    return old & mask == 0
  }

  @inline(__always)
  mutating func remove(_ member: Int) {
    let start = Int(pageStarts[member / Self.pageBits])
    guard start >= 0 else { return }
    let bit = member % Self.pageBits
    words[start + bit >> 6] &= ~(1 << UInt64(bit & 63))
  }
}
