import Foundation

/// The compiled form of an expression: reads the values it needs from an object's row.
typealias CompiledExpression = ([Value]) throws(EvaluationError) -> Value

/// Turns bound expressions into closures, specialised by kind so evaluation does no name
/// lookup and no dispatch on the syntax tree.
struct ExpressionCompiler {
  /// The statement's clock reading: `now()` gives the same instant for every object.
  var now: Date
  /// The graph key paths through relationships read from.
  var graph: ObjectGraph = ObjectGraph()

  func compile(_ e: BoundExpression) -> CompiledExpression {
    let range = e.range
    switch e.kind {
    case .constant(let value):
      return { _ in value }
    case .attribute(let index, _):
      return { row in row[index] }
    case .aggregate(let elements):
      let compiled = elements.map(compile)
      return { row throws(EvaluationError) in
        var values: [Value] = []
        values.reserveCapacity(compiled.count)
        for element in compiled { values.append(try element(row)) }
        return .collection(values)
      }
    case .negate(let operand):
      let value = compile(operand)
      return { row throws(EvaluationError) in try Arithmetic.negate(try value(row), range: range) }
    case .arithmetic(let op, let l, let r):
      let lhs = compile(l)
      let rhs = compile(r)
      return { row throws(EvaluationError) in
        try Arithmetic.apply(op, try lhs(row), try rhs(row), range: range)
      }
    case .function(let function, let arguments):
      let compiled = arguments.map(compile)
      let now = self.now
      return { row throws(EvaluationError) in
        var values: [Value] = []
        for argument in compiled { values.append(try argument(row)) }
        return try function.apply(values, now: now, range: range)
      }
    case .cast(let operand, let target):
      let value = compile(operand)
      return { row throws(EvaluationError) in try target.apply(try value(row), range: range) }
    case .collectionOperator(let op, let operand):
      let value = compile(operand)
      return { row throws(EvaluationError) in
        switch try value(row) {
        case .null: return op == .count ? .int(0) : .null
        case .collection(let elements): return try op.apply(to: elements, range: range)
        case let other:
          throw EvaluationError("@\(op.rawValue) needs a collection, not \(ValueType(of: other))", at: range)
        }
      }
    case .index(let base, let selector):
      let collection = compile(base)
      let index: CompiledExpression? = if case .at(let i) = selector { compile(i) } else { nil }
      return { row throws(EvaluationError) in
        guard case .collection(let elements) = try collection(row) else {
          throw EvaluationError("only a collection can be indexed", at: range)
        }
        switch selector {
        case .first: return elements.first ?? .null
        case .last: return elements.last ?? .null
        case .size: return .int(Int64(elements.count))
        case .at:
          guard case .int(let i) = try index!(row) else {
            throw EvaluationError("an index must be a whole number", at: range)
          }
          guard i >= 0, i < elements.count else {
            throw EvaluationError("index \(i) is out of range (the collection has \(elements.count) elements)", at: range)
          }
          return elements[Int(i)]
        }
      }
    }
  }
}

extension CastTarget {
  /// NSExpression's `castObject:toType:`: numbers to dates (seconds since 2001-01-01), ISO
  /// 8601 strings to dates, values to numbers and strings.
  func apply(_ value: Value, range: SourceRange) throws(EvaluationError) -> Value {
    if value.isNull { return .null }
    switch (self, value) {
    case (.date, .date): return value
    case (.date, .string(let s)):
      guard let date = ISO8601Dates.parse(s) else {
        throw EvaluationError(
          "\(Value.quoted(s)) is not an ISO 8601 date such as \"2024-01-31T12:00:00Z\"", at: range)
      }
      return .date(date)
    case (.date, _):
      guard let seconds = value.numericValue else { break }
      return .date(Date(timeIntervalSinceReferenceDate: seconds))
    case (.number, .date(let d)): return .double(d.timeIntervalSinceReferenceDate)
    case (.number, .string(let s)):
      if let i = Int64(s) { return .int(i) }
      if let d = Double(s) { return .double(d) }
      throw EvaluationError("\(Value.quoted(s)) is not a number", at: range)
    case (.number, _):
      if value.numericValue != nil { return value }
    case (.string, _):
      return .string(value.displayText)
    }
    throw EvaluationError("cannot CAST \(ValueType(of: value)) to \(rawValue)", at: range)
  }
}
