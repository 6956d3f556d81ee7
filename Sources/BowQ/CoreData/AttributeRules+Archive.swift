extension AttributeRules {
  /// The rules of an archived attribute: its default, and what its `NSValidationPredicates`
  /// say that bowq's attribute rules can — as Xcode's model editor writes them, `SELF >= c`
  /// and `SELF <= c` bound a number or date, `length >= n` and `length <= n` a string's
  /// length, and `SELF MATCHES "re"` is a pattern, alone or joined by AND. Any other
  /// predicate (one an app added in code) is left out.
  init(
    defaultValue: Value?, validationPredicates: ArchivedValue?, of type: CoreDataAttributeType,
    resolve: (ArchivedValue?) -> ArchivedObject?
  ) {
    self.init(defaultValue: defaultValue)
    for predicate in validationPredicates?.elements ?? [] {
      read(resolve(predicate), of: type, resolve: resolve)
    }
  }

  /// `NSPredicateOperatorType`'s raw values of the comparisons rules are made of.
  private enum Operator: Int64 {
    case lessThanOrEqual = 1
    case greaterThanOrEqual = 3
    case matches = 6
  }

  /// Reads one archived predicate: an AND of others, or a comparison.
  private mutating func read(
    _ predicate: ArchivedObject?, of type: CoreDataAttributeType,
    resolve: (ArchivedValue?) -> ArchivedObject?
  ) {
    guard let predicate else { return }
    if predicate.classNames.contains("NSCompoundPredicate") {
      guard predicate["NSCompoundPredicateType"]?.integerValue == 1 else { return }
      for sub in predicate["NSSubpredicates"]?.elements ?? [] {
        read(resolve(sub), of: type, resolve: resolve)
      }
      return
    }
    guard predicate.classNames.contains("NSComparisonPredicate"),
      let operatorType = resolve(predicate["NSPredicateOperator"])?["NSOperatorType"]?
        .integerValue,
      let comparison = Operator(rawValue: operatorType),
      let left = resolve(predicate["NSLeftExpression"]),
      let constant = resolve(predicate["NSRightExpression"])?["NSConstantValue"]
    else { return }
    let isSelf = left["NSExpressionType"]?.integerValue == 1
    let isLength =
      left.classNames.contains("NSKeyPathExpression")
      && left["NSArguments"]?.elements?.count == 1
      && resolve(left["NSArguments"]?.elements?.first)?["NSKeyPath"]?.stringValue == "length"
    switch (comparison, isSelf, isLength) {
    case (.greaterThanOrEqual, true, _):
      minimum = CoreDataModel.typedValue(constant, of: type) ?? minimum
    case (.lessThanOrEqual, true, _):
      maximum = CoreDataModel.typedValue(constant, of: type) ?? maximum
    case (.greaterThanOrEqual, _, true):
      minLength = constant.integerValue.flatMap { Int(exactly: $0) } ?? minLength
    case (.lessThanOrEqual, _, true):
      maxLength = constant.integerValue.flatMap { Int(exactly: $0) } ?? maxLength
    case (.matches, true, _):
      pattern = constant.stringValue ?? pattern
    default:
      break
    }
  }
}
