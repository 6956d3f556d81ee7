import Foundation

/// The indexes a store file keeps beside an entity's objects: the `indexes` key of its
/// entry in `entities`, an array with one dictionary per index (docs/store-format.md):
///
///     { name, kind, attributes, descending?,      the index, as the model declares it
///       objects: 1000000,                          how many objects it was written for
///       rows: <data>,                              row positions, 4 bytes each, little-endian
///       groups: <data> }                           a hash index's group sizes, likewise
///
/// An index is derived data: reading one that is damaged, of an index the model does not
/// declare, or written for other objects, ignores it, and the graph builds that index again
/// when a statement needs it (``BuiltIndex/init(_:of:table:)`` checks each against the rows
/// before it is used, so none can give a wrong answer).
///
/// The decoder reads an entry's declaration (``declaration(of:of:)``) when the store is
/// opened and leaves `rows` and `groups` in the file, noting only where their bytes are
/// (``Location``): they are read (``entries(rows:groups:)``) when the index is taken into use.
enum StoreIndexCoding {
  /// The key of an entity entry that holds its indexes.
  static let key = "indexes"
  /// The keys of an index entry that hold its positions, as data.
  static let rowsKey = "rows"
  static let groupsKey = "groups"

  /// Where the positions of one kept index are in the store file's bytes.
  struct Location: Sendable {
    var rows: Range<Int>
    /// A hash index's group sizes; nil for an ordered index.
    var groups: Range<Int>?
  }

  /// The `indexes` array of `indexes`; nil when there are none, so the key is left out. An
  /// index whose entries can no longer be read (``StoredIndex/entries()``) is left out.
  static func encode(_ indexes: [StoredIndex]) -> PropertyList? {
    let written = indexes.compactMap { index in index.entries().map { (index, $0) } }
    guard !written.isEmpty else { return nil }
    return .array(
      written.map { index, entries in
        var entry = StoreModelCoding.indexEntry(index.definition)
        entry["objects"] = .integer(Int64(index.rowCount))
        entry[rowsKey] = .data(bytes(of: entries.rows))
        if index.definition.kind == .hash {
          entry[groupsKey] = .data(bytes(of: entries.groupSizes))
        }
        return .dictionary(entry)
      })
  }

  /// The index of `entity` an entry of `indexes` declares, and how many objects it was
  /// written for, from the entry without its `rows` and `groups`; nil when the entry is not
  /// a well-formed index the entity declares (or `unique` implies).
  static func declaration(of entry: PropertyListDictionary, of entity: Entity) -> (
    definition: IndexDefinition, objects: Int
  )? {
    guard case .integer(let objects)? = entry["objects"], objects >= 0,
      objects <= Int64(UInt32.max)
    else { return nil }
    var definitionEntry = entry
    definitionEntry["objects"] = nil
    guard
      let definition = entity.allIndexes.first(where: {
        StoreModelCoding.indexEntry($0) == definitionEntry
      })
    else { return nil }
    return (definition, Int(objects))
  }

  /// The entries whose positions are `rows` and, for a hash index, `groups`; nil when a
  /// span is not a whole number of 4-byte positions.
  static func entries(rows: UnsafeRawBufferPointer, groups: UnsafeRawBufferPointer?)
    -> StoredIndex.Entries?
  {
    guard let rows = numbers(in: rows) else { return nil }
    guard let groups else { return StoredIndex.Entries(rows: rows, groupSizes: []) }
    return numbers(in: groups).map { StoredIndex.Entries(rows: rows, groupSizes: $0) }
  }

  /// Numbers as 4 bytes each, little-endian.
  private static func bytes(of numbers: [UInt32]) -> Data {
    numbers.map(\.littleEndian).withUnsafeBufferPointer { Data(buffer: $0) }
  }

  /// The numbers of 4 bytes each, little-endian, that `bytes` holds; nil when its length is
  /// not a multiple of 4.
  private static func numbers(in bytes: UnsafeRawBufferPointer) -> [UInt32]? {
    guard bytes.count % 4 == 0 else { return nil }
    return [UInt32](unsafeUninitializedCapacity: bytes.count / 4) { numbers, initialized in
      if !bytes.isEmpty {
        UnsafeMutableRawBufferPointer(numbers).copyMemory(from: bytes)
      }
      for i in 0..<bytes.count / 4 { numbers[i] = UInt32(littleEndian: numbers[i]) }
      initialized = bytes.count / 4
    }
  }
}
