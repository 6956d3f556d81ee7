/// The body of an `entity` statement.
public struct EntityDefinition: Hashable, Sendable {
  public var name: Name
  public var properties: [PropertyDefinition]
  /// `unique (a, b)`: compound uniqueness constraints.
  public var uniqueness: [[Name]]
  /// `check P else "message"`: rules across properties.
  public var rules: [RuleDefinition]

  public init(
    name: Name, properties: [PropertyDefinition], uniqueness: [[Name]] = [],
    rules: [RuleDefinition] = []
  ) {
    self.name = name
    self.properties = properties
    self.uniqueness = uniqueness
    self.rules = rules
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
