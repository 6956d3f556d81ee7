/// What a model says of an attribute beyond its type: the value a new object gets and the
/// validation rules of Xcode's model editor (minimum and maximum values or lengths, a
/// regular expression, uniqueness), as bowq's ``Attribute`` holds them.
public struct CoreDataAttributeRules: Hashable, Sendable {
  /// `NSDefaultValue`.
  public var defaultValue: Value?
  /// Inclusive bounds of a number or date.
  public var minimum: Value?
  public var maximum: Value?
  /// Bounds of a string's length in characters.
  public var minLength: Int?
  public var maxLength: Int?
  /// A regular expression the whole string must match.
  public var pattern: String?
  /// A uniqueness constraint of this attribute alone.
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

  /// The rules of a bowq attribute.
  public init(of attribute: Attribute) {
    self.init(
      defaultValue: attribute.defaultValue, minimum: attribute.minimum,
      maximum: attribute.maximum, minLength: attribute.minLength, maxLength: attribute.maxLength,
      pattern: attribute.pattern, isUnique: attribute.isUnique)
  }

  /// `attribute` with these rules.
  func applied(to attribute: Attribute) -> Attribute {
    var ruled = attribute
    ruled.defaultValue = defaultValue
    ruled.minimum = minimum
    ruled.maximum = maximum
    ruled.minLength = minLength
    ruled.maxLength = maxLength
    ruled.pattern = pattern
    ruled.isUnique = isUnique
    return ruled
  }
}
