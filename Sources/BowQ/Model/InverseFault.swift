/// How the inverse a relationship names breaks Core Data's rule for a pair of inverses: the
/// destination has a relationship of that name, which points back to the relationship's
/// entity (or to one it inherits the relationship from, as a destination may hold
/// sub-entities' objects) and names the relationship as its own inverse. The two are each
/// other's inverse, so that setting either side keeps the other in step.
///
/// The one rule of the model, whatever reads it: entity definitions, `import model`, the
/// store's model and Xcode models.
public enum InverseFault: Hashable, Sendable {
  /// The destination has no relationship of that name.
  case missing
  /// The destination's relationship of that name points to another entity.
  case pointsElsewhere(Relationship)
  /// The destination's relationship of that name names no inverse: the pair is one-sided,
  /// and setting that side would leave this one stale.
  case oneSided(Relationship)
  /// The destination's relationship of that name names another relationship as its inverse.
  case namesAnother(Relationship)
}

extension Relationship {
  /// How the inverse this relationship names breaks Core Data's rule (``InverseFault``);
  /// nil when it names none, or the two are each other's inverse.
  ///
  /// - Parameters:
  ///   - back: the destination's relationship of the name this one gives as its inverse
  ///     (inherited ones included); nil when there is none.
  ///   - pointsBack: whether an entity named is this relationship's entity or one it
  ///     inherits from.
  public func inverseFault(_ back: Relationship?, pointsBack: (String) -> Bool)
    -> InverseFault?
  {
    guard inverse != nil else { return nil }
    guard let back else { return .missing }
    guard pointsBack(back.destination) else { return .pointsElsewhere(back) }
    guard let backInverse = back.inverse else { return .oneSided(back) }
    return backInverse == name ? nil : .namesAnother(back)
  }
}

extension Model {
  /// How the inverse `relationship` of `entity` names breaks Core Data's rule in this
  /// model; nil when it names none, or its destination is not defined yet (left for when it
  /// is), or the two are each other's inverse.
  public func inverseFault(of relationship: Relationship, in entity: String) -> InverseFault? {
    guard let inverse = relationship.inverse,
      let destination = self.entity(named: relationship.destination)
    else { return nil }
    return relationship.inverseFault(
      destination.relationship(named: inverse), pointsBack: { self.entity(entity, isKindOf: $0) })
  }
}
