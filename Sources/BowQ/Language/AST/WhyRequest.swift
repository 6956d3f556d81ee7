/// `why [not] [Entity/pN] [where P]`: how a predicate decides for an object, node by node.
public struct WhyRequest: Hashable, Sendable {
  /// False for `why not`, which asks why an object did not match.
  public var expectsMatch: Bool
  /// The object asked about; nil asks about every object of the current selection.
  public var object: ObjectReference?
  /// The predicate; nil takes the last fetch's.
  public var predicate: PredicateSyntax?

  public init(expectsMatch: Bool, object: ObjectReference?, predicate: PredicateSyntax?) {
    self.expectsMatch = expectsMatch
    self.object = object
    self.predicate = predicate
  }
}

/// An object named as bowq prints it: `BowTie/p3`, its entity and primary key.
public struct ObjectReference: Hashable, Sendable {
  public var entity: Name
  public var key: Int64
  public var range: SourceRange

  public init(entity: Name, key: Int64, range: SourceRange) {
    self.entity = entity
    self.key = key
    self.range = range
  }

  public static func == (a: ObjectReference, b: ObjectReference) -> Bool {
    (a.entity, a.key) == (b.entity, b.key)
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(entity)
    hasher.combine(key)
  }
}
