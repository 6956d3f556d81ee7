/// A fetch request: which objects, and — with `select` — which of their properties or
/// aggregates, as `NSFetchRequest` with dictionary results has them.
public struct FetchRequest: Hashable, Sendable {
  public var entity: Name
  /// `select …`: dictionary results of these expressions; nil fetches whole objects.
  public var select: [SelectItem]?
  /// `select distinct …`: drop duplicate result rows (`returnsDistinctResults`).
  public var distinct: Bool
  public var predicate: PredicateSyntax?
  /// `group by …` (`propertiesToGroupBy`).
  public var groupBy: [ExpressionSyntax]
  /// `having P`: a predicate over the grouped rows (`havingPredicate`).
  public var having: PredicateSyntax?
  public var sort: [SortKey]
  public var limit: Int?
  public var offset: Int?

  public init(
    entity: Name, select: [SelectItem]? = nil, distinct: Bool = false,
    predicate: PredicateSyntax? = nil, groupBy: [ExpressionSyntax] = [],
    having: PredicateSyntax? = nil,
    sort: [SortKey] = [], limit: Int? = nil, offset: Int? = nil
  ) {
    self.entity = entity
    self.select = select
    self.distinct = distinct
    self.predicate = predicate
    self.groupBy = groupBy
    self.having = having
    self.sort = sort
    self.limit = limit
    self.offset = offset
  }
}

/// One column of a `select`: an expression and the name its results go under.
public struct SelectItem: Hashable, Sendable {
  public var expression: ExpressionSyntax
  /// `as name`; nil names the column after the expression.
  public var alias: Name?

  public init(expression: ExpressionSyntax, alias: Name?) {
    self.expression = expression
    self.alias = alias
  }
}

/// `key [asc|desc] [comparison]`: a sort descriptor.
public struct SortKey: Hashable, Sendable {
  /// A key path (or a `select` column's name).
  public var key: ExpressionSyntax
  public var ascending: Bool
  public var comparison: SortComparison

  public init(key: ExpressionSyntax, ascending: Bool, comparison: SortComparison = .compare) {
    self.key = key
    self.ascending = ascending
    self.comparison = comparison
  }
}

/// How strings are ordered: the selectors Core Data's sort descriptors accept.
public enum SortComparison: String, Hashable, Sendable, CaseIterable {
  /// `compare:`, by UTF-16 code unit (`"Z" < "a"`).
  case compare
  /// `caseInsensitiveCompare:`.
  case caseInsensitive
  /// `localizedCompare:`.
  case localized
  /// `localizedCaseInsensitiveCompare:`.
  case localizedCaseInsensitive
  /// `localizedStandardCompare:`: as the Finder sorts, numbers by value (`"2" < "10"`).
  case localizedStandard
}
