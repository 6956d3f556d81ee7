/// The static type of an expression, as far as the binder knows it.
public enum ValueType: Hashable, Sendable, CustomStringConvertible {
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
  /// An aggregate `{…}` or a collection-valued expression.
  case collection
  /// Not known before evaluation (a substitution variable, a function of one).
  case unknown

  public init(_ type: AttributeType) {
    switch type {
    case .string: self = .string
    case .int16, .int32, .int64: self = .integer
    case .double, .float: self = .double
    case .decimal: self = .decimal
    case .bool: self = .bool
    case .date: self = .date
    case .binary: self = .data
    case .uuid: self = .uuid
    case .uri: self = .uri
    case .transformable(let transformer): self = transformer == .color ? .color : .data
    }
  }

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
    case .object, .collection: self = .collection
    }
  }

  /// Numbers and Booleans compare by value with each other (`YES == 1`), as in Foundation.
  public var isNumeric: Bool {
    switch self {
    case .bool, .integer, .double, .decimal: return true
    default: return false
    }
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
    case .collection: return "a collection"
    case .unknown: return "a value"
    }
  }
}
