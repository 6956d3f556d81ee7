/// A set of the integers below a bound, one bit each, kept in pages that are made when first
/// written to: for a file's objects, of which there may be millions while a reader meets a
/// few (a store's model and layout, the values of the columns read). A set copied and then
/// changed copies the list of pages and the page it changes, not the whole set.
struct PagedBitSet: Sendable {
  /// The integers of each page, as a ``BitSet``'s words; empty for a page never written to.
  private var pages: [[UInt64]]

  /// The integers one page holds.
  private static let pageBits = 1 << 15

  /// A set for the integers `0..<capacity`, all absent, with no page made yet.
  init(capacity: Int) {
    pages = Array(repeating: [], count: (capacity + Self.pageBits - 1) / Self.pageBits)
  }

  /// Whether `member` (which must be below the capacity) is present.
  @inline(__always)
  func contains(_ member: Int) -> Bool {
    let page = member / Self.pageBits
    guard !pages[page].isEmpty else { return false }
    let bit = member % Self.pageBits
    return pages[page][bit >> 6] & (1 << UInt64(bit & 63)) != 0
  }

  /// Adds `member`; returns whether it was absent.
  @inline(__always)
  @discardableResult
  mutating func insert(_ member: Int) -> Bool {
    let page = member / Self.pageBits
    if pages[page].isEmpty {
      pages[page] = Array(repeating: 0, count: Self.pageBits / 64)
    }
    let bit = member % Self.pageBits
    let mask: UInt64 = 1 << UInt64(bit & 63)
    let old = pages[page][bit >> 6]
    pages[page][bit >> 6] = old | mask
    return old & mask == 0
  }

  @inline(__always)
  mutating func remove(_ member: Int) {
    let page = member / Self.pageBits
    guard !pages[page].isEmpty else { return }
    let bit = member % Self.pageBits
    pages[page][bit >> 6] &= ~(1 << UInt64(bit & 63))
  }
}
