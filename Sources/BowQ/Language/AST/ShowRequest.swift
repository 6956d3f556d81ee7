/// `show [Entity/pN | Entity [where P]]`: which objects to show as cards.
public enum ShowRequest: Hashable, Sendable {
  /// `show` alone: every object of the current selection (the last fetch).
  case selection
  /// `show BowTie/p3`: one object.
  case object(ObjectReference)
  /// `show BowTie [where P]`: the objects of an entity (and its sub-entities) that match.
  case matching(entity: Name, predicate: PredicateSyntax?)
}
