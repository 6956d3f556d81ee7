/// The objects of one entity grouped by the value of one attribute, or by the values of
/// several as one collection: what answers equality and `IN` by looking the value up, and
/// `count … where a == v` by the size of its group.
///
/// Values are the attributes' own, so that equal values are equal `Value`s (a probe of
/// another kind is converted first, see ``HashProbe``); nil has a group of its own, and NaN,
/// which equals nothing, none — nor does a collection holding it.
struct HashIndex: Sendable {
  private(set) var groups: [Value: Set<Int64>] = [:]

  /// The index of the entries, grouped into lists first and each list made a set of its
  /// size at once (inserting key by key would grow and rehash every set many times).
  init(_ entries: [(value: Value, key: Int64)]) {
    var lists: [Value: [Int64]] = [:]
    for (value, key) in entries where Self.isKept(value) { lists[value, default: []].append(key) }
    groups = lists.mapValues { Set($0) }
  }

  /// An index of groups already made, each a value and the keys holding it, beside the
  /// values of the objects it leaves out, `apart`; nil unless the groups' values are kept
  /// and distinct, and those of `apart` are not kept (NaN): what ``init(_:)`` would make of
  /// them all.
  init?(groups: [(value: Value, keys: [Int64])], apart: [Value]) {
    guard !apart.contains(where: Self.isKept) else { return nil }
    var made: [Value: Set<Int64>] = [:]
    made.reserveCapacity(groups.count)
    for group in groups {
      guard Self.isKept(group.value), made.updateValue(Set(group.keys), forKey: group.value) == nil
      else { return nil }
    }
    self.groups = made
  }

  mutating func insert(_ value: Value, key: Int64) {
    guard Self.isKept(value) else { return }
    groups[value, default: []].insert(key)
  }

  mutating func remove(_ value: Value, key: Int64) {
    guard Self.isKept(value) else { return }
    groups[value]?.remove(key)
    if groups[value]?.isEmpty == true { groups[value] = nil }
  }

  /// The keys of the objects holding `value`.
  func keys(of value: Value) -> Set<Int64> {
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
