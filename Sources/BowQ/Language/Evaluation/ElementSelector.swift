/// What a subscript takes from a collection's elements: `[FIRST]`, `[LAST]`, `[SIZE]` or
/// `[i]` with the index's value.
enum ElementSelector: Sendable {
  case first
  case last
  case size
  case at(Value)

  /// The selected element of a collection: nil for FIRST and LAST of an empty one, the
  /// count for SIZE, and an error for a value that is not a collection or an index that is
  /// not a whole number or is out of range.
  func select(from collection: Value, range: SourceRange) throws(EvaluationError) -> Value {
    guard case .collection(let elements) = collection else {
      throw EvaluationError("only a collection can be indexed", at: range)
    }
    switch self {
    case .first: return elements.first ?? .null
    case .last: return elements.last ?? .null
    case .size: return .int(Int64(elements.count))
    case .at(let index):
      guard case .int(let i) = index else {
        throw EvaluationError("an index must be a whole number", at: range)
      }
      guard i >= 0, i < elements.count else {
        throw EvaluationError(
          "index \(i) is out of range (the collection has \(elements.count) elements)", at: range)
      }
      return elements[Int(i)]
    }
  }
}
