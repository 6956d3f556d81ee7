/// Which objects to fetch or count, in `NSFetchRequest`'s shape: an entity, a predicate, sort
/// descriptors, a limit and an offset, and — for dictionary results — the properties to
/// fetch.
///
/// ```swift
/// var request = ObjectFetchRequest(entityName: "BowTie")
/// request.predicate = try FormatPredicate(format: "rating >= %d", 4)
/// request.sortDescriptors = [ObjectSortDescriptor(key: "name")]
/// request.fetchLimit = 3
/// ```
///
/// As in Core Data, a fetch includes the objects of the entity's sub-entities unless
/// ``includesSubentities`` is false.
public struct ObjectFetchRequest: Hashable, Sendable {
  /// The entity whose objects are fetched.
  public var entityName: String
  /// The objects to fetch; nil fetches every one.
  public var predicate: FormatPredicate?
  /// The order, most significant first; objects that compare equal keep the store's order.
  public var sortDescriptors: [ObjectSortDescriptor]
  /// The most objects fetched; nil (as Core Data's 0) for no limit.
  public var fetchLimit: Int?
  /// How many objects (in order) to skip first.
  public var fetchOffset: Int
  /// Key paths or expressions (`"name"`, `"owner.name"`, `"ties.@count"`) whose values
  /// ``ObjectContext/fetchDictionaries(_:)`` returns, one dictionary per object; nil for
  /// every attribute and relationship.
  public var propertiesToFetch: [String]?
  /// Whether the objects of the entity's sub-entities are fetched too (Core Data's default);
  /// false fetches the entity's own objects alone.
  public var includesSubentities: Bool

  /// A request for every object of `entityName`.
  public init(
    entityName: String, predicate: FormatPredicate? = nil,
    sortDescriptors: [ObjectSortDescriptor] = [], fetchLimit: Int? = nil, fetchOffset: Int = 0,
    propertiesToFetch: [String]? = nil, includesSubentities: Bool = true
  ) {
    self.entityName = entityName
    self.predicate = predicate
    self.sortDescriptors = sortDescriptors
    self.fetchLimit = fetchLimit
    self.fetchOffset = fetchOffset
    self.propertiesToFetch = propertiesToFetch
    self.includesSubentities = includesSubentities
  }

  /// The request as the `fetch` statement it stands for.
  ///
  /// - Throws: ``LanguageError`` for a sort key or property that is not a key path or
  ///   expression.
  func statement() throws(LanguageError) -> Statement {
    var select: [SelectItem]?
    if let properties = propertiesToFetch {
      select = []
      for property in properties {
        select?.append(SelectItem(expression: try Parser.parseExpression(property), alias: nil))
      }
    }
    var sort: [SortKey] = []
    for descriptor in sortDescriptors {
      sort.append(
        SortKey(
          key: try Parser.parseExpression(descriptor.key), ascending: descriptor.ascending,
          comparison: descriptor.comparison))
    }
    let request = FetchRequest(
      entity: Name(entityName, range: .nowhere), select: select, predicate: predicate?.syntax,
      sort: sort, limit: fetchLimit, offset: fetchOffset == 0 ? nil : fetchOffset)
    return Statement(.fetch(request), range: .nowhere)
  }
}

/// One key of a fetch's order, as `NSSortDescriptor(key:ascending:selector:)` gives it.
public struct ObjectSortDescriptor: Hashable, Sendable {
  /// A key path (`"rating"`, `"owner.name"`).
  public var key: String
  public var ascending: Bool
  /// How strings compare: `compare:` by default, or one of the other selectors Core Data's
  /// sort descriptors accept.
  public var comparison: SortComparison

  public init(key: String, ascending: Bool = true, comparison: SortComparison = .compare) {
    self.key = key
    self.ascending = ascending
    self.comparison = comparison
  }
}
