/// What `why` found for one object: the predicate, whether the object was expected to
/// match it (`why` or `why not`), and the predicate's tree with each node's value.
public struct WhyExplanation: Hashable, Sendable {
  public var object: ObjectID
  /// The predicate in canonical form.
  public var predicate: String
  /// True for `why`, false for `why not`.
  public var expectsMatch: Bool
  public var tree: WhyNode

  public init(object: ObjectID, predicate: String, expectsMatch: Bool, tree: WhyNode) {
    self.object = object
    self.predicate = predicate
    self.expectsMatch = expectsMatch
    self.tree = tree
  }

  /// Whether the object satisfies the predicate; nil when evaluating it failed.
  public var matches: Bool? {
    if case .value(let result) = tree.outcome { return result }
    return nil
  }
}
