/// The objects of one entity grouped by the value of one attribute, or by the values of
/// several as one collection: what answers equality and `IN` by looking the value up, and
/// `count … where a == v` by the size of its group.
///
/// Values are the attributes' own, so that equal values are equal `Value`s (a probe of
/// another kind is converted first, see ``HashProbe``); nil has a group of its own, and NaN,
/// which equals nothing, none — nor does a collection holding it.
///
/// Each group keeps its keys in ascending order in one array: made from a list of keys in
/// one pass (nearly free when they come in table order, as they do), eight bytes a key, and
/// kept in order by a binary search at each change. A set of a million keys took ten times
/// the memory and most of the time of taking an index a store file kept into use.
struct HashIndex: Sendable {
  private(set) var groups: [Value: [Int64]] = [:]

  /// The index of the entries (distinct keys), grouped into lists, each then put in order.
  init(_ entries: [(value: Value, key: Int64)]) {
    var lists: [Value: [Int64]] = [:]
    for (value, key) in entries where Self.isKept(value) { lists[value, default: []].append(key) }
    groups = lists.mapValues(Self.ascending)
  }

  /// An index of groups already made, each a value and the keys holding it, beside the
  /// values of the objects it leaves out, `apart`; nil unless the groups' values are kept
  /// and distinct, no key is in two groups or twice in one, and the values of `apart` are
  /// not kept (NaN): what ``init(_:)`` would make of them all.
  init?(groups: [(value: Value, keys: [Int64])], apart: [Value]) {
    guard !apart.contains(where: Self.isKept) else { return nil }
    var made: [Value: [Int64]] = [:]
    made.reserveCapacity(groups.count)
    for group in groups {
      let keys = Self.ascending(group.keys)
      guard Self.isKept(group.value), zip(keys, keys.dropFirst()).allSatisfy(<),
        made.updateValue(keys, forKey: group.value) == nil
      else { return nil }
    }
    self.groups = made
  }

  /// `keys` in ascending order: as they are when they already are, as a table's keys
  /// usually come.
  private static func ascending(_ keys: [Int64]) -> [Int64] {
    zip(keys, keys.dropFirst()).allSatisfy(<=) ? keys : keys.sorted()
  }

  mutating func insert(_ value: Value, key: Int64) {
    guard Self.isKept(value) else { return }
    groups[value, default: []].insertKeepingOrder(key)
  }

  mutating func remove(_ value: Value, key: Int64) {
    guard Self.isKept(value), var keys = groups.removeValue(forKey: value) else { return }
    let place = keys.firstPlace(notBelow: key)
    if place < keys.count, keys[place] == key { keys.remove(at: place) }
    if !keys.isEmpty { groups[value] = keys }
  }

  /// The keys of the objects holding `value`, in ascending order.
  func keys(of value: Value) -> [Int64] {
    groups[value] ?? []
  }

  private static func isKept(_ value: Value) -> Bool {
    switch value {
    case .double(let d): return !d.isNaN
    case .collection(let values): return values.allSatisfy(isKept)
    default: return true
    }
  }
}

extension [Int64] {
  /// The first place whose key is not below `key`, in keys in ascending order.
  fileprivate func firstPlace(notBelow key: Int64) -> Int {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Puts `key` in its place among keys in ascending order, unless it is there already.
  fileprivate mutating func insertKeepingOrder(_ key: Int64) {
    if let last, last < key { return append(key) }
    let place = firstPlace(notBelow: key)
    if place == count || self[place] != key { insert(key, at: place) }
  }
}
