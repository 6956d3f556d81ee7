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

/// An object named as bowq prints it: `BowTie/p3`, its entity and primary key; or, in a
/// Core Data store, as Core Data's URI of it, `x-coredata://<store UUID>/Book/p3`.
public struct ObjectReference: Hashable, Sendable {
  public var entity: Name
  public var key: Int64
  public var range: SourceRange
  /// The UUID of the store a Core Data URI names; nil for `Entity/pN`.
  public var storeUUID: String?

  public init(entity: Name, key: Int64, range: SourceRange, storeUUID: String? = nil) {
    self.entity = entity
    self.key = key
    self.range = range
    self.storeUUID = storeUUID
  }

  /// The object a Core Data URI names (`x-coredata://<store UUID>/Book/p3`, as Core Data
  /// prints an object's ID), at `range`; nil for any other text.
  public init?(coreDataURI text: String, range: SourceRange) {
    let prefix = "x-coredata://"
    guard text.hasPrefix(prefix) else { return nil }
    let parts = text.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, parts[2].first == "p",
      let key = Int64(parts[2].dropFirst()), key >= 0
    else { return nil }
    self.init(
      entity: Name(String(parts[1]), range: range), key: key, range: range,
      storeUUID: String(parts[0]))
  }

  public static func == (a: ObjectReference, b: ObjectReference) -> Bool {
    (a.entity, a.key) == (b.entity, b.key)
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(entity)
    hasher.combine(key)
  }
}
