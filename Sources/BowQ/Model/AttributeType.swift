/// The type of an attribute, named as in bowq's `entity` definitions.
///
/// Each maps to a Core Data `NSAttributeType` (see ``coreDataName``).
public enum AttributeType: Hashable, Sendable {
  case string
  case int16
  case int32
  case int64
  case decimal
  case double
  case float
  case bool
  case date
  case binary
  case uuid
  case uri
  /// A value stored through a named value transformer; bowq has `Color` built in.
  case transformable(ValueTransformerName)

  /// The names accepted in an `entity` definition, except `Transformable(…)`.
  public static let simpleTypes: [String: AttributeType] = [
    "String": .string, "Int16": .int16, "Int32": .int32, "Int64": .int64,
    "Decimal": .decimal, "Double": .double, "Float": .float, "Bool": .bool,
    "Date": .date, "Binary": .binary, "UUID": .uuid, "URI": .uri,
  ]

  /// The name as written in an `entity` definition.
  public var name: String {
    switch self {
    case .string: return "String"
    case .int16: return "Int16"
    case .int32: return "Int32"
    case .int64: return "Int64"
    case .decimal: return "Decimal"
    case .double: return "Double"
    case .float: return "Float"
    case .bool: return "Bool"
    case .date: return "Date"
    case .binary: return "Binary"
    case .uuid: return "UUID"
    case .uri: return "URI"
    case .transformable(let t): return "Transformable(\(t.rawValue))"
    }
  }

  /// The label Core Data's model editor uses.
  public var coreDataName: String {
    switch self {
    case .int16: return "Integer 16"
    case .int32: return "Integer 32"
    case .int64: return "Integer 64"
    case .bool: return "Boolean"
    case .binary: return "Binary Data"
    case .transformable: return "Transformable"
    default: return name
    }
  }

  /// The range an integer type can hold; out of range is an error, never a wrap.
  public var integerRange: ClosedRange<Int64>? {
    switch self {
    case .int16: return Int64(Int16.min)...Int64(Int16.max)
    case .int32: return Int64(Int32.min)...Int64(Int32.max)
    case .int64: return Int64.min...Int64.max
    default: return nil
    }
  }

  public var isInteger: Bool { integerRange != nil }

  /// Integers, floating point and Decimal: the types `min`/`max` bound by value.
  public var isNumeric: Bool {
    switch self {
    case .int16, .int32, .int64, .decimal, .double, .float: return true
    default: return false
    }
  }
}

/// The name of a value transformer for a `Transformable` attribute.
///
/// bowq knows `Color` (the BowTies sample's `ColorAttributeTransformer`: red, green and
/// blue). Any other name (`NSSecureUnarchiveFromData`, an app's own transformer) is kept,
/// and its values are stored as the opaque binary data Core Data would persist.
public struct ValueTransformerName: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  /// Any non-empty name.
  public init?(rawValue: String) {
    guard !rawValue.isEmpty else { return nil }
    self.rawValue = rawValue
  }

  public static let color = ValueTransformerName(rawValue: "Color")!

  /// The transformers whose values bowq understands.
  public static let allCases: [ValueTransformerName] = [.color]

  /// Whether bowq understands the values (otherwise they are opaque binary data).
  public var isBuiltIn: Bool { Self.allCases.contains(self) }
}

extension ValueType {
  /// The type of the values an attribute of `type` holds.
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
}
