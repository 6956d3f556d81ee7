/// The body of an `entity` statement.
public struct EntityDefinition: Hashable, Sendable {
  public var name: Name
  /// `entity SportCar : Car`: the entity it inherits from.
  public var parent: Name?
  /// `abstract entity Writer`: an entity with no objects of its own.
  public var isAbstract: Bool
  public var properties: [PropertyDefinition]
  /// `unique (a, b)`: compound uniqueness constraints.
  public var uniqueness: [[Name]]
  /// `check P else "message"`: rules across properties.
  public var rules: [RuleDefinition]
  /// `index name (a, b desc) using hash`: declared indexes.
  public var indexes: [IndexDeclaration]

  public init(
    name: Name, properties: [PropertyDefinition], uniqueness: [[Name]] = [],
    rules: [RuleDefinition] = [], indexes: [IndexDeclaration] = [], parent: Name? = nil,
    isAbstract: Bool = false
  ) {
    self.name = name
    self.parent = parent
    self.isAbstract = isAbstract
    self.properties = properties
    self.uniqueness = uniqueness
    self.rules = rules
    self.indexes = indexes
  }
}

/// `index name`, or `index name (attribute [asc|desc], …)`, then optionally `using hash` or
/// `using ordered`, as written; the binder makes it an ``IndexDefinition``.
public struct IndexDeclaration: Hashable, Sendable {
  public var name: Name
  /// The attributes with their order; empty when the index is on the attribute `name`.
  public var elements: [Element]
  /// The word after `using`, when there is one.
  public var kind: Name?

  /// `attribute [asc|desc]`.
  public struct Element: Hashable, Sendable {
    public var attribute: Name
    public var ascending: Bool

    public init(attribute: Name, ascending: Bool = true) {
      self.attribute = attribute
      self.ascending = ascending
    }
  }

  public init(name: Name, elements: [Element] = [], kind: Name? = nil) {
    self.name = name
    self.elements = elements
    self.kind = kind
  }
}

/// `name: Type[?] modifiers…` or `name: [Entity] modifiers…` as written; the binder makes
/// it an ``Attribute`` or a ``Relationship``.
public struct PropertyDefinition: Hashable, Sendable {
  public var name: Name
  /// An attribute type or, for a relationship, the destination entity.
  public var typeName: Name
  /// The transformer in `Transformable(Color)`.
  public var transformer: Name?
  /// `[Entity]`: a to-many relationship.
  public var isToMany: Bool
  public var isOptional: Bool
  public var modifiers: [PropertyModifier]

  public init(
    name: Name, typeName: Name, transformer: Name? = nil, isToMany: Bool = false, isOptional: Bool,
    modifiers: [PropertyModifier]
  ) {
    self.name = name
    self.typeName = typeName
    self.transformer = transformer
    self.isToMany = isToMany
    self.isOptional = isOptional
    self.modifiers = modifiers
  }
}

/// A rule or property after a property's type.
public enum PropertyModifier: Hashable, Sendable {
  case defaultValue(ExpressionSyntax)
  /// A bound: on numbers and dates their value, on to-many relationships their count.
  case min(ExpressionSyntax)
  case max(ExpressionSyntax)
  case minLength(ExpressionSyntax)
  case maxLength(ExpressionSyntax)
  case matches(ExpressionSyntax)
  case unique
  case external
  /// `inverse name`: the destination's relationship back.
  case inverse(Name)
  /// `delete nullify|cascade|deny|noAction`.
  case deleteRule(Name)
  /// `ordered`: a to-many that keeps its objects in the order they were added.
  case ordered
  /// `renamed from old`: the attribute's earlier name, to carry its values over.
  case renamedFrom(Name)
}

/// `check P else "message"`.
public struct RuleDefinition: Hashable, Sendable {
  public var predicate: PredicateSyntax
  public var message: String

  public init(predicate: PredicateSyntax, message: String) {
    self.predicate = predicate
    self.message = message
  }
}
