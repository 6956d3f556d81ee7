import Foundation

/// A built-in function being applied: its evaluated arguments, the statement's clock and
/// the call's place, with the readings of an argument that a function's implementation
/// needs and the errors that name the function when an argument does not fit.
struct FunctionCall {
  let function: BuiltinFunction
  let arguments: [Value]
  /// The statement's clock reading, which `now()` gives.
  let now: Date
  let range: SourceRange

  /// The argument at `position` as a number.
  func number(_ position: Int) throws(EvaluationError) -> Double {
    guard let x = arguments[position].numericValue else { throw mismatch(position) }
    return x
  }

  /// The argument at `position` as a string.
  func string(_ position: Int) throws(EvaluationError) -> String {
    guard case .string(let s) = arguments[position] else { throw mismatch(position) }
    return s
  }

  /// The elements of the collection at `position`.
  func collection(_ position: Int) throws(EvaluationError) -> [Value] {
    guard case .collection(let elements) = arguments[position] else { throw mismatch(position) }
    return elements
  }

  /// The argument at `position` as a whole number: an integer, a Boolean, or a real number
  /// without a fraction that fits.
  func integer(_ position: Int) throws(EvaluationError) -> Int64 {
    let value = arguments[position]
    guard let whole = Arithmetic.wholeNumber(value) else {
      throw EvaluationError(
        "\(function.name)() takes whole numbers, not \(value.literalText)", at: range)
    }
    return whole
  }

  /// An error of this call, with `message`.
  func failure(_ message: String) -> EvaluationError {
    EvaluationError(message, at: range)
  }

  /// The argument at `position` is not what the function takes.
  private func mismatch(_ position: Int) -> EvaluationError {
    failure(
      "\(function.name)() takes \(function.expectedArgument(position) ?? "a value"), "
        + "not \(ValueType(of: arguments[position]))")
  }
}
