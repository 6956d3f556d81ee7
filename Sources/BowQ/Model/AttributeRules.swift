/// What a model says of an attribute beyond its type and optionality: the value a new object
/// gets and the validation rules of Xcode's model editor (minimum and maximum values or
/// lengths, a regular expression, uniqueness). One value for bowq's ``Attribute`` and the
/// attributes of Core Data models alike.
///
/// Rules are checked at save (or by `validate`), never at edit time, as in Core Data.
public struct AttributeRules: Hashable, Sendable {
  /// Applied when an object is inserted without a value for the attribute (`NSDefaultValue`).
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
  /// No two objects of the entity may share this value (133021 at save): a uniqueness
  /// constraint of this attribute alone.
  public var isUnique: Bool

  public init(
    defaultValue: Value? = nil, minimum: Value? = nil, maximum: Value? = nil,
    minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, isUnique: Bool = false
  ) {
    self.defaultValue = defaultValue
    self.minimum = minimum
    self.maximum = maximum
    self.minLength = minLength
    self.maxLength = maxLength
    self.pattern = pattern
    self.isUnique = isUnique
  }
}
