import Foundation

/// A statistical operation over the elements of a collection — count, sum, average,
/// minimum, maximum, median, mode, standard deviation, distinct union — with the names it
/// goes by in each of the three spellings that apply one: a collection operator after `@`
/// (`ties.@avg.rating`), a built-in function (`average:(ratings)`, a row of
/// ``BuiltinFunction``), and an aggregate of `select … group by` (`avg(rating)` over the
/// objects of each group).
///
/// ``all`` is the one vocabulary of them, a row each. The spellings share
/// ``apply(to:range:)`` and keep only what has always been their own: a collection operator
/// gives ``ofNil`` for nil (``applyAsCollectionOperator(to:range:)``), a function gives nil
/// for nil, and a group leaves its nil values out (``applyToGroup(objectCount:values:range:)``).
struct AggregateOperation: Sendable {
  /// The operation's own name, unique among the rows: `avg`, `stddev`.
  let name: String
  /// Its collection operator, as written after `@` (`avg`); nil when it has none.
  let collectionOperator: String?
  /// Its built-in function's name (`average`); nil when it has none.
  let function: String?
  /// The names of its aggregate in a `select` (`avg`, `average`), matched without regard to
  /// case; none when it is no aggregate of a group.
  let groupNames: [String]
  /// Whether it reads its elements as numbers, so that a group aggregate refuses a key path
  /// of another type.
  let takesNumbers: Bool
  /// Whether its group aggregate may go without a key path, and then counts the objects of
  /// the group (`count()`).
  let countsObjectsWithoutKeyPath: Bool
  /// What its collection operator gives for nil in place of a collection.
  let ofNil: Value
  /// The type of its result over a value of type `collection`.
  let resultType: @Sendable (_ collection: ValueType) -> ValueType
  /// The operation over the elements of a collection.
  let implementation:
    @Sendable (_ elements: [Value], _ range: SourceRange) throws(EvaluationError) -> Value

  /// The operation over the elements of a collection, nil elements and all, as the
  /// collection operators and the functions apply it.
  func apply(to elements: [Value], range: SourceRange) throws(EvaluationError) -> Value {
    try implementation(elements, range)
  }

  /// The collection operator (`@avg`) applied to a value: to a collection's elements,
  /// ``ofNil`` for nil, and an error for anything that is not a collection.
  func applyAsCollectionOperator(to value: Value, range: SourceRange) throws(EvaluationError)
    -> Value
  {
    switch value {
    case .null: return ofNil
    case .collection(let elements): return try apply(to: elements, range: range)
    case let other:
      throw EvaluationError(
        "@\(collectionOperator ?? name) needs a collection, not \(ValueType(of: other))",
        at: range)
    }
  }

  /// The group aggregate (`avg(rating)` in `select … group by`) over the values a key path
  /// has for the objects of a group, its nils left out; without a key path (`count()`), the
  /// number of objects.
  func applyToGroup(objectCount: Int, values: [Value]?, range: SourceRange)
    throws(EvaluationError) -> Value
  {
    guard let values else { return .int(Int64(objectCount)) }
    return try apply(to: values.filter { !$0.isNull }, range: range)
  }
}

extension AggregateOperation: Equatable {
  /// Rows are equal when they are the same row: names are unique.
  static func == (a: AggregateOperation, b: AggregateOperation) -> Bool { a.name == b.name }
}

extension AggregateOperation {
  /// Every operation, in the order did-you-mean offers their names.
  static let all: [AggregateOperation] = [
    count, sum, avg, min, max, median, mode, stddev, distinctUnionOfObjects,
  ]

  private static let byCollectionOperator = Dictionary(
    all.compactMap { op in op.collectionOperator.map { ($0, op) } }, uniquingKeysWith: { a, _ in a }
  )

  private static let byGroupName = Dictionary(
    all.flatMap { op in op.groupNames.map { ($0.lowercased(), op) } },
    uniquingKeysWith: { a, _ in a })

  /// The operation of the collection operator written `@name`.
  init?(collectionOperator name: String) {
    guard let op = Self.byCollectionOperator[name] else { return nil }
    self = op
  }

  /// The operation a `select` aggregate names (`avg`, `AVERAGE`), whatever its case.
  init?(groupName name: String) {
    guard let op = Self.byGroupName[name.lowercased()] else { return nil }
    self = op
  }

  /// The names of the collection operators, for did-you-mean.
  static var collectionOperatorNames: [String] { all.compactMap(\.collectionOperator) }

  /// The number of elements, nil ones too.
  static let count = AggregateOperation(
    name: "count", collectionOperator: "count", function: "count", groupNames: ["count"],
    takesNumbers: false, countsObjectsWithoutKeyPath: true, ofNil: .int(0),
    resultType: { _ in .integer },
    implementation: { elements, _ in .int(Int64(elements.count)) })

  /// The total of the numbers: an integer when every one is an integer, a real number
  /// otherwise; 0 for none. An integer total that does not fit is an overflow error, as
  /// `+` reports it.
  static let sum = AggregateOperation(
    name: "sum", collectionOperator: "sum", function: "sum", groupNames: ["sum"],
    takesNumbers: true, countsObjectsWithoutKeyPath: false, ofNil: .null,
    resultType: { $0.elementType == .integer ? .integer : .double },
    implementation: { elements, range throws(EvaluationError) in
      let total = try Total(elements, collectionOperator: "sum", range: range)
      guard !total.overflowed else {
        throw EvaluationError("integer overflow in the sum of \(total.count) integers", at: range)
      }
      return total.integer.map(Value.int) ?? .double(total.real)
    })

  /// The mean of the numbers; 0 for none.
  static let avg = AggregateOperation(
    name: "avg", collectionOperator: "avg", function: "average", groupNames: ["avg", "average"],
    takesNumbers: true, countsObjectsWithoutKeyPath: false, ofNil: .null,
    resultType: { _ in .double },
    implementation: { elements, range throws(EvaluationError) in
      let total = try Total(elements, collectionOperator: "avg", range: range)
      return .double(total.count == 0 ? 0 : total.real / Double(total.count))
    })

  /// The least element, as comparisons order them; nil for none.
  static let min = AggregateOperation(
    name: "min", collectionOperator: "min", function: "min", groupNames: ["min"],
    takesNumbers: false, countsObjectsWithoutKeyPath: false, ofNil: .null,
    resultType: \.elementType,
    implementation: { elements, range throws(EvaluationError) in
      try extreme(of: elements, .orderedAscending, range: range)
    })

  /// The greatest element, as comparisons order them; nil for none.
  static let max = AggregateOperation(
    name: "max", collectionOperator: "max", function: "max", groupNames: ["max"],
    takesNumbers: false, countsObjectsWithoutKeyPath: false, ofNil: .null,
    resultType: \.elementType,
    implementation: { elements, range throws(EvaluationError) in
      try extreme(of: elements, .orderedDescending, range: range)
    })

  /// The middle number, or the mean of the middle two; nil for none.
  static let median = AggregateOperation(
    name: "median", collectionOperator: nil, function: "median", groupNames: ["median"],
    takesNumbers: true, countsObjectsWithoutKeyPath: false, ofNil: .null,
    resultType: { _ in .double },
    implementation: { elements, range throws(EvaluationError) in
      let sorted = try numbers(elements, function: "median", range: range).sorted()
      guard !sorted.isEmpty else { return .null }
      let middle = sorted.count / 2
      return .double(
        sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2)
    })

  /// The numbers that occur most often, in ascending order; none for none.
  static let mode = AggregateOperation(
    name: "mode", collectionOperator: nil, function: "mode", groupNames: [],
    takesNumbers: true, countsObjectsWithoutKeyPath: false, ofNil: .null,
    resultType: { .collection(of: $0.elementType) },
    implementation: { elements, range throws(EvaluationError) in
      var counts: [Double: Int] = [:]
      for x in try numbers(elements, function: "mode", range: range) { counts[x, default: 0] += 1 }
      let most = counts.values.max() ?? 0
      return .collection(counts.filter { $0.value == most }.keys.sorted().map { .double($0) })
    })

  /// The population standard deviation of the numbers; nil for none.
  static let stddev = AggregateOperation(
    name: "stddev", collectionOperator: nil, function: "stddev", groupNames: ["stddev"],
    takesNumbers: true, countsObjectsWithoutKeyPath: false, ofNil: .null,
    resultType: { _ in .double },
    implementation: { elements, range throws(EvaluationError) in
      let numbers = try numbers(elements, function: "stddev", range: range)
      guard !numbers.isEmpty else { return .null }
      let mean = numbers.reduce(0, +) / Double(numbers.count)
      let variance = numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(numbers.count)
      return .double(variance.squareRoot())
    })

  /// The elements without nils and repeats, in the order they first occur.
  static let distinctUnionOfObjects = AggregateOperation(
    name: "distinctUnionOfObjects", collectionOperator: "distinctUnionOfObjects", function: nil,
    groupNames: [], takesNumbers: false, countsObjectsWithoutKeyPath: false, ofNil: .null,
    resultType: { $0 },
    implementation: { elements, _ in
      var seen: Set<Value> = []
      return .collection(elements.filter { !$0.isNull && seen.insert($0).inserted })
    })

  /// The first of the non-nil elements that comes before every other in `order`.
  private static func extreme(
    of elements: [Value], _ order: ComparisonResult, range: SourceRange
  ) throws(EvaluationError) -> Value {
    var best: Value?
    for element in elements where !element.isNull {
      guard let current = best else {
        best = element
        continue
      }
      if try ValueComparison.order(element, current, options: [], range: range) == order {
        best = element
      }
    }
    return best ?? .null
  }

  /// The non-nil elements as numbers, for the operations that have no collection operator
  /// (whose messages name the function).
  private static func numbers(_ elements: [Value], function: String, range: SourceRange)
    throws(EvaluationError) -> [Double]
  {
    var numbers: [Double] = []
    for element in elements where !element.isNull {
      guard let x = element.numericValue else {
        throw EvaluationError(
          "\(function)() takes a collection, not \(ValueType(of: element))", at: range)
      }
      numbers.append(x)
    }
    return numbers
  }

  /// The sum of the non-nil elements, counted, as an integer and as a real number.
  private struct Total {
    /// How many numbers were added.
    var count = 0
    /// The integer total, while every number is an integer and the total fits.
    var integer: Int64? = 0
    /// Whether every number is an integer.
    var allIntegers = true

    /// Whether every number is an integer and their total does not fit in one.
    var overflowed: Bool { allIntegers && integer == nil }
    /// The total as a real number.
    var real = 0.0

    init(_ elements: [Value], collectionOperator: String, range: SourceRange)
      throws(EvaluationError)
    {
      for element in elements where !element.isNull {
        guard let x = element.numericValue else {
          throw EvaluationError(
            "@\(collectionOperator) needs numbers, found \(ValueType(of: element))", at: range)
        }
        count += 1
        real += x
        guard case .int(let i) = element else {
          allIntegers = false
          integer = nil
          continue
        }
        if let total = integer {
          let (sum, overflow) = total.addingReportingOverflow(i)
          integer = overflow ? nil : sum
        }
      }
    }
  }
}
