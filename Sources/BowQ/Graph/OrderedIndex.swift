/// The objects of one entity by the values of an index's attributes, in ``IndexOrder``:
/// what answers equality, `IN`, ranges, `BEGINSWITH` and `sort by … limit` without reading
/// every object.
///
/// Entries (values, key) are kept sorted, ties by key, in blocks of at most
/// ``maximumBlock``: an insertion or removal moves at most a block, and a copy of the index
/// (a snapshot of the graph) shares every block it does not change. Objects whose first
/// value is nil or has no place in the order (NaN) are kept apart, by key.
struct OrderedIndex: Sendable {
  struct Entry: Sendable {
    var values: IndexValues
    var key: Int64
  }

  /// A place between entries: the block, and the offset in it, which lies inside the block
  /// (the place past the last entry is ``end``, the block after the last).
  struct Position: Comparable, Sendable {
    var block: Int
    var offset: Int

    static func < (a: Position, b: Position) -> Bool {
      (a.block, a.offset) < (b.block, b.offset)
    }
  }

  static let maximumBlock = 1024

  private(set) var blocks: [[Entry]] = []
  /// Objects whose first value is nil.
  private(set) var nils: Set<Int64> = []
  /// Objects whose first value has no place in the order (NaN).
  private(set) var unordered: Set<Int64> = []
  /// How many first values are strings not in NFC, whose code-unit order the engine does
  /// not always keep (see ``IndexOrder``).
  private(set) var inexactStrings = 0
  /// The number of entries in order.
  private(set) var count = 0
  /// For each attribute after the first, by its place in the index (1 for the second), how
  /// many of its values make the order inexact there (``IndexOrder/isInexact(_:)``);
  /// attributes with none are absent.
  private(set) var inexactValues: [Int: Int] = [:]

  /// An index of the given entries, sorted once.
  init(_ entries: [Entry]) {
    var ordered: [Entry] = []
    ordered.reserveCapacity(entries.count)
    for entry in entries {
      if !place(entry, adding: true) { ordered.append(entry) }
    }
    ordered = Self.sorted(ordered)
    count = ordered.count
    blocks = Self.blocks(of: ordered)
  }

  /// An index of entries already in order, `inOrder`, and of those it keeps apart, `apart`;
  /// nil unless each entry of `inOrder` has a place in the order and precedes the next (ties
  /// by key), and each of `apart` is kept apart: what ``init(_:)`` would make of them all.
  /// The entries are checked and cut into blocks as `inOrder` makes them, never held whole.
  init?<InOrder: Sequence<Entry>>(inOrder: InOrder, apart: [Entry]) {
    for entry in apart {
      guard place(entry, adding: true) else { return nil }
    }
    let half = Self.maximumBlock / 2
    var block: [Entry] = []
    block.reserveCapacity(half)
    for entry in inOrder {
      guard !place(entry, adding: true) else { return nil }
      if let last = block.last ?? blocks.last?.last {
        guard Self.precedesInOrder(last, entry) else { return nil }
      }
      block.append(entry)
      if block.count == half {
        blocks.append(block)
        block = []
        block.reserveCapacity(half)
      }
    }
    if !block.isEmpty { blocks.append(block) }
    count = blocks.reduce(0) { $0 + $1.count }
  }

  /// ``precedes(_:_:)``, decided on the plain values where both entries have one of one
  /// kind (reals, integers, dates or ASCII strings, whose order is ``IndexOrder``'s), without
  /// going through `Value` comparison.
  private static func precedesInOrder(_ a: Entry, _ b: Entry) -> Bool {
    if a.values.rest.isEmpty, b.values.rest.isEmpty {
      switch (a.values.first, b.values.first) {
      case (.double(let x), .double(let y)): return (x, a.key) < (y, b.key)
      case (.int(let x), .int(let y)): return (x, a.key) < (y, b.key)
      case (.date(let x), .date(let y)): return (x, a.key) < (y, b.key)
      case (.string(let x), .string(let y)) where IndexOrder.isASCII(x) && IndexOrder.isASCII(y):
        return (x, a.key) < (y, b.key)
      default: break
      }
    }
    return precedes(a, b)
  }

  /// Entries in order cut into blocks half full, so that insertions split none at first.
  private static func blocks(of ordered: [Entry]) -> [[Entry]] {
    let half = maximumBlock / 2
    return stride(from: 0, to: ordered.count, by: half).map {
      Array(ordered[$0..<min($0 + half, ordered.count)])
    }
  }

  /// Entries in order. Entries of one attribute holding reals, integers, dates or ASCII
  /// strings sort by those plain values (whose order is ``IndexOrder``'s for them: Swift
  /// orders other strings by scalar, not by UTF-16 code unit), without going through `Value`
  /// on every comparison; others by ``precedes(_:_:)``.
  private static func sorted(_ entries: [Entry]) -> [Entry] {
    if entries.allSatisfy({ $0.values.rest.isEmpty }),
      let sorted = sorted(entries, by: { if case .double(let d) = $0 { d } else { nil } })
        ?? sorted(entries, by: { if case .int(let i) = $0 { i } else { nil } })
        ?? sorted(entries, by: { if case .date(let d) = $0 { d } else { nil } })
        ?? sorted(
          entries,
          by: { value -> String? in
            guard case .string(let s) = value, IndexOrder.isASCII(s) else { return nil }
            return s
          })
    {
      return sorted
    }
    return entries.sorted(by: precedes)
  }

  /// Entries sorted by `plain(first value)`, then key; nil when some value has none.
  private static func sorted<Plain: Comparable>(_ entries: [Entry], by plain: (Value) -> Plain?)
    -> [Entry]?
  {
    var keyed: [(value: Plain, key: Int64, index: Int)] = []
    keyed.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      guard let value = plain(entry.values.first) else { return nil }
      keyed.append((value, entry.key, index))
    }
    keyed.sort { ($0.value, $0.key) < ($1.value, $1.key) }
    return keyed.map { entries[$0.index] }
  }

  /// Whether the index's order answers exactly as the engine would: no NaN among the first
  /// values and no string not in NFC.
  var isExact: Bool { unordered.isEmpty && inexactStrings == 0 }

  /// Whether the order of the attribute at `place` (0 for the first) is exactly the
  /// engine's: ``isExact`` for the first, and no NaN or string not in NFC among the values
  /// of another.
  func isExact(at place: Int) -> Bool {
    place == 0 ? isExact : inexactValues[place] == nil
  }

  /// Entry order: by values, then key.
  static func precedes(_ a: Entry, _ b: Entry) -> Bool {
    switch IndexOrder.compare(a.values, b.values) {
    case .orderedAscending: return true
    case .orderedDescending: return false
    case .orderedSame: return a.key < b.key
    }
  }

  /// Keeps apart an entry whose first value has no place in the order (adding or removing
  /// it there), and counts strings not in NFC; returns whether it was kept apart.
  private mutating func place(_ entry: Entry, adding: Bool) -> Bool {
    if case .string(let s) = entry.values.first, !IndexOrder.isNFC(s) {
      inexactStrings += adding ? 1 : -1
    }
    for (offset, value) in entry.values.rest.enumerated() where IndexOrder.isInexact(value) {
      let count = inexactValues[offset + 1, default: 0] + (adding ? 1 : -1)
      inexactValues[offset + 1] = count == 0 ? nil : count
    }
    if entry.values.first.isNull {
      if adding { nils.insert(entry.key) } else { nils.remove(entry.key) }
      return true
    }
    if !IndexOrder.isOrdered(entry.values.first) {
      if adding { unordered.insert(entry.key) } else { unordered.remove(entry.key) }
      return true
    }
    return false
  }

  mutating func insert(_ entry: Entry) {
    guard !place(entry, adding: true) else { return }
    count += 1
    guard !blocks.isEmpty else {
      blocks = [[entry]]
      return
    }
    let b = min(blockIndex { !Self.precedes($0, entry) }, blocks.count - 1)
    let offset = Self.partition(blocks[b]) { Self.precedes($0, entry) }
    blocks[b].insert(entry, at: offset)
    if blocks[b].count > Self.maximumBlock {
      let upper = Array(blocks[b][(Self.maximumBlock / 2)...])
      blocks[b].removeSubrange((Self.maximumBlock / 2)...)
      blocks.insert(upper, at: b + 1)
    }
  }

  mutating func remove(_ entry: Entry) {
    guard !place(entry, adding: false) else { return }
    let b = blockIndex { !Self.precedes($0, entry) }
    guard b < blocks.count else { return }
    let offset = Self.partition(blocks[b]) { Self.precedes($0, entry) }
    guard offset < blocks[b].count, blocks[b][offset].key == entry.key else { return }
    blocks[b].remove(at: offset)
    count -= 1
    if blocks[b].isEmpty { blocks.remove(at: b) }
  }

  /// The first block whose last entry is not before the bound `isBefore` describes.
  private func blockIndex(_ isNotBefore: (Entry) -> Bool) -> Int {
    var low = 0
    var high = blocks.count
    while low < high {
      let middle = (low + high) / 2
      if let last = blocks[middle].last, !isNotBefore(last) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// The first offset of `items` where `isBefore` stops holding (it holds for a prefix).
  private static func partition<T>(_ items: [T], _ isBefore: (T) -> Bool) -> Int {
    var low = 0
    var high = items.count
    while low < high {
      let middle = (low + high) / 2
      if isBefore(items[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The first position whose entry's first value is not before the bound: with
  /// `inclusive`, not below `value`; otherwise above it.
  func position(after value: Value, inclusive: Bool) -> Position {
    position(after: [value], inclusive: inclusive)
  }

  /// The first position whose entry's leading values — as many as `prefix` holds — are not
  /// before the bound: with `inclusive`, not below `prefix`; otherwise above it (past every
  /// entry that begins with `prefix`).
  func position(after prefix: [Value], inclusive: Bool) -> Position {
    firstPosition { entry in
      let order = IndexOrder.compare(entry.values, prefix: prefix)
      return order == .orderedAscending || (!inclusive && order == .orderedSame)
    }
  }

  /// The first position whose entry `isBefore` does not hold for (it holds for a prefix of
  /// the entries), by binary search.
  private func firstPosition(where isBefore: (Entry) -> Bool) -> Position {
    let b = blockIndex { !isBefore($0) }
    guard b < blocks.count else { return end }
    return Position(block: b, offset: Self.partition(blocks[b], isBefore))
  }

  /// The entry at `position`, which lies before ``end``.
  private func entry(at position: Position) -> Entry {
    blocks[position.block][position.offset]
  }

  /// The position after `position`, which lies before ``end``.
  private func after(_ position: Position) -> Position {
    position.offset + 1 < blocks[position.block].count
      ? Position(block: position.block, offset: position.offset + 1)
      : Position(block: position.block + 1, offset: 0)
  }

  /// The position before `position`, which lies after ``start``.
  private func before(_ position: Position) -> Position {
    position.offset > 0
      ? Position(block: position.block, offset: position.offset - 1)
      : Position(block: position.block - 1, offset: blocks[position.block - 1].count - 1)
  }

  /// The first position past every entry whose leading values are `prefix` followed by a
  /// string that begins with `start`: where a `BEGINSWITH` search ends.
  func position(after prefix: [Value], beginningWith start: String) -> Position {
    firstPosition { entry in
      let order = IndexOrder.compare(entry.values, prefix: prefix)
      guard order == .orderedSame else { return order == .orderedAscending }
      let value = prefix.isEmpty ? entry.values.first : entry.values.rest[prefix.count - 1]
      guard case .string(let s) = value else { return value.isNull }
      return IndexOrder.compare(s, toStringsBeginningWith: start) != .orderedDescending
    }
  }

  var start: Position { Position(block: 0, offset: 0) }
  var end: Position { Position(block: blocks.count, offset: 0) }

  /// How many entries lie from `from` up to `to`.
  func count(from: Position, to: Position) -> Int {
    guard from < to else { return 0 }
    if from.block == to.block { return to.offset - from.offset }
    var n = blocks[from.block].count - from.offset
    for b in (from.block + 1)..<min(to.block, blocks.count) { n += blocks[b].count }
    if to.block < blocks.count { n += to.offset }
    return n
  }

  /// The keys of the entries from `from` up to `to`, in index order.
  func keys(from: Position, to: Position) -> [Int64] {
    var keys: [Int64] = []
    keys.reserveCapacity(count(from: from, to: to))
    forEachKey(from: from, to: to) {
      keys.append($0)
      return true
    }
    return keys
  }

  /// The keys of the entries from `from` up to `to`, in index order, each handed to `body`
  /// until it returns false; returns whether every key was handed over.
  @discardableResult
  func forEachKey(from: Position, to: Position, _ body: (Int64) throws -> Bool) rethrows -> Bool {
    var b = from.block
    var offset = from.offset
    while b < blocks.count, Position(block: b, offset: offset) < to {
      let last = b == to.block ? to.offset : blocks[b].count
      for entry in blocks[b][offset..<last] {
        guard try body(entry.key) else { return false }
      }
      b += 1
      offset = 0
    }
    return true
  }

  /// Runs of entries with the same first `depth` values, from `from` up to `to` (the whole
  /// index by default), in order or in reverse, each handed to `body` as the positions it
  /// spans until `body` returns false; returns whether every run was handed over. A run's
  /// far end is found by comparing the entry past its near end, and only when that one
  /// belongs to the run too by a binary search, so that a long run costs no more than a
  /// short one and nothing inside a run is read unless `body` reads it.
  @discardableResult
  func forEachRun(
    from: Position? = nil, to: Position? = nil, depth: Int = 1, ascending: Bool,
    _ body: (_ from: Position, _ to: Position) throws -> Bool
  ) rethrows -> Bool {
    var (low, high) = (from ?? start, to ?? end)
    while low < high {
      if ascending {
        let runEnd = min(self.runEnd(at: low, depth: depth), high)
        guard try body(low, runEnd) else { return false }
        low = runEnd
      } else {
        let runStart = max(self.runStart(at: before(high), depth: depth), low)
        guard try body(runStart, high) else { return false }
        high = runStart
      }
    }
    return true
  }

  /// The position just past the run of entries with the first `depth` values of the entry at
  /// `position`.
  private func runEnd(at position: Position, depth: Int) -> Position {
    let values = entry(at: position).values
    let next = after(position)
    guard next < end,
      IndexOrder.compare(entry(at: next).values, values, depth: depth) == .orderedSame
    else { return next }
    return firstPosition {
      IndexOrder.compare($0.values, values, depth: depth) != .orderedDescending
    }
  }

  /// The position of the first entry of the run of entries with the first `depth` values of
  /// the entry at `position`.
  private func runStart(at position: Position, depth: Int) -> Position {
    let values = entry(at: position).values
    guard position > start,
      IndexOrder.compare(entry(at: before(position)).values, values, depth: depth)
        == .orderedSame
    else { return position }
    return firstPosition {
      IndexOrder.compare($0.values, values, depth: depth) == .orderedAscending
    }
  }

  /// Every entry in order, for checks.
  var entries: [Entry] { Array(blocks.joined()) }
}
