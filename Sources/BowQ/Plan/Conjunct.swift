/// One conjunct of a predicate's AND, with its syntax when the syntax has the same shape.
///
/// It is the one rule by which a plan takes a predicate apart: nested ANDs are flattened, and
/// any conjunct may be answered by an index search or an external source wherever it
/// stands, the others being checked on the objects found.
struct Conjunct: Sendable {
  var predicate: BoundPredicate
  var syntax: PredicateSyntax?

  /// The conjuncts of `predicate` (nested ANDs flattened), each with its syntax when
  /// `syntax` has the same shape.
  static func split(_ predicate: BoundPredicate, _ syntax: PredicateSyntax?) -> [Conjunct] {
    guard case .and(let parts) = predicate else {
      return [Conjunct(predicate: predicate, syntax: syntax)]
    }
    var syntaxes: [PredicateSyntax?] = parts.map { _ in nil }
    if let syntax, case .and(let written) = syntax.kind, written.count == parts.count {
      syntaxes = written
    }
    return zip(parts, syntaxes).flatMap { split($0, $1) }
  }

  /// The AND of `conjuncts` as one predicate, with its syntax when each has one; nil for
  /// none.
  static func and(_ conjuncts: [Conjunct]) -> (predicate: BoundPredicate?, syntax: PredicateSyntax?)
  {
    guard let first = conjuncts.first else { return (nil, nil) }
    if conjuncts.count == 1 { return (first.predicate, first.syntax) }
    let syntaxes = conjuncts.compactMap(\.syntax)
    let syntax =
      syntaxes.count == conjuncts.count
      ? PredicateSyntax(.and(syntaxes), range: syntaxes[0].range) : nil
    return (.and(conjuncts.map(\.predicate)), syntax)
  }
}
