import Foundation

/// The layout of a store file: an ``ObjectGraph`` as a binary property list, read and
/// written in one pass straight between the bytes and the graph.
///
/// The layout (version 1, described for users in `docs/store-format.md`) carries the model
/// with the data, and stores each entity's objects column by column:
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
/// ``StoreEncoder`` and ``StoreDecoder`` hold the rules; ``encode(_:)`` and ``decode(_:)``
/// go through them and the property-list tree, for tests and tools that look at a store's
/// structure.
public enum StoreCodec {
  /// The value of the root `format` key.
  public static let formatName = "bowq-store"
  /// The layout version written, and the only one read.
  public static let version = 1
  /// The suffix of a column's null bitmap key: `lastWorn.nulls`.
  public static let nullsSuffix = ".nulls"

  /// The bytes of a store file holding `graph`.
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
    try StoreEncoder.encode(graph)
  }

  /// The graph a store file's bytes hold.
  ///
  /// - Throws: ``PropertyListError`` with the byte offset when the bytes are not a valid
  ///   binary property list (exactly as ``BinaryPropertyListReader`` reports it), and
  ///   ``StoreError`` saying where (entity, attribute or relationship, row) when they are
  ///   one but not a valid store: the marker and version, the model, every key, and every
  ///   value against its property, including that each relationship key names an object of
  ///   the destination entity.
  public static func decodeData(_ data: Data) throws -> ObjectGraph {
    try StoreDecoder.decode(data)
  }

  /// The property list of `graph`: the store file ``encodeData(_:)`` writes, read back as a
  /// tree.
  public static func encode(_ graph: ObjectGraph) throws -> PropertyList {
    try BinaryPropertyListReader.decode(encodeData(graph))
  }

  /// The graph a store's property list describes: `plist` written as a binary property
  /// list and read with ``decodeData(_:)``, so it is checked exactly as a file is.
  public static func decode(_ plist: PropertyList) throws -> ObjectGraph {
    try decodeData(BinaryPropertyListWriter.encode(plist))
  }
}
