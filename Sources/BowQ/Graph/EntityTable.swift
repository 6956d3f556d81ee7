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

  /// Puts rows back as a ``ChangeJournal`` recorded them: a nil row removes the object; a
  /// row replaces the object's row or, for an object no longer here, brings it back in key
  /// order; and the next key becomes `nextKey`.
  mutating func restore(_ recorded: [Int64: [Value]?], nextKey: Int64?) {
    var removed: Set<Int64> = []
    var returning: [(key: Int64, row: [Value])] = []
    for (key, row) in recorded {
      let position = position(of: key)
      switch (row, position) {
      case (let row?, let position?): rows[position] = row
      case (let row?, nil): returning.append((key, row))
      case (nil, .some): removed.insert(key)
      case (nil, nil): break
      }
    }
    remove(keys: removed)
    if !returning.isEmpty { bringBack(returning.sorted { $0.key < $1.key }) }
    if let nextKey { self.nextKey = nextKey }
  }

  /// Adds rows of keys not in the table, in key order among the others while the keys
  /// ascend (as they were before the rows left), at the end otherwise.
  private mutating func bringBack(_ returning: [(key: Int64, row: [Value])]) {
    guard positionByKey == nil else {
      for (key, row) in returning {
        positionByKey?[key] = keys.count
        keys.append(key)
        rows.append(row)
      }
      return
    }
    var mergedKeys: [Int64] = []
    var mergedRows: [[Value]] = []
    mergedKeys.reserveCapacity(keys.count + returning.count)
    mergedRows.reserveCapacity(keys.count + returning.count)
    var next = returning.startIndex
    for (key, row) in zip(keys, rows) {
      while next < returning.endIndex, returning[next].key < key {
        mergedKeys.append(returning[next].key)
        mergedRows.append(returning[next].row)
        next += 1
      }
      mergedKeys.append(key)
      mergedRows.append(row)
    }
    for (key, row) in returning[next...] {
      mergedKeys.append(key)
      mergedRows.append(row)
    }
    keys = mergedKeys
    rows = mergedRows
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
