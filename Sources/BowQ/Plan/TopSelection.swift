/// The first `count` items of a stream in an order, kept in a bounded heap: O(n log k)
/// time and O(k) memory where sorting everything takes O(n log n) and O(n).
///
/// `precedes(a, b)` is a strict order; items the order ties keep their arrival order, as
/// a stable sort would.
struct TopSelection<Item> {
  let count: Int
  let precedes: (Item, Item) -> Bool
  /// A max-heap by the order, with arrival numbers breaking ties: the root is the item that
  /// goes first when a better one arrives.
  private var heap: [(item: Item, arrival: Int)] = []
  private var arrivals = 0

  init(count: Int, by precedes: @escaping (Item, Item) -> Bool) {
    self.count = count
    self.precedes = precedes
    heap.reserveCapacity(min(count, 1 << 16))
  }

  /// Whether `a` goes before `b`: by the order, then by arrival.
  private func before(_ a: (item: Item, arrival: Int), _ b: (item: Item, arrival: Int)) -> Bool {
    if precedes(a.item, b.item) { return true }
    if precedes(b.item, a.item) { return false }
    return a.arrival < b.arrival
  }

  /// Offers an item; it is kept while it is among the first `count`.
  mutating func offer(_ item: Item) {
    guard count > 0 else { return }
    let entry = (item: item, arrival: arrivals)
    arrivals += 1
    if heap.count < count {
      heap.append(entry)
      siftUp(heap.count - 1)
    } else if before(entry, heap[0]) {
      heap[0] = entry
      siftDown(0)
    }
  }

  /// Once `count` items are kept, the one a better item would push out; an item that
  /// does not go before it is not kept, so a scan may pass it by without offering it.
  var boundary: Item? {
    heap.count == count ? heap.first?.item : nil
  }

  /// The items kept, in order.
  func sorted() -> [Item] {
    heap.sorted(by: before).map(\.item)
  }

  private mutating func siftUp(_ index: Int) {
    var child = index
    while child > 0 {
      let parent = (child - 1) / 2
      guard before(heap[parent], heap[child]) else { return }
      heap.swapAt(parent, child)
      child = parent
    }
  }

  private mutating func siftDown(_ index: Int) {
    var parent = index
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var largest = parent
      if left < heap.count, before(heap[largest], heap[left]) { largest = left }
      if right < heap.count, before(heap[largest], heap[right]) { largest = right }
      if largest == parent { return }
      heap.swapAt(parent, largest)
      parent = largest
    }
  }
}
