/// A relationship from one entity to another: to-one or to-many, with its inverse, its
/// delete rule and, for to-many, the counts validation enforces.
public struct Relationship: Hashable, Sendable {
  public var name: String
  /// The entity the relationship points to.
  public var destination: String
  public var isToMany: Bool
  /// `T?` (to-one) or a to-many that may be empty. A required to-one that is nil fails
  /// save with 1570.
  public var isOptional: Bool
  /// The relationship of the destination that points back; kept in step on every edit.
  public var inverse: String?
  /// What happens to the destinations when an object is deleted.
  public var deleteRule: DeleteRule
  /// Bounds on a to-many's count (1580, 1590), enforced only when it is not empty or
  /// when it is required.
  public var minCount: Int?
  public var maxCount: Int?
  /// A to-many whose objects keep the order they were added in (Core Data's `isOrdered`, an
  /// `NSOrderedSet`); an unordered one holds them in key order. Always false for a to-one.
  public var isOrdered: Bool

  public init(
    name: String, destination: String, isToMany: Bool, isOptional: Bool = true,
    inverse: String? = nil, deleteRule: DeleteRule = .nullify, minCount: Int? = nil,
    maxCount: Int? = nil, isOrdered: Bool = false
  ) {
    self.name = name
    self.destination = destination
    self.isToMany = isToMany
    self.isOptional = isOptional
    self.inverse = inverse
    self.deleteRule = deleteRule
    self.minCount = minCount
    self.maxCount = maxCount
    self.isOrdered = isToMany && isOrdered
  }
}

/// Core Data's delete rules (`NSDeleteRule`).
public enum DeleteRule: String, Hashable, Sendable, CaseIterable {
  /// Destinations keep pointing at the deleted object: fixing them is up to you.
  case noAction = "noAction"
  /// The deleted object is removed from each destination's inverse. The default.
  case nullify = "nullify"
  /// The destinations are deleted too, with their own rules.
  case cascade = "cascade"
  /// The object cannot be deleted while it has destinations: save fails with 1600.
  case deny = "deny"
}
