/// A statement of the bowq language, with the source range it was parsed from.
public struct Statement: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// `entity Name { attribute: Type modifiers…, … }`
    case entity(EntityDefinition)
    /// `import "file.plist" into Entity`
    case importPlist(path: String, entity: Name)
    /// `fetch Entity [where P] [sort by …] [limit N] [offset N]`
    case fetch(FetchRequest)
    /// `count Entity [where P]`
    case count(entity: Name, predicate: PredicateSyntax?)
    /// `set k = expr, …` on the current selection.
    case set([Assignment])
    /// `insert Entity k = expr, …`
    case insert(entity: Name, assignments: [Assignment])
    /// `update Entity [where P] set k = expr, …`
    case update(entity: Name, predicate: PredicateSyntax?, assignments: [Assignment])
    /// `delete Entity [where P]`
    case delete(entity: Name, predicate: PredicateSyntax?)
    case save
    case rollback
    case changes
    case undo
    case redo
    case validate
    /// `explain <statement>`: how a statement would run, without running it.
    indirect case explain(Statement)
  }

  public var kind: Kind
  public var range: SourceRange

  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public static func == (a: Statement, b: Statement) -> Bool { a.kind == b.kind }
  public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// A name as written, with where it was written (for did-you-mean errors).
public struct Name: Hashable, Sendable, CustomStringConvertible {
  public var text: String
  public var range: SourceRange

  public init(_ text: String, range: SourceRange) {
    self.text = text
    self.range = range
  }

  public static func == (a: Name, b: Name) -> Bool { a.text == b.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
  public var description: String { text }
}

public struct FetchRequest: Hashable, Sendable {
  public var entity: Name
  public var predicate: PredicateSyntax?
  public var sort: [SortKey]
  public var limit: Int?
  public var offset: Int?

  public init(
    entity: Name, predicate: PredicateSyntax? = nil, sort: [SortKey] = [], limit: Int? = nil,
    offset: Int? = nil
  ) {
    self.entity = entity
    self.predicate = predicate
    self.sort = sort
    self.limit = limit
    self.offset = offset
  }
}

public struct SortKey: Hashable, Sendable {
  public var key: Name
  public var ascending: Bool

  public init(key: Name, ascending: Bool) {
    self.key = key
    self.ascending = ascending
  }
}

/// `key = expression`.
public struct Assignment: Hashable, Sendable {
  public var key: Name
  public var value: ExpressionSyntax

  public init(key: Name, value: ExpressionSyntax) {
    self.key = key
    self.value = value
  }
}

/// The body of an `entity` statement.
public struct EntityDefinition: Hashable, Sendable {
  public var name: Name
  public var attributes: [AttributeDefinition]

  public init(name: Name, attributes: [AttributeDefinition]) {
    self.name = name
    self.attributes = attributes
  }
}

/// `name: Type[?] modifiers…` as written; the binder turns it into an ``Attribute``.
public struct AttributeDefinition: Hashable, Sendable {
  public var name: Name
  public var typeName: Name
  /// The transformer in `Transformable(Color)`.
  public var transformer: Name?
  public var isOptional: Bool
  public var modifiers: [AttributeModifier]

  public init(
    name: Name, typeName: Name, transformer: Name?, isOptional: Bool,
    modifiers: [AttributeModifier]
  ) {
    self.name = name
    self.typeName = typeName
    self.transformer = transformer
    self.isOptional = isOptional
    self.modifiers = modifiers
  }
}

/// A rule or property after an attribute's type.
public enum AttributeModifier: Hashable, Sendable {
  case defaultValue(ExpressionSyntax)
  case min(ExpressionSyntax)
  case max(ExpressionSyntax)
  case minLength(ExpressionSyntax)
  case maxLength(ExpressionSyntax)
  case matches(ExpressionSyntax)
  case unique
  case external
}
