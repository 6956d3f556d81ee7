/// KVC's collection operators, as written after `@`.
enum CollectionOperator: String, Sendable, CaseIterable {
  case count
  case sum
  case avg
  case min
  case max
  case distinctUnionOfObjects
}

extension CollectionOperator {
  /// `@count`, `@sum`, `@avg`, `@min`, `@max`, `@distinctUnionOfObjects` over the elements
  /// of a collection. Empty collections give 0 for count, sum and avg, and nil for min and
  /// max.
  func apply(to elements: [Value], range: SourceRange) throws(EvaluationError) -> Value {
    if self == .count { return .int(Int64(elements.count)) }
    let present = elements.filter { !$0.isNull }
    switch self {
    case .distinctUnionOfObjects:
      var seen: Set<Value> = []
      return .collection(present.filter { seen.insert($0).inserted })
    case .min, .max:
      var best: Value?
      for element in present {
        guard let current = best else {
          best = element
          continue
        }
        let order = try ValueComparison.order(element, current, options: [], range: range)
        if order == (self == .min ? .orderedAscending : .orderedDescending) { best = element }
      }
      return best ?? .null
    default:
      var allIntegers = true
      var intTotal: Int64 = 0
      var total = 0.0
      for element in present {
        guard let x = element.numericValue else {
          throw EvaluationError(
            "@\(rawValue) needs numbers, found \(ValueType(of: element))", at: range)
        }
        total += x
        if case .int(let i) = element, allIntegers {
          let (sum, overflow) = intTotal.addingReportingOverflow(i)
          if overflow { allIntegers = false } else { intTotal = sum }
        } else {
          allIntegers = false
        }
      }
      if self == .sum { return allIntegers ? .int(intTotal) : .double(total) }
      return .double(present.isEmpty ? 0 : total / Double(present.count))
    }
  }
}

extension CollectionOperator {
  /// The operator applied to a value: a collection's elements, nil for nil (0 for `@count`),
  /// and an error for anything that is not a collection.
  func apply(toValue value: Value, range: SourceRange) throws(EvaluationError) -> Value {
    switch value {
    case .null: return self == .count ? .int(0) : .null
    case .collection(let elements): return try apply(to: elements, range: range)
    case let other:
      throw EvaluationError(
        "@\(rawValue) needs a collection, not \(ValueType(of: other))", at: range)
    }
  }
}
