/// The static type of an expression, as far as the binder knows it.
public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
  case null
  case bool
  case integer
  case double
  case decimal
  case string
  case date
  case data
  case uuid
  case uri
  case color
  /// One object of an entity (a to-one relationship, SELF, a SUBQUERY variable).
  case object(entity: String)
  /// An aggregate `{…}`, a to-many relationship or a key path through one.
  case collection(of: ValueType)
  /// Not known before evaluation (a substitution variable, a function of one).
  case unknown

  public init(of value: Value) {
    switch value {
    case .null: self = .null
    case .bool: self = .bool
    case .int: self = .integer
    case .double: self = .double
    case .decimal: self = .decimal
    case .string: self = .string
    case .date: self = .date
    case .data: self = .data
    case .uuid: self = .uuid
    case .uri: self = .uri
    case .color: self = .color
    case .object(let id): self = .object(entity: id.entity)
    case .collection(let elements):
      let types = Set(elements.map(ValueType.init(of:)))
      self = .collection(of: types.count == 1 ? types.first! : .unknown)
    }
  }

  /// Numbers and Booleans compare by value with each other (`YES == 1`), as in Foundation.
  public var isNumeric: Bool {
    switch self {
    case .bool, .integer, .double, .decimal: return true
    default: return false
    }
  }

  public var isCollection: Bool {
    if case .collection = self { return true }
    return false
  }

  /// What a comparison qualified by ANY, ALL or NONE compares: the elements' type.
  public var elementType: ValueType {
    if case .collection(let element) = self { return element }
    return .unknown
  }

  /// Whether a comparison with `other` can be decided before evaluation.
  func isComparable(with other: ValueType) -> Bool {
    if self == .unknown || other == .unknown || self == .null || other == .null { return true }
    if isNumeric && other.isNumeric { return true }
    return self == other
  }

  public var description: String {
    switch self {
    case .null: return "nil"
    case .bool: return "a Boolean"
    case .integer: return "an integer"
    case .double: return "a number"
    case .decimal: return "a decimal"
    case .string: return "a string"
    case .date: return "a date"
    case .data: return "binary data"
    case .uuid: return "a UUID"
    case .uri: return "a URI"
    case .color: return "a color"
    case .object(let entity): return "a \(entity) object"
    case .collection(.object(let entity)): return "a set of \(entity) objects"
    case .collection: return "a collection"
    case .unknown: return "a value"
    }
  }
}
