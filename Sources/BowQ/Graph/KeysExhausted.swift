/// An insert refused because its entity's hierarchy has no key left to hand out: keys only
/// grow and are never reused, and the next would pass `Int64.max`, the largest key a bowq
/// store or a Core Data store's `Z_PK` holds (a hostile or damaged store may start there).
public struct KeysExhausted: Error, Hashable, Sendable, CustomStringConvertible {
  /// The entity an insert was refused in.
  public var entity: String
  /// How many objects the insert needed keys for.
  public var count: Int

  public init(entity: String, count: Int) {
    self.entity = entity
    self.count = count
  }

  public var description: String {
    let objects = count == 1 ? "one more \(entity)" : "\(count) more \(entity) objects"
    return "the store has used every key of \(entity): there is no key for \(objects), as "
      + "keys are never reused and the next would pass \(Int64.max) (Int64.max). Copy the "
      + "objects into a new store (export, then import) to number them afresh"
  }
}
