/// What a compiled expression reads from: the evaluated object's row and primary key, and
/// the values of the SUBQUERY variables in scope.
struct EvaluationScope {
  var row: [Value]
  var key: Int64
  var locals: [Value]

  /// The scope of constant folding, where no object is in sight.
  static let empty = EvaluationScope(row: [], key: 0, locals: [])
}
