/// The objects of one entity: a row of values per object, in attribute order.
///
/// Rows are kept in insertion order; `rows[i]` belongs to `keys[i]`. Value semantics make
/// a table cheap to snapshot (for rollback and undo) and copy only on write.
public struct EntityTable: Hashable, Sendable {
  public private(set) var keys: [Int64] = []
  public private(set) var rows: [[Value]] = []
  private var positionByKey: [Int64: Int] = [:]
  /// The primary key the next inserted object gets; keys are never reused.
  public private(set) var nextKey: Int64 = 1

  public init() {}

  public var count: Int { keys.count }

  public func position(of key: Int64) -> Int? {
    positionByKey[key]
  }

  public func row(for key: Int64) -> [Value]? {
    positionByKey[key].map { rows[$0] }
  }

  /// Appends a row and returns the key it was given (or `key`, when one is supplied, as
  /// when a store is loaded).
  @discardableResult
  public mutating func insert(_ row: [Value], key: Int64? = nil) -> Int64 {
    let key = key ?? nextKey
    nextKey = max(nextKey, key + 1)
    positionByKey[key] = keys.count
    keys.append(key)
    rows.append(row)
    return key
  }

  public mutating func update(key: Int64, attribute: Int, to value: Value) {
    guard let position = positionByKey[key] else { return }
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
    positionByKey = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
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
