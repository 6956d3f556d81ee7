/// An index of an entity, as a model declares it: `index searchKey`, `index byRatingName
/// (rating, name desc) using hash`, an Xcode model's `fetchIndex`, or the one a `unique`
/// attribute or constraint implies.
///
/// An index changes no answer, only how fast one is found: an ordered index (a B-tree in
/// SQLite and Core Data) answers equality, `IN`, ranges, `BEGINSWITH` and `sort by … limit`;
/// a hash index answers equality and `IN` alone. A compound index is searched by its first
/// attribute.
public struct IndexDefinition: Hashable, Sendable {
  /// How the index keeps its entries.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Entries sorted by value, nils apart.
    case ordered
    /// Entries grouped by value.
    case hash
  }

  /// One attribute of the index with its order (Core Data's `fetchIndexElement`).
  public struct Element: Hashable, Sendable {
    public var attribute: String
    public var ascending: Bool

    public init(attribute: String, ascending: Bool = true) {
      self.attribute = attribute
      self.ascending = ascending
    }
  }

  public var name: String
  public var elements: [Element]
  public var kind: Kind

  public init(name: String, elements: [Element], kind: Kind = .ordered) {
    self.name = name
    self.elements = elements
    self.kind = kind
  }

  /// `index name` on the attribute of the same name.
  public init(on attribute: String, kind: Kind = .ordered) {
    self.init(name: attribute, elements: [Element(attribute: attribute)], kind: kind)
  }

  /// The attribute names, in index order.
  public var attributes: [String] { elements.map(\.attribute) }
}
