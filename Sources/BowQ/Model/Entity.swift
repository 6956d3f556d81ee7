/// An entity: a named kind of object with attributes, relationships, uniqueness
/// constraints and validation rules.
///
/// Every object of the entity is a row with one slot per attribute, in order, followed by
/// one slot per relationship: `.object(id)` or `.null` for a to-one, `.collection` of
/// `.object`s for a to-many.
///
/// A sub-entity (`entity SportCar : Car`) names its ``parent`` and holds its ancestors'
/// attributes first, then its own (and so for relationships), so an inherited attribute has
/// the same slot in the parent and in every sub-entity.
public struct Entity: Hashable, Sendable {
  public var name: String
  /// The entity this one inherits from, as Core Data's `superentity`.
  public var parent: String?
  /// An abstract entity has no objects of its own, only those of its sub-entities.
  public var isAbstract: Bool
  public private(set) var attributes: [Attribute]
  public private(set) var relationships: [Relationship]
  /// Groups of attributes whose values together must be unique (a single `unique`
  /// attribute is a group of one).
  public var uniquenessConstraints: [[String]]
  /// Rules across properties, checked at save (what Core Data apps write in
  /// `validateForInsert` / `validateForUpdate`).
  public var rules: [EntityRule]
  /// The indexes the entity declares (``allIndexes`` adds those `unique` implies).
  public var indexes: [IndexDefinition]
  /// The class of its objects in a Core Data app (`NSClassNameForEntity`), when the model
  /// names one: what `explain` types a fetch request with.
  public var className: String?
  private var slotByName: [String: Int]

  public init(
    name: String, attributes: [Attribute], relationships: [Relationship] = [],
    uniquenessConstraints: [[String]] = [], rules: [EntityRule] = [],
    indexes: [IndexDefinition] = [], parent: String? = nil, isAbstract: Bool = false
  ) {
    self.name = name
    self.parent = parent
    self.isAbstract = isAbstract
    self.attributes = attributes
    self.relationships = relationships
    self.uniquenessConstraints = uniquenessConstraints
    self.rules = rules
    self.indexes = indexes
    let names = attributes.map(\.name) + relationships.map(\.name)
    self.slotByName = Dictionary(
      names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The number of slots in a row: attributes, then relationships.
  public var slotCount: Int { attributes.count + relationships.count }

  /// The position of an attribute in the entity, which is also its slot in every row.
  public func index(ofAttribute name: String) -> Int? {
    slotByName[name].flatMap { $0 < attributes.count ? $0 : nil }
  }

  public func attribute(named name: String) -> Attribute? {
    index(ofAttribute: name).map { attributes[$0] }
  }

  /// The slot of a relationship in every row (after the attributes).
  public func slot(ofRelationship name: String) -> Int? {
    slotByName[name].flatMap { $0 >= attributes.count ? $0 : nil }
  }

  public func relationship(named name: String) -> Relationship? {
    slot(ofRelationship: name).map { relationships[$0 - attributes.count] }
  }

  /// Every property name, attributes first: for did-you-mean.
  public var propertyNames: [String] {
    attributes.map(\.name) + relationships.map(\.name)
  }

  /// The declared indexes, then a hash index for each `unique` attribute and constraint
  /// that no declared index already answers (one on the same attributes, or an ordered one
  /// they lead), named `unique(a, b)`.
  public var allIndexes: [IndexDefinition] {
    let groups = attributes.filter(\.isUnique).map { [$0.name] } + uniquenessConstraints
    var all = indexes
    for group in groups
    where !all.contains(where: {
      $0.attributes == group
        || ($0.kind == .ordered && Array($0.attributes.prefix(group.count)) == group)
    }) {
      all.append(
        IndexDefinition(
          name: "unique(\(group.joined(separator: ", ")))",
          elements: group.map { IndexDefinition.Element(attribute: $0) }, kind: .hash))
    }
    return all
  }

  /// The values a new object starts with: defaults, nil, and empty to-manys.
  public var newRow: [Value] {
    attributes.map { $0.defaultValue ?? .null }
      + relationships.map { $0.isToMany ? .collection([]) : .null }
  }
}

/// A validation rule of an entity: a predicate every changed object must satisfy, and
/// the message shown when it does not.
public struct EntityRule: Hashable, Sendable {
  /// The predicate in format-string form, evaluated against the object.
  public var predicate: String
  public var message: String

  public init(predicate: String, message: String) {
    self.predicate = predicate
    self.message = message
  }
}
