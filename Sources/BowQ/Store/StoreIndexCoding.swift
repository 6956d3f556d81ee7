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
enum StoreIndexCoding {
  /// The key of an entity entry that holds its indexes.
  static let key = "indexes"

  /// The `indexes` array of `indexes`; nil when there are none, so the key is left out.
  static func encode(_ indexes: [StoredIndex]) -> PropertyList? {
    guard !indexes.isEmpty else { return nil }
    return .array(
      indexes.map { index in
        var entry = StoreModelCoding.indexEntry(index.definition)
        entry["objects"] = .integer(Int64(index.rowCount))
        entry["rows"] = .data(bytes(of: index.rows))
        if index.definition.kind == .hash { entry["groups"] = .data(bytes(of: index.groupSizes)) }
        return .dictionary(entry)
      })
  }

  /// The indexes of `entity` an `indexes` value describes, leaving out every entry that is
  /// not a well-formed index the entity declares (or `unique` implies).
  static func decode(_ plist: PropertyList, of entity: Entity) -> [StoredIndex] {
    guard case .array(let entries) = plist else { return [] }
    let declared = entity.allIndexes
    return entries.compactMap { item -> StoredIndex? in
      guard case .dictionary(let entry) = item,
        case .integer(let objects)? = entry["objects"], objects >= 0,
        objects <= Int64(UInt32.max),
        case .data(let rows)? = entry["rows"], let rowPositions = numbers(in: rows)
      else { return nil }
      var definitionEntry = entry
      for key in ["objects", "rows", "groups"] { definitionEntry[key] = nil }
      guard
        let definition = declared.first(where: {
          StoreModelCoding.indexEntry($0) == definitionEntry
        })
      else { return nil }
      var groupSizes: [UInt32] = []
      if definition.kind == .hash {
        guard case .data(let groups)? = entry["groups"], let sizes = numbers(in: groups) else {
          return nil
        }
        groupSizes = sizes
      }
      return StoredIndex(
        definition: definition, rowCount: Int(objects), rows: rowPositions,
        groupSizes: groupSizes)
    }
  }

  /// Numbers as 4 bytes each, little-endian.
  private static func bytes(of numbers: [UInt32]) -> Data {
    var data = Data(count: numbers.count * 4)
    data.withUnsafeMutableBytes { buffer in
      for (i, number) in numbers.enumerated() {
        buffer.storeBytes(of: number.littleEndian, toByteOffset: i * 4, as: UInt32.self)
      }
    }
    return data
  }

  /// The numbers of 4 bytes each, little-endian, that `data` holds; nil when its length is
  /// not a multiple of 4.
  private static func numbers(in data: Data) -> [UInt32]? {
    guard data.count % 4 == 0 else { return nil }
    return data.withUnsafeBytes { buffer in
      (0..<data.count / 4).map {
        UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))
      }
    }
  }
}
