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
/// the memory and most of the time of taking an index a store file kept into use. A group of
/// one key, as every group of a unique attribute is, holds it in place (``Keys/one(_:)``):
/// an array each took a million allocations, and releasing them took a quarter of taking
/// `unique(id)` of a million ties into use.
struct HashIndex: Sendable {
  /// The keys of one group, in ascending order.
  enum Keys: Hashable, Sendable {
    /// A lone key, without an array of its own.
    case one(Int64)
    /// Two keys or more.
    case many([Int64])

    /// `keys`, in ascending order (as they already are when they come in table order), or
    /// nil when a key comes twice or there is none.
    init?(_ keys: some Collection<Int64>) {
      guard let first = keys.first else { return nil }
      guard keys.count > 1 else {
        self = .one(first)
        return
      }
      var sorted = Array(keys)
      if !zip(sorted, sorted.dropFirst()).allSatisfy(<) { sorted.sort() }
      guard zip(sorted, sorted.dropFirst()).allSatisfy(<) else { return nil }
      self = .many(sorted)
    }

    /// The keys as an array.
    var all: [Int64] {
      switch self {
      case .one(let key): return [key]
      case .many(let keys): return keys
      }
    }

    /// How many keys there are.
    var count: Int {
      switch self {
      case .one: return 1
      case .many(let keys): return keys.count
      }
    }

    /// Adds `key` at the end, out of order until ``sort()``. The array is let go of by the
    /// group while it grows, so that it grows in place, as in the methods below.
    mutating func append(_ key: Int64) {
      switch self {
      case .one(let only):
        self = .many([only, key])
      case .many(var keys):
        self = .one(0)
        keys.append(key)
        self = .many(keys)
      }
    }

    /// Puts the keys in ascending order: nothing to do when they already are, as a table's
    /// keys usually come.
    mutating func sort() {
      guard case .many(var keys) = self, !zip(keys, keys.dropFirst()).allSatisfy(<) else { return }
      self = .one(0)
      keys.sort()
      self = .many(keys)
    }

    /// Puts `key` in its place, unless it is there already.
    mutating func insert(_ key: Int64) {
      switch self {
      case .one(let only):
        if only != key { self = .many(only < key ? [only, key] : [key, only]) }
      case .many(var keys):
        self = .one(0)
        keys.insertKeepingOrder(key)
        self = .many(keys)
      }
    }

    /// Takes `key` out, if it is there; answers whether no key is left.
    mutating func remove(_ key: Int64) -> Bool {
      switch self {
      case .one(let only):
        return only == key
      case .many(var keys):
        self = .one(0)
        let place = keys.firstPlace(notBelow: key)
        if place < keys.count, keys[place] == key { keys.remove(at: place) }
        self = keys.count == 1 ? .one(keys[0]) : .many(keys)
        return false
      }
    }
  }

  private(set) var groups: [Value: Keys] = [:]

  /// The index of the entries (distinct keys), grouped, each group then put in order.
  init(_ entries: [(value: Value, key: Int64)]) {
    for (value, key) in entries where Self.isKept(value) {
      if let place = groups.index(forKey: value) {
        groups.values[place].append(key)
      } else {
        groups[value] = .one(key)
      }
    }
    for place in groups.indices { groups.values[place].sort() }
  }

  /// An index of groups already made, each a value and the keys holding it, beside the
  /// values of the objects it leaves out, `apart`; nil unless the groups' values are kept
  /// and distinct, no key is in two groups, and the values of `apart` are not kept (NaN):
  /// what ``init(_:)`` would make of them all.
  init?(groups: [(value: Value, keys: Keys)], apart: [Value]) {
    guard !apart.contains(where: Self.isKept) else { return nil }
    var made: [Value: Keys] = [:]
    made.reserveCapacity(groups.count)
    for group in groups {
      guard Self.isKept(group.value), made.updateValue(group.keys, forKey: group.value) == nil
      else { return nil }
    }
    self.groups = made
  }

  mutating func insert(_ value: Value, key: Int64) {
    guard Self.isKept(value) else { return }
    if let place = groups.index(forKey: value) {
      groups.values[place].insert(key)
    } else {
      groups[value] = .one(key)
    }
  }

  mutating func remove(_ value: Value, key: Int64) {
    guard Self.isKept(value), let place = groups.index(forKey: value) else { return }
    if groups.values[place].remove(key) { groups.remove(at: place) }
  }

  /// The keys of the objects holding `value`, in ascending order.
  func keys(of value: Value) -> [Int64] {
    groups[value]?.all ?? []
  }

  /// How many objects hold `value`.
  func count(of value: Value) -> Int {
    groups[value]?.count ?? 0
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
