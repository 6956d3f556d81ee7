import Foundation

/// The layout of a store file: an ``ObjectGraph`` as a binary property list, read and
/// written in one pass straight between the bytes and the graph.
///
/// The layout (versions 1 to 4, described for users in `docs/store-format.md`) carries the
/// model with the data, and stores each entity's objects column by column:
///
///     format: "bowq-store"
///     version: 1
///     model: { entities: [ { name, attributes: [...], relationships?: [...],
///              uniquenessConstraints?: [...], rules?: [...] } ] }        (StoreModelCoding)
///     entities: { <Entity>: { nextKey, keys: [Int],
///                 columns: { <property>: [value per row],
///                            <property>.nulls: bitmap data, only when some row is nil } } }
///
/// There is one column per attribute and one per relationship; ``StoreColumn`` gives each
/// kind's form. A to-one holds the destination object's key, a to-many an array of keys. A
/// nil value is written as a placeholder of the column's kind with its bit set in the
/// `.nulls` bitmap: bit `i % 8` (least significant first) of byte `i / 8` is row `i`.
/// Readers ignore the value in a row whose bit is set.
///
/// A value of an attribute marked `external` of at least ``externalDataThreshold`` bytes is
/// kept in a file beside the store (``ExternalDataFolder``), and its column holds
/// `{external: "<SHA-256 of the bytes>", length: <bytes>}` (``ExternalDataReference``). A
/// store with such values is version 2 (``externalDataVersion``); every other store is
/// version 1, as it was before, byte for byte.
///
/// ``StoreEncoder`` and ``StoreDecoder`` hold the rules; ``encode(_:)`` and ``decode(_:)``
/// go through them and the property-list tree, for tests and tools that look at a store's
/// structure.
public enum StoreCodec {
  /// The value of the root `format` key.
  public static let formatName = "bowq-store"
  /// The layout version of a store whose values are all in the file.
  public static let version = 1
  /// The layout version of a store with values kept in external files: version 1, where a
  /// Binary column of an attribute marked `external` may also hold references to files.
  /// It is written only for stores that have such values, so a bowq that reads only
  /// version 1 still reads every other store, and says that one is newer rather than
  /// damaged.
  public static let externalDataVersion = 2
  /// The layout version of a store whose model uses inheritance (an entity with a `parent`
  /// or marked `abstract`): version 2, whose model entries may name them. Written only for
  /// such models, so every other store reads in a bowq that knows versions 1 and 2.
  public static let inheritanceVersion = 3
  /// The layout version of a store whose model has an ordered to-many (a relationship entry
  /// with `ordered`): version 3, whose to-many columns keep their members in the order
  /// given rather than by key. Written only for such models, so an older bowq, which would
  /// keep them in key order and drop the flag on its next save, says the store is newer.
  public static let orderedRelationshipVersion = 4
  /// The size from which a value of an attribute marked `external` is kept in a file beside
  /// the store: 100 KB (102,400 bytes); smaller values stay in the file. Core Data does not
  /// document its threshold; about 100 KB is the figure most often reported, so this is a
  /// heuristic, not Core Data's rule.
  public static let externalDataThreshold = 102_400
  /// The suffix of a column's null bitmap key: `lastWorn.nulls`.
  public static let nullsSuffix = ".nulls"

  /// The bytes of a store file holding `graph`, with every value in the file, as export
  /// writes them: version 1, even for values that a save keeps apart.
  ///
  /// Values are written in their attribute's type; an integer in a Double, Float or Decimal
  /// attribute is written as that type. References to objects that no longer exist (a
  /// `noAction` delete rule leaves them) are left out. A value of another kind (or an
  /// integer outside its attribute's range) throws
  /// ``StoreError/invalidObjects(entity:attribute:row:message:)`` (or
  /// ``StoreError/invalidRelationship(entity:relationship:row:message:)``), and a model
  /// that would not read back (a relationship to an entity the model lacks) throws
  /// ``StoreError/invalidModel(location:message:)``: a store that could not be read back is
  /// never written.
  public static func encodeData(_ graph: ObjectGraph) throws -> Data {
    try StoreEncoder.encode(graph, keepingValuesApart: false).data
  }

  /// Writes the store file a save writes for `graph` to `file` (open for reading and
  /// writing, empty): the bytes of ``encodeData(_:)``, except that the values to keep in
  /// external files are replaced by their references, and returned by their SHA-256 for the
  /// ``ExternalDataFolder``. Throws ``ByteOutput/WriteFailure`` when a write failed.
  static func encodeFile(_ graph: ObjectGraph, writingTo file: Int32) throws -> [String: Data] {
    try StoreEncoder.encode(graph, keepingValuesApart: true, writingTo: file)
  }

  /// The graph a store file's bytes hold.
  ///
  /// - Throws: ``PropertyListError`` with the byte offset when the bytes are not a valid
  ///   binary property list (exactly as ``BinaryPropertyListReader`` reports it), and
  ///   ``StoreError`` saying where (entity, attribute or relationship, row) when they are
  ///   one but not a valid store: the marker and version, the model, every key, and every
  ///   value against its property, including that each relationship key names an object of
  ///   the destination entity.
  ///
  /// A value kept in an external file cannot be read from the bytes alone: it throws
  /// ``StoreError/invalidObjects(entity:attribute:row:message:)``.
  /// ``StoreFile/load(from:)`` reads those files too.
  public static func decodeData(_ data: Data) throws -> ObjectGraph {
    try decodeData(data, externalData: nil)
  }

  /// The graph a store file's bytes hold, reading the values kept apart from
  /// `externalData`. Throws as ``decodeData(_:)`` does, and
  /// ``StoreError/externalDataUnreadable(entity:attribute:key:path:problem:)`` when a file
  /// there is missing or damaged.
  static func decodeData(_ data: Data, externalData: ExternalDataFolder?) throws -> ObjectGraph {
    try StoreDecoder.decode(data, externalData: externalData)
  }

  /// The property list of `graph`: the store file ``encodeData(_:)`` writes, read back as a
  /// tree.
  public static func encode(_ graph: ObjectGraph) throws -> PropertyList {
    try BinaryPropertyListReader.decode(encodeData(graph))
  }

  /// The graph a store's property list describes: `plist` written as a binary property
  /// list and read with ``decodeData(_:)``, so it is checked exactly as a file is.
  public static func decode(_ plist: PropertyList) throws -> ObjectGraph {
    try decode(plist, externalData: nil)
  }

  /// The graph a store's property list describes, reading values kept apart from
  /// `externalData`, as ``decodeData(_:externalData:)`` does.
  static func decode(_ plist: PropertyList, externalData: ExternalDataFolder?) throws
    -> ObjectGraph
  {
    try decodeData(BinaryPropertyListWriter.encode(plist), externalData: externalData)
  }
}
