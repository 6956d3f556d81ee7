/// How a step judges a statement: by its result, compared with the result of the step's
/// answer run on the same data — never by the statement's spelling, so
/// `fetch BowTie where rating > 3` and `fetch BowTie where NOT rating <= 3` both pass.
public enum StepCheck: Sendable {
  /// A fetch of the same objects as the answer's, in any order.
  case sameObjects
  /// A fetch of the same objects as the answer's, in the same order.
  case sameObjectsInOrder
  /// A count of the same number as the answer's (`count`, or a `select` of one value).
  case sameCount
  /// A `select` of the same rows of values as the answer's, whatever the columns are named.
  case sameValues
  /// Any statement after which each of these statements answers as it does after the
  /// answer: the data is left as the answer leaves it.
  case sameData(probes: [String])
  /// A `save` or `validate` refused with this validation error.
  case refused(ValidationError.Code)
  /// A `changes` listing the pending changes.
  case listsChanges

  /// Whether `attempt`, run on a context, passes, given `expected`, the answer's outcome
  /// on a copy of the same context. For ``sameData(probes:)``, `probe` runs a probe after
  /// the attempt and after the answer.
  func passes(
    _ attempt: Result<StatementResult, any Error>, expected: Result<StatementResult, any Error>,
    probe: (_ text: String, _ afterAnswer: Bool) -> [StatementResult]?
  ) -> Bool {
    switch self {
    case .refused(let code):
      guard case .failure(let error as SaveError) = attempt else { return false }
      return error.errors.contains { $0.code == code }
    case .sameData(let probes):
      return probes.allSatisfy { text in
        guard let after = probe(text, false) else { return false }
        return after == probe(text, true)
      }
    case .listsChanges:
      guard case .success(.changes) = attempt else { return false }
      return true
    case .sameObjects, .sameObjectsInOrder, .sameCount, .sameValues:
      guard case .success(let result) = attempt, case .success(let answer) = expected else {
        return false
      }
      return compares(result, answer)
    }
  }

  /// What a statement's result shows beside the answer's, for a check that compares
  /// results; nil when it failed, or when its shape says nothing.
  func mismatch(
    _ attempt: Result<StatementResult, any Error>, expected: Result<StatementResult, any Error>
  ) -> StepMismatch? {
    guard case .success(let result) = attempt, case .success(let answer) = expected else {
      return nil
    }
    let (found, wanted) = (StepMismatch.ResultKind(result), StepMismatch.ResultKind(answer))
    switch (self, result, answer) {
    case (.sameObjects, .objects(let a), .objects(let b)) where found == .objects,
      (.sameObjectsInOrder, .objects(let a), .objects(let b)) where found == .objects:
      if a.ids.count != b.ids.count { return .objectCount(found: a.ids.count, wanted: b.ids.count) }
      return Set(a.ids) == Set(b.ids) ? .order : .otherObjects
    case (.sameCount, _, _) where Self.count(of: result) != nil:
      guard let found = Self.count(of: result), let wanted = Self.count(of: answer),
        found != wanted
      else { return nil }
      return .count(found: found, wanted: wanted)
    case (.sameObjects, _, _), (.sameObjectsInOrder, _, _), (.sameCount, _, _),
      (.sameValues, _, _):
      return found == wanted ? nil : .kind(wanted: wanted, found: found)
    default: return nil
    }
  }

  /// Whether two results agree in what this check compares.
  private func compares(_ result: StatementResult, _ answer: StatementResult) -> Bool {
    switch (self, result, answer) {
    case (.sameObjects, .objects(let found), .objects(let wanted)):
      return found.entity == wanted.entity && found.ids.count == found.rows.count
        && found.ids.count == wanted.ids.count && Set(found.ids) == Set(wanted.ids)
    case (.sameObjectsInOrder, .objects(let found), .objects(let wanted)):
      return found.entity == wanted.entity && found.ids.count == found.rows.count
        && found.ids == wanted.ids
    case (.sameCount, _, .count(_, let wanted)):
      return Self.count(of: result) == wanted
    case (.sameValues, .objects(let found), .objects(let wanted)):
      return found.ids.isEmpty && Array(found.rows) == Array(wanted.rows)
    default:
      return false
    }
  }

  /// The number a result gives: a count, or the one value of a one-row `select`.
  private static func count(of result: StatementResult) -> Int? {
    switch result {
    case .count(_, let n): return n
    case .objects(let found) where found.ids.isEmpty && found.rows.count == 1:
      guard let row = found.rows.first, row.count == 1, case .int(let n) = row[0] else {
        return nil
      }
      return Int(exactly: n)
    default: return nil
    }
  }
}
