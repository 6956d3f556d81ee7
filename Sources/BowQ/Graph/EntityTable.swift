/// The objects of one entity, kept column by column: one ``Column`` per slot (attributes,
/// then relationships), each holding that slot's value of every object, typed where it
/// can be (see ``Column``).
///
/// Objects are kept in insertion order; position `i` of every column belongs to
/// `keys[i]`. ``row(at:)`` and ``row(for:)`` put an object's values together as a row.
/// Value semantics make a table cheap to snapshot (for rollback and undo) and copy only
/// on write.
///
/// A table read from a store file may hold columns not decoded yet (``undecoded``), and its
/// keys may be still in the file too (``keysInFile``): a session decodes the columns a
/// statement reads before it runs (``ObjectGraph/fill(_:slots:of:)``), and the keys unless
/// the statement only counts (``ObjectGraph/fill(keys:ascending:of:)``). Nothing reads or
/// changes such a column, or such keys: ``keys`` is empty while they are in the file.
public struct EntityTable: Hashable, Sendable {
  public private(set) var keys: [Int64] = []
  /// The number of objects whose keys are still in the store file; nil once they are read.
  private var keysInFileCount: Int?
  /// One column per slot, each with a value for every key (none yet for ``undecoded`` slots).
  private(set) var columns: [Column] = []
  /// The slots whose columns are still in the store file.
  public private(set) var undecoded: Set<Int> = []
  /// Positions by key, kept only while the keys are not in ascending order (a store may
  /// list them in any order). Keys handed out by ``insert(_:key:)`` ascend, and then a
  /// key's position is found in `keys` itself: a dictionary of a million keys would take
  /// about 35 MB.
  private var positionByKey: [Int64: Int]?
  /// The primary key the next inserted object gets; keys are never reused. `Int64.max`
  /// when every key is used (``hasKeys(for:)``): bowq hands out keys below it only, and a
  /// store whose keys reach it can be read, but gets no new object.
  public private(set) var nextKey: Int64 = 1

  public init() {}

  /// A table of the objects with `keys` (distinct) and their values by slot, each column
  /// holding a value for every key, as a store is read; the next key follows the largest.
  /// `keysAscend` is whether the keys ascend, when the caller has checked it already.
  init(keys: [Int64], columns: [Column], keysAscend: Bool? = nil) {
    self.columns = columns
    take(keys: keys, ascending: keysAscend ?? Self.ascend(keys))
  }

  /// Takes `keys` (distinct) as the table's, `ascending` saying whether they ascend: the next
  /// key follows the largest.
  private mutating func take(keys: [Int64], ascending: Bool) {
    self.keys = keys
    nextKey = max(nextKey, Self.key(after: (ascending ? keys.last : keys.max()) ?? 0))
    if !ascending { positionByKey = Self.positions(of: keys) }
  }

  /// Whether each key is greater than the one before it.
  static func ascend(_ keys: [Int64]) -> Bool {
    keys.withUnsafeBufferPointer { keys in
      // No early exit, so that the loop is vectorized: keys nearly always ascend.
      var ascending = true
      for i in keys.indices.dropFirst() { ascending = ascending && keys[i - 1] < keys[i] }
      return ascending
    }
  }

  /// A table of `count` objects whose keys and `slotCount` columns are all still in the store
  /// file, to be given by ``fill(keys:ascending:)`` and ``fill(_:in:)``.
  init(undecodedKeys count: Int, undecodedSlots slotCount: Int) {
    columns = Array(repeating: Column(nulls: count), count: slotCount)
    undecoded = Set(0..<slotCount)
    keysInFileCount = count
  }

  /// Puts in the decoded column of a slot whose column was still in the store file.
  mutating func fill(_ column: Column, in slot: Int) {
    guard undecoded.remove(slot) != nil else { return }
    precondition(column.count == count, "a decoded column has a value for every object")
    columns[slot] = column
  }

  /// Puts in the keys (distinct), read from the store file, of a table whose keys were still
  /// in it; `ascending` is whether they ascend.
  mutating func fill(keys: [Int64], ascending: Bool) {
    guard let count = keysInFileCount else { return }
    precondition(keys.count == count, "a table's keys are one per object")
    keysInFileCount = nil
    take(keys: keys, ascending: ascending)
  }

  /// Puts in the keys `decoded` — this table with its keys read from the store file — holds,
  /// with what finds an object by key, when this table's keys are still in the file.
  mutating func fill(keysOf decoded: EntityTable) {
    guard keysInFileCount != nil, !decoded.keysInFile else { return }
    precondition(decoded.count == count, "a table's keys are one per object")
    keysInFileCount = nil
    keys = decoded.keys
    nextKey = max(nextKey, decoded.nextKey)
    positionByKey = decoded.positionByKey
  }

  /// Whether the table's keys are still in the store file (and ``keys`` empty).
  var keysInFile: Bool { keysInFileCount != nil }

  /// Whether the keys and every column are decoded, as any change to the table needs.
  var isDecoded: Bool { undecoded.isEmpty && keysInFileCount == nil }

  /// The number of objects.
  public var count: Int { keysInFileCount ?? keys.count }

  /// The key that follows `key`, or `Int64.max` (no key left) when there is none.
  static func key(after key: Int64) -> Int64 {
    key < Int64.max ? key + 1 : Int64.max
  }

  /// Whether `count` more keys can be handed out from `nextKey` on, all below `Int64.max`.
  static func hasKeys(for count: Int, from nextKey: Int64) -> Bool {
    count <= 0 || Int64.max - nextKey >= Int64(count)
  }

  /// Whether keys ascend with position, so that key order is table order.
  var keysAscend: Bool { positionByKey == nil }

  /// The number of slots of each object.
  public var slotCount: Int { columns.count }

  /// Tables are equal when they hold the same keys with the same values, whatever form
  /// their columns took.
  public static func == (a: EntityTable, b: EntityTable) -> Bool {
    a.keys == b.keys && a.keysInFileCount == b.keysInFileCount && a.nextKey == b.nextKey
      && a.columns.count == b.columns.count && a.undecoded == b.undecoded
      && zip(a.columns, b.columns).allSatisfy { $0.holdsSameValues(as: $1) }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(keys)
    hasher.combine(nextKey)
    hasher.combine(columns.count)
  }

  public func position(of key: Int64) -> Int? {
    assert(!keysInFile, "a key is looked up with the keys still in the store file")
    if let positionByKey { return positionByKey[key] }
    return Self.position(of: key, inAscending: keys)
  }

  /// The position of `key` in `keys`, which ascend.
  static func position(of key: Int64, inAscending keys: [Int64]) -> Int? {
    guard let first = keys.first, key >= first else { return nil }
    // With no deletions, key k is at k - first; otherwise it is earlier. Keys far apart (a
    // hostile store's Int64.min and Int64.max) are further apart than any table is long.
    let (guess, overflow) = key.subtractingReportingOverflow(first)
    let near = !overflow && guess < keys.count
    if near, keys[Int(guess)] == key { return Int(guess) }
    var low = 0
    var high = near ? Int(guess) : keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low < keys.count && keys[low] == key ? low : nil
  }

  /// The values of the object at `position`, in slot order.
  public func row(at position: Int) -> [Value] {
    assert(isDecoded, "a row is read with columns still in the store file")
    // Read each column in place: a column is a struct of a dozen buffers, and a copy of it
    // per value (as `map` made) retained and released each of them.
    return columns.withUnsafeBufferPointer { columns in
      var row: [Value] = []
      row.reserveCapacity(columns.count)
      for column in columns.indices { row.append(columns[column].value(at: position)) }
      return row
    }
  }

  /// The values of the object with `key`, in slot order; nil when there is none.
  public func row(for key: Int64) -> [Value]? {
    position(of: key).map(row(at:))
  }

  /// The value in `slot` of the object at `position`.
  @inline(__always)
  public func value(at position: Int, slot: Int) -> Value {
    assert(isDecoded || !undecoded.contains(slot), "column \(slot) is still in the store file")
    return columns.withUnsafeBufferPointer { columns in
      slot < columns.count ? columns[slot].value(at: position) : .null
    }
  }

  /// The value in `slot` of the object with `key`; nil when there is no such object.
  public func value(for key: Int64, slot: Int) -> Value? {
    guard slot < columns.count, let position = position(of: key) else { return nil }
    return value(at: position, slot: slot)
  }

  /// The column of `slot`, to read every object's value in place.
  func column(_ slot: Int) -> Column {
    assert(isDecoded || !undecoded.contains(slot), "column \(slot) is still in the store file")
    return columns[slot]
  }

  /// Whether the objects of `recorded` hold in `slot` the values it recorded for them.
  func holds(_ recorded: RecordedColumn, in slot: Int) -> Bool {
    guard slot < columns.count else { return false }
    if recorded.keys == keys { return recorded.column.holdsSameValues(as: columns[slot]) }
    return recorded.keys.indices.allSatisfy { position in
      value(for: recorded.keys[position], slot: slot) == recorded.column.value(at: position)
    }
  }

  /// Puts back the values `recorded` holds in `slot`, by key (the whole column at once when
  /// the table has the recorded keys); returns the column as it was, with its keys.
  mutating func restore(_ recorded: RecordedColumn, in slot: Int) -> RecordedColumn? {
    guard slot < columns.count else { return nil }
    let replaced = RecordedColumn(keys: keys, column: columns[slot])
    if recorded.keys == keys, recorded.column.count == keys.count {
      columns[slot] = recorded.column
    } else {
      for (position, key) in recorded.keys.enumerated() {
        update(key: key, attribute: slot, to: recorded.column.value(at: position))
      }
    }
    return replaced
  }

  /// Appends a row and returns the key it was given (or `key`, when one is supplied, as
  /// when a store is loaded). A row shorter than the others is filled out with nil.
  @discardableResult
  public mutating func insert(_ row: [Value], key: Int64? = nil) -> Int64 {
    assert(isDecoded, "a table is changed with columns still in the store file")
    let key = key ?? nextKey
    nextKey = max(nextKey, Self.key(after: key))
    if positionByKey != nil {
      positionByKey?[key] = keys.count
    } else if let last = keys.last, key <= last {
      positionByKey = Self.positions(of: keys)
      positionByKey?[key] = keys.count
    }
    while columns.count < row.count { columns.append(Column(nulls: keys.count)) }
    keys.append(key)
    for slot in columns.indices { columns[slot].append(slot < row.count ? row[slot] : .null) }
    return key
  }

  /// Appends every object of `other` (a table of the same slots, whose own keys are not
  /// kept) in its order, with keys from `firstKey` (at least ``nextKey``) on; returns the
  /// keys given. Into an empty table the other's columns are taken as they are.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it, with the table unchanged.
  ///
  /// `other` is emptied as its columns are added, each let go of once it is copied, so that
  /// the two tables are never both held in full (unless another copy of `other` holds them);
  /// it is emptied also when Ctrl-C stops the append.
  mutating func append(emptying other: inout EntityTable, firstKey: Int64) throws(Interrupted)
    -> Range<Int64>
  {
    let first = max(firstKey, nextKey)
    let added = first..<(first + Int64(other.count))
    var taken = other
    other = EntityTable()
    guard !keys.isEmpty else {
      self = EntityTable(keys: Array(added), columns: taken.columns)
      nextKey = added.upperBound
      return added
    }
    var columns = self.columns
    for slot in columns.indices {
      try Interrupt.check()
      let part = slot < taken.columns.count ? taken.columns[slot] : Column(nulls: taken.count)
      if slot < taken.columns.count { taken.columns[slot] = Column() }
      try columns[slot].append(contentsOf: part)
    }
    self.columns = columns
    if positionByKey != nil {
      for (offset, key) in added.enumerated() { positionByKey?[key] = keys.count + offset }
    }
    keys.append(contentsOf: added)
    nextKey = added.upperBound
    return added
  }

  public mutating func update(key: Int64, attribute: Int, to value: Value) {
    assert(isDecoded, "a table is changed with columns still in the store file")
    guard let position = position(of: key), attribute < columns.count else { return }
    columns[attribute].set(value, at: position)
  }

  /// Sets slot `attribute` of the objects with the given keys, each to its value, in order;
  /// keys of no object are passed over.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it, with the values before the stop set.
  mutating func update(attribute: Int, _ changes: [(key: Int64, value: Value)])
    throws(Interrupted)
  {
    guard attribute < columns.count else { return }
    for (step, (key, value)) in changes.enumerated() {
      try Interrupt.check(every: step)
      guard let position = position(of: key) else { continue }
      columns[attribute].set(value, at: position)
    }
  }

  /// Removes the objects with the given keys, keeping the others in order.
  public mutating func remove(keys removed: Set<Int64>) {
    assert(isDecoded, "a table is changed with columns still in the store file")
    guard !removed.isEmpty else { return }
    let kept = keys.indices.filter { !removed.contains(keys[$0]) }
    guard kept.count < keys.count else { return }
    keys = kept.map { keys[$0] }
    columns = columns.map { $0.selecting(kept) }
    positionByKey = zip(keys, keys.dropFirst()).allSatisfy(<) ? nil : Self.positions(of: keys)
  }

  /// Puts rows back as a ``ChangeJournal`` recorded them: a nil row removes the object; a
  /// row replaces the object's row or, for an object no longer here, brings it back in key
  /// order; and the next key becomes `nextKey`.
  mutating func restore(_ recorded: [Int64: [Value]?], nextKey: Int64?) {
    assert(isDecoded, "a table is changed with columns still in the store file")
    var removed: Set<Int64> = []
    var returning: [(key: Int64, row: [Value])] = []
    for (key, row) in recorded {
      let position = position(of: key)
      switch (row, position) {
      case (let row?, let position?):
        for (slot, value) in row.enumerated() where slot < columns.count {
          columns[slot].set(value, at: position)
        }
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
    let (saved, ascending, staying) = (nextKey, positionByKey == nil, keys.count)
    for (key, row) in returning { insert(row, key: key) }
    nextKey = saved
    guard ascending, staying > 0, let first = returning.first, first.key < keys[staying - 1]
    else { return }
    // Both runs ascend: merge them by key, then move every column's rows to that order.
    var order: [Int] = []
    order.reserveCapacity(keys.count)
    var (old, new) = (0, staying)
    while old < staying || new < keys.count {
      if new == keys.count || (old < staying && keys[old] < keys[new]) {
        order.append(old)
        old += 1
      } else {
        order.append(new)
        new += 1
      }
    }
    keys = order.map { keys[$0] }
    columns = columns.map { $0.selecting(order) }
    positionByKey = nil
  }

  private static func positions(of keys: [Int64]) -> [Int64: Int] {
    Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// Adds a slot at the end of every object (the model gained an attribute).
  public mutating func appendColumn(_ value: Value) {
    assert(isDecoded, "a table is changed with columns still in the store file")
    guard !keys.isEmpty else { return }
    var column = Column()
    for _ in keys.indices { column.append(value) }
    columns.append(column)
  }

  /// Sets the next key to hand out, as recorded in a store file.
  public mutating func reserveKeys(below key: Int64) {
    nextKey = max(nextKey, key)
  }
}
