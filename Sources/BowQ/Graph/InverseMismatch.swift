/// A relationship whose inverse, as the model now stands, breaks Core Data's rule for a pair
/// of inverses (``InverseFault``): the destination has no relationship of that name, or that
/// relationship points elsewhere, names another inverse or none. A store cannot hold such a
/// model, so it is refused when an entity is defined, not at every later save.
public struct InverseMismatch: Error, Hashable, Sendable {
  /// The entity of the relationship that names the inverse.
  public let entity: String
  /// The relationship that names the inverse.
  public let relationship: String
  /// The destination entity, where the inverse should be.
  public let destination: String
  /// The name the relationship gives as its inverse.
  public let inverse: String
  /// How the inverse breaks the rule.
  public let fault: InverseFault
  /// The destination's relationships, for a did-you-mean.
  public let candidates: [String]

  /// The mismatch, naming both relationships.
  public var message: String {
    let side = "\(entity).\(relationship) names \(destination).\(inverse) as its inverse"
    switch fault {
    case .missing:
      return "\(side), but \(destination) has no relationship \"\(inverse)\"."
        + NameSuggestion.hint(for: inverse, among: candidates)
    case .oneSided:
      return "\(side), but \(destination).\(inverse) names no inverse: give it "
        + "`inverse \(relationship)` too, so that the two are each other's inverse"
    case .pointsElsewhere(let found), .namesAnother(let found):
      return "\(side), but \(destination).\(inverse) points to \(found.destination)"
        + (found.inverse.map { " with inverse \($0)" } ?? "")
    }
  }
}

extension Model {
  /// The first relationship whose inverse breaks Core Data's rule (``InverseFault``), among
  /// those of `entityName` and those that lead to it (or of every entity, for nil); nil
  /// when none does. A relationship whose destination is not defined yet is left for when
  /// it is.
  public func inverseMismatch(involving entityName: String? = nil) -> InverseMismatch? {
    for entity in entities {
      for relationship in entity.relationships
      where entityName == nil || entity.name == entityName
        || relationship.destination == entityName
      {
        guard let inverse = relationship.inverse,
          let fault = inverseFault(of: relationship, in: entity.name)
        else { continue }
        return InverseMismatch(
          entity: entity.name, relationship: relationship.name,
          destination: relationship.destination, inverse: inverse, fault: fault,
          candidates: self.entity(named: relationship.destination)?.relationships.map(\.name)
            ?? [])
      }
    }
    return nil
  }
}
