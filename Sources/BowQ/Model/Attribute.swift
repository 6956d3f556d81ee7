/// One attribute of an entity: its type, optionality, default and validation rules.
///
/// Rules are checked at save (or by `validate`), never at edit time, as in Core Data.
@dynamicMemberLookup
public struct Attribute: Hashable, Sendable {
  public var name: String
  public var type: AttributeType
  /// `T?` in a definition. A required attribute that is nil fails save with 1570.
  public var isOptional: Bool
  /// Its default value and validation rules; each also reads and writes as a property of
  /// the attribute (``subscript(dynamicMember:)``: `attribute.minimum`, …).
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

  /// A rule of ``rules`` read and written as a property of the attribute:
  /// `attribute.minimum` is `attribute.rules.minimum`, and so for ``AttributeRules``'s
  /// ``AttributeRules/defaultValue``, ``AttributeRules/maximum``, ``AttributeRules/pattern``
  /// and the others.
  public subscript<Rule>(dynamicMember rule: WritableKeyPath<AttributeRules, Rule>) -> Rule {
    get { rules[keyPath: rule] }
    set { rules[keyPath: rule] = newValue }
  }
}
