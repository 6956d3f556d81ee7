/// One failed validation rule, reported the way Core Data reports it: the object, the key,
/// the value, the rule, and Core Data's error code and name.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Core Data's validation error codes (CoreDataErrors.h).
  public enum Code: Int, Sendable, CaseIterable {
    case generic = 1550
    case missingMandatoryProperty = 1570
    case relationshipLacksMinimumCount = 1580
    case relationshipExceedsMaximumCount = 1590
    case deniedDelete = 1600
    case numberTooLarge = 1610
    case numberTooSmall = 1620
    case dateTooLate = 1630
    case dateTooSoon = 1640
    case stringTooLong = 1660
    case stringTooShort = 1670
    case stringPatternMatching = 1680
    case constraintMerge = 133021

    /// The constant's name, as Core Data's headers spell it.
    public var name: String {
      switch self {
      case .generic: return "NSManagedObjectValidationError"
      case .missingMandatoryProperty: return "NSValidationMissingMandatoryPropertyError"
      case .relationshipLacksMinimumCount: return "NSValidationRelationshipLacksMinimumCountError"
      case .relationshipExceedsMaximumCount:
        return "NSValidationRelationshipExceedsMaximumCountError"
      case .deniedDelete: return "NSValidationRelationshipDeniedDeleteError"
      case .numberTooLarge: return "NSValidationNumberTooLargeError"
      case .numberTooSmall: return "NSValidationNumberTooSmallError"
      case .dateTooLate: return "NSValidationDateTooLateError"
      case .dateTooSoon: return "NSValidationDateTooSoonError"
      case .stringTooLong: return "NSValidationStringTooLongError"
      case .stringTooShort: return "NSValidationStringTooShortError"
      case .stringPatternMatching: return "NSValidationStringPatternMatchingError"
      case .constraintMerge: return "NSManagedObjectConstraintMergeError"
      }
    }

    /// Core Data's own message for the code, for the property `key`.
    func message(_ key: String) -> String {
      switch self {
      case .generic: return "\(key) is not valid."
      case .missingMandatoryProperty: return "\(key) is a required value."
      case .relationshipLacksMinimumCount: return "Too few items in \(key)."
      case .relationshipExceedsMaximumCount: return "Too many items in \(key)."
      case .deniedDelete: return "Items cannot be deleted from \(key)."
      case .numberTooLarge: return "\(key) is too large."
      case .numberTooSmall: return "\(key) is too small."
      case .dateTooLate: return "\(key) is too late."
      case .dateTooSoon: return "\(key) is too soon."
      case .stringTooLong: return "\(key) is too long."
      case .stringTooShort: return "\(key) is too short."
      case .stringPatternMatching: return "\(key) is invalid."
      case .constraintMerge: return "\(key) must be unique."
      }
    }
  }

  public var code: Code
  public var object: ObjectID
  /// A few words naming the object for a person, such as its name attribute.
  public var objectLabel: String?
  public var key: String
  public var value: Value
  /// The rule that failed, e.g. `maximum 5`.
  public var rule: String
  /// The message of an entity rule, said in place of Core Data's generic one.
  public var customMessage: String?

  public init(
    code: Code, object: ObjectID, objectLabel: String?, key: String, value: Value, rule: String,
    customMessage: String? = nil
  ) {
    self.code = code
    self.object = object
    self.objectLabel = objectLabel
    self.key = key
    self.value = value
    self.rule = rule
    self.customMessage = customMessage
  }

  /// What went wrong, in Core Data's words (or the rule's own).
  public var message: String { customMessage ?? code.message(key) }

  public var description: String {
    let label = objectLabel.map { " " + Self.shortQuoted($0) } ?? ""
    return
      "\(object)\(label): \(message) (value \(Self.shortLiteral(value)), \(rule); Core Data error \(code.rawValue) \(code.name))"
  }

  /// The most characters of a string, and the most elements of a collection, a message
  /// shows of a value.
  static let shownCharacters = 100
  static let shownElements = 10

  /// `value` as a literal, cut short when it is long: a string to its first characters and
  /// a collection to its first elements, each saying how much is left out.
  static func shortLiteral(_ value: Value) -> String {
    switch value {
    case .string(let s):
      return shortQuoted(s)
    case .collection(let elements) where elements.count > shownElements:
      let shown = elements.prefix(shownElements).map(shortLiteral).joined(separator: ", ")
      return "{\(shown), … \(DigitGrouping.format(elements.count - shownElements)) more}"
    case .collection(let elements):
      return "{" + elements.map(shortLiteral).joined(separator: ", ") + "}"
    default:
      return value.literalText
    }
  }

  /// `s` quoted, or, when it is long, its first characters quoted and its length.
  static func shortQuoted(_ s: String) -> String {
    guard s.count > shownCharacters else { return Value.quoted(s) }
    return Value.quoted(String(s.prefix(shownCharacters)))
      + "… (\(DigitGrouping.format(s.count)) characters)"
  }
}

/// A save or validate that found errors: every one of them, as Core Data's 1560
/// (NSValidationMultipleErrorsError) carries them when there is more than one.
public struct SaveError: Error, Hashable, Sendable, CustomStringConvertible {
  public var errors: [ValidationError]

  public static let multipleErrorsCode = 1560

  /// The most errors ``description`` lists one by one; the rest are counted by code.
  public static let listedErrorLimit = 20

  /// Every error, up to ``listedErrorLimit``; past it, the rest are counted by code, so the
  /// text stays a few kilobytes however many objects failed.
  public var description: String {
    if errors.count == 1 { return errors[0].description }
    var lines = errors.prefix(Self.listedErrorLimit).map { "  " + $0.description }
    let rest = errors.dropFirst(Self.listedErrorLimit)
    if !rest.isEmpty {
      let counts = Dictionary(grouping: rest, by: \.code).mapValues(\.count)
      let byCode = counts.sorted { $0.key.rawValue < $1.key.rawValue }.map {
        "\(DigitGrouping.format($0.value)) × \($0.key.rawValue) \($0.key.name)"
      }
      lines.append(
        "  … and \(DigitGrouping.format(rest.count)) more: \(byCode.joined(separator: ", "))")
    }
    return
      "Multiple validation errors occurred (Core Data error \(SaveError.multipleErrorsCode) NSValidationMultipleErrorsError):\n"
      + lines.joined(separator: "\n")
  }
}
