/// The identity of an object: its entity and a primary key unique within that entity.
///
/// Printed as `BowTie/p3`, after the last path components of Core Data's object URIs.
public struct ObjectID: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var entity: String
  public var key: Int64

  public init(entity: String, key: Int64) {
    self.entity = entity
    self.key = key
  }

  public var description: String { "\(entity)/p\(key)" }

  public static func < (a: ObjectID, b: ObjectID) -> Bool {
    (a.entity, a.key) < (b.entity, b.key)
  }
}
