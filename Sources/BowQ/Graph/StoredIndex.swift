import Foundation

/// An index as a store file keeps it: which rows it lists, in what order, for a table of how
/// many rows — what the graph takes into use instead of building the index, once it has
/// checked that it fits the rows (``BuiltIndex/init(_:of:table:)``).
///
/// Rows are named by their position in the table (the order of the store's `keys`), so
/// that the entries need no values: those are the table's. An ordered index lists the rows
/// whose first value has a place in the order, in index order; a hash index lists the rows
/// it groups, group after group, with the size of each group. The rows an index keeps apart
/// (nil or NaN first values, a hash key holding NaN) are the ones not listed.
///
/// The positions of an index a store file keeps are read from the file only when the index is
/// taken into use or written again (``entries()``): a session that never uses an index
/// never reads its 4 bytes per row.
struct StoredIndex: Equatable, Sendable {
  var definition: IndexDefinition
  /// How many objects the table had when the index was written.
  var rowCount: Int
  private let storage: Storage

  /// The positions of the rows listed, in index order or group after group, and for a hash
  /// index how many rows each group has, in the order of `rows` (empty for an ordered index).
  struct Entries: Equatable, Sendable {
    var rows: [UInt32]
    var groupSizes: [UInt32]
  }

  /// The form of `index`, built over `table`; nil when a position does not fit in 32 bits
  /// or the index lists a key the table does not have.
  init?(_ index: BuiltIndex, of table: EntityTable) {
    guard table.count <= Int(UInt32.max) else { return nil }
    definition = index.definition
    rowCount = table.count
    func position(_ key: Int64) -> UInt32? { table.position(of: key).map { UInt32($0) } }
    if let ordered = index.ordered {
      var rows: [UInt32] = []
      rows.reserveCapacity(ordered.count)
      for block in ordered.blocks {
        for entry in block {
          guard let row = position(entry.key) else { return nil }
          rows.append(row)
        }
      }
      storage = Storage(Entries(rows: rows, groupSizes: []))
      return
    }
    // Groups in the order of their first row, rows in order within each: the same graph
    // always writes the same bytes.
    // Each group's rows go to one array, and each group is a span of it: an array for each
    // group of a unique attribute would be a million arrays.
    let keysByValue = index.hash?.groups ?? [:]
    var listed: [UInt32] = []
    var spans: [(first: UInt32, range: Range<Int>)] = []
    spans.reserveCapacity(keysByValue.count)
    for keys in keysByValue.values {
      let start = listed.count
      switch keys {
      case .one(let key):
        guard let row = position(key) else { return nil }
        listed.append(row)
      case .many(let keys):
        for key in keys {
          guard let row = position(key) else { return nil }
          listed.append(row)
        }
        listed[start...].sort()
      }
      spans.append((listed[start], start..<listed.count))
    }
    spans.sort { $0.first < $1.first }
    var rows: [UInt32] = []
    rows.reserveCapacity(listed.count)
    for span in spans { rows += listed[span.range] }
    storage = Storage(Entries(rows: rows, groupSizes: spans.map { UInt32($0.range.count) }))
  }

  /// An index of `definition` written for `rowCount` rows, listing `entries`.
  init(definition: IndexDefinition, rowCount: Int, entries: Entries) {
    self.definition = definition
    self.rowCount = rowCount
    storage = Storage(entries)
  }

  /// An index of `definition` written for `rowCount` rows, whose entries `read` gives when
  /// they are first needed (nil: they can no longer be read, and the index is not used).
  /// `read` is called at most once, and let go once it has been.
  init(
    definition: IndexDefinition, rowCount: Int,
    reading read: @escaping @Sendable () -> Entries?
  ) {
    self.definition = definition
    self.rowCount = rowCount
    storage = Storage(read)
  }

  /// The rows the index lists; nil when they could not be read from the store file (it
  /// changed, or was let go, since the open).
  func entries() -> Entries? {
    storage.entries()
  }

  static func == (lhs: StoredIndex, rhs: StoredIndex) -> Bool {
    lhs.definition == rhs.definition && lhs.rowCount == rhs.rowCount
      && (lhs.storage === rhs.storage || lhs.entries() == rhs.entries())
  }

  /// The entries, read once and shared by every copy of the index (a graph and its
  /// snapshots), so that reading them before the store file is let go
  /// (``ObjectGraph/readStoredIndexes()``) serves them all.
  private final class Storage: @unchecked Sendable {
    private let lock = NSLock()
    private var read: (@Sendable () -> Entries?)?
    private var entriesRead: Entries?

    init(_ entries: Entries) {
      entriesRead = entries
    }

    init(_ read: @escaping @Sendable () -> Entries?) {
      self.read = read
    }

    func entries() -> Entries? {
      lock.withLock {
        if let read {
          entriesRead = read()
          self.read = nil
        }
        return entriesRead
      }
    }
  }

  /// Whether the index lists values of the slot `slot` of `entity`'s rows.
  func covers(_ slot: Int, of entity: Entity) -> Bool {
    definition.attributes.contains { entity.index(ofAttribute: $0) == slot }
  }
}
