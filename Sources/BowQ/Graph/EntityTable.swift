/// The objects of one entity: a row of values per object, in attribute order.
///
/// Rows are kept in insertion order; `rows[i]` belongs to `keys[i]`. Value semantics make
/// a table cheap to snapshot (for rollback and undo) and copy only on write.
public struct EntityTable: Hashable, Sendable {
  public private(set) var keys: [Int64] = []
  public private(set) var rows: [[Value]] = []
  /// Positions by key, kept only while the keys are not in ascending order (a store may
  /// list them in any order). Keys handed out by ``insert(_:key:)`` ascend, and then a
  /// key's position is found in `keys` itself: a dictionary of a million keys would take
  /// about 35 MB.
  private var positionByKey: [Int64: Int]?
  /// The primary key the next inserted object gets; keys are never reused.
  public private(set) var nextKey: Int64 = 1

  public init() {}

  public var count: Int { keys.count }

  public func position(of key: Int64) -> Int? {
    if let positionByKey { return positionByKey[key] }
    guard let first = keys.first, key >= first else { return nil }
    // With no deletions, key k is at k - first; otherwise it is earlier.
    let guess = key - first
    if guess < keys.count, keys[Int(guess)] == key { return Int(guess) }
    var low = 0
    var high = guess < keys.count ? Int(guess) : keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low < keys.count && keys[low] == key ? low : nil
  }

  public func row(for key: Int64) -> [Value]? {
    position(of: key).map { rows[$0] }
  }

  /// Appends a row and returns the key it was given (or `key`, when one is supplied, as
  /// when a store is loaded).
  @discardableResult
  public mutating func insert(_ row: [Value], key: Int64? = nil) -> Int64 {
    let key = key ?? nextKey
    nextKey = max(nextKey, key + 1)
    if positionByKey != nil {
      positionByKey?[key] = keys.count
    } else if let last = keys.last, key <= last {
      positionByKey = Self.positions(of: keys)
      positionByKey?[key] = keys.count
    }
    keys.append(key)
    rows.append(row)
    return key
  }

  public mutating func update(key: Int64, attribute: Int, to value: Value) {
    guard let position = position(of: key) else { return }
    rows[position][attribute] = value
  }

  /// Removes the objects with the given keys, keeping the others in order.
  public mutating func remove(keys removed: Set<Int64>) {
    guard !removed.isEmpty else { return }
    var newKeys: [Int64] = []
    var newRows: [[Value]] = []
    newKeys.reserveCapacity(keys.count)
    newRows.reserveCapacity(rows.count)
    for (key, row) in zip(keys, rows) where !removed.contains(key) {
      newKeys.append(key)
      newRows.append(row)
    }
    keys = newKeys
    rows = newRows
    positionByKey = zip(keys, keys.dropFirst()).allSatisfy(<) ? nil : Self.positions(of: keys)
  }

  private static func positions(of keys: [Int64]) -> [Int64: Int] {
    Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// Adds an attribute slot at the end of every row (the model gained an attribute).
  public mutating func appendColumn(_ value: Value) {
    for i in rows.indices { rows[i].append(value) }
  }

  /// Sets the next key to hand out, as recorded in a store file.
  public mutating func reserveKeys(below key: Int64) {
    nextKey = max(nextKey, key)
  }
}
