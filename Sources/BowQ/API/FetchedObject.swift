/// An object as a fetch found it: its identity and the values of its properties then, read
/// by name (`object["rating"]`) or as a member (`object.rating`). A record, not a live
/// object: edits go through the context (``ObjectContext/update(_:_:)``), and a later fetch
/// sees them.
///
/// An attribute reads as its ``Value``; a to-one as `.object(id)` or `.null`; a to-many as
/// a `.collection` of `.object(id)`s (``objectIDs(_:)`` lists them). A key the entity does not
/// have reads as `.null`; ``ObjectContext/update(_:_:)`` and fetches report misspelt keys.
@dynamicMemberLookup
public struct FetchedObject: Hashable, Sendable, CustomStringConvertible {
  /// Which object it is (`BowTie/p3`).
  public let id: ObjectID
  /// Its properties' names, in the entity's order: attributes, then relationships.
  public let keys: [String]
  /// The values, at the keys' positions.
  public let values: [Value]

  init(id: ObjectID, keys: [String], values: [Value]) {
    self.id = id
    self.keys = keys
    self.values = values
  }

  /// The entity of the object (a sub-entity's name for its objects).
  public var entityName: String { id.entity }

  /// The value of the property `key`; `.null` when there is no such property.
  public subscript(key: String) -> Value {
    keys.firstIndex(of: key).map { values[$0] } ?? .null
  }

  /// The value of the property named as a member: `tie.rating`.
  public subscript(dynamicMember key: String) -> Value { self[key] }

  /// The objects a relationship `key` holds: one or none for a to-one, the members of a
  /// to-many, none for an attribute or an unknown key.
  public func objectIDs(_ key: String) -> [ObjectID] {
    switch self[key] {
    case .object(let id): return [id]
    case .collection(let members):
      return members.compactMap { if case .object(let id) = $0 { id } else { nil } }
    default: return []
    }
  }

  /// `BowTie/p3 {name: "Blue", rating: 4, …}`.
  public var description: String {
    "\(id) {" + zip(keys, values).map { "\($0): \($1.literalText)" }.joined(separator: ", ")
      + "}"
  }
}
