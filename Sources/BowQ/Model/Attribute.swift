/// One attribute of an entity: its type, optionality, default and validation rules.
///
/// Rules are checked at save (or by `validate`), never at edit time, as in Core Data.
public struct Attribute: Hashable, Sendable {
  public var name: String
  public var type: AttributeType
  /// `T?` in a definition. A required attribute that is nil fails save with 1570.
  public var isOptional: Bool
  /// Applied when an object is inserted without a value for this attribute.
  public var defaultValue: Value?
  /// Inclusive lower bound of a number (1620) or date (1640).
  public var minimum: Value?
  /// Inclusive upper bound of a number (1610) or date (1630).
  public var maximum: Value?
  /// Bounds on a string's length in characters (1670, 1660).
  public var minLength: Int?
  public var maxLength: Int?
  /// A regular expression the whole string must match (1680).
  public var pattern: String?
  /// No two objects of the entity may share this value (133021 at save).
  public var isUnique: Bool
  /// Binary values may be kept in files beside the store (Core Data's external storage).
  public var allowsExternalStorage: Bool

  public init(
    name: String, type: AttributeType, isOptional: Bool = false, defaultValue: Value? = nil,
    minimum: Value? = nil, maximum: Value? = nil, minLength: Int? = nil, maxLength: Int? = nil,
    pattern: String? = nil, isUnique: Bool = false, allowsExternalStorage: Bool = false
  ) {
    self.name = name
    self.type = type
    self.isOptional = isOptional
    self.defaultValue = defaultValue
    self.minimum = minimum
    self.maximum = maximum
    self.minLength = minLength
    self.maxLength = maxLength
    self.pattern = pattern
    self.isUnique = isUnique
    self.allowsExternalStorage = allowsExternalStorage
  }
}
