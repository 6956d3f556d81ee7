/// One attribute of an entity: its type, optionality, default and validation rules.
///
/// Rules are checked at save (or by `validate`), never at edit time, as in Core Data.
public struct Attribute: Hashable, Sendable {
  public var name: String
  public var type: AttributeType
  /// `T?` in a definition. A required attribute that is nil fails save with 1570.
  public var isOptional: Bool
  /// Its default value and validation rules; each also reads and writes as a property of
  /// the attribute (``defaultValue``, ``minimum``, …).
  public var rules: AttributeRules
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
    self.rules = AttributeRules(
      defaultValue: defaultValue, minimum: minimum, maximum: maximum, minLength: minLength,
      maxLength: maxLength, pattern: pattern, isUnique: isUnique)
    self.allowsExternalStorage = allowsExternalStorage
  }

  /// Applied when an object is inserted without a value for this attribute.
  public var defaultValue: Value? {
    get { rules.defaultValue }
    set { rules.defaultValue = newValue }
  }
  /// Inclusive lower bound of a number (1620) or date (1640).
  public var minimum: Value? {
    get { rules.minimum }
    set { rules.minimum = newValue }
  }
  /// Inclusive upper bound of a number (1610) or date (1630).
  public var maximum: Value? {
    get { rules.maximum }
    set { rules.maximum = newValue }
  }
  /// Bounds on a string's length in characters (1670, 1660).
  public var minLength: Int? {
    get { rules.minLength }
    set { rules.minLength = newValue }
  }
  public var maxLength: Int? {
    get { rules.maxLength }
    set { rules.maxLength = newValue }
  }
  /// A regular expression the whole string must match (1680).
  public var pattern: String? {
    get { rules.pattern }
    set { rules.pattern = newValue }
  }
  /// No two objects of the entity may share this value (133021 at save).
  public var isUnique: Bool {
    get { rules.isUnique }
    set { rules.isUnique = newValue }
  }
}
