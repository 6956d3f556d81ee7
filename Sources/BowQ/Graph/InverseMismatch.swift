/// A relationship whose inverse, as the model now stands, is no relationship that points
/// back to it: the destination has no relationship of that name, or that relationship
/// points elsewhere or names another inverse. A store cannot hold such a model, so it is
/// refused when an entity is defined, not at every later save.
public struct InverseMismatch: Error, Hashable, Sendable {
  /// The entity of the relationship that names the inverse.
  public let entity: String
  /// The relationship that names the inverse.
  public let relationship: String
  /// The destination entity, where the inverse should be.
  public let destination: String
  /// The name the relationship gives as its inverse.
  public let inverse: String
  /// What the destination's relationship of that name is instead, when there is one.
  public let found: Relationship?
  /// The destination's relationships, for a did-you-mean.
  public let candidates: [String]

  /// The mismatch, naming both relationships.
  public var message: String {
    let side = "\(entity).\(relationship) names \(destination).\(inverse) as its inverse"
    guard let found else {
      return "\(side), but \(destination) has no relationship \"\(inverse)\"."
        + NameSuggestion.hint(for: inverse, among: candidates)
    }
    return "\(side), but \(destination).\(inverse) points to \(found.destination)"
      + (found.inverse.map { " with inverse \($0)" } ?? "")
  }
}

extension Model {
  /// The first relationship whose inverse does not point back to it, among those of
  /// `entityName` and those that lead to it (or of every entity, for nil); nil when every
  /// one does. A relationship whose destination is not defined yet is left for when it is.
  public func inverseMismatch(involving entityName: String? = nil) -> InverseMismatch? {
    for entity in entities {
      for relationship in entity.relationships
      where entityName == nil || entity.name == entityName
        || relationship.destination == entityName
      {
        if let mismatch = inverseMismatch(of: relationship, in: entity) { return mismatch }
      }
    }
    return nil
  }

  /// The mismatch of `relationship` of `entity`, when it names an inverse that is missing
  /// or does not point back (to `entity` or an ancestor it inherits the relationship from,
  /// naming `relationship` or no inverse).
  private func inverseMismatch(of relationship: Relationship, in entity: Entity)
    -> InverseMismatch?
  {
    guard let inverse = relationship.inverse,
      let destination = self.entity(named: relationship.destination)
    else { return nil }
    let back = destination.relationship(named: inverse)
    if let back, self.entity(entity.name, isKindOf: back.destination),
      back.inverse == nil || back.inverse == relationship.name
    {
      return nil
    }
    return InverseMismatch(
      entity: entity.name, relationship: relationship.name, destination: destination.name,
      inverse: inverse, found: back, candidates: destination.relationships.map(\.name))
  }
}
