/// What a wrong try got wrong, found by comparing its statement with the step's answer, so
/// that the hint answers the mistake made instead of coming in a fixed order: another
/// statement or entity, a `where` missing or left over, OR for AND, a property the step
/// compares left out, another operator, a string option or a letter's case, a number
/// written as a string, another value, the sort, limit, offset or `select`, and, when the
/// statements say nothing, too many or too few objects.
///
/// A statement can differ from the answer and still pass (`NOT rating <= 3` for
/// `rating > 3`): this is asked only of a try that failed.
public enum StepMistake: Hashable, Sendable {
  /// Another statement: `fetch` where the step counts.
  case statement(wanted: String, found: String)
  /// Another entity.
  case entity(wanted: String, found: String)
  /// No `where` where the step keeps only some objects.
  case missingWhere
  /// A `where` where the step wants every object.
  case extraWhere
  /// `OR` where the step wants both conditions, or `AND` where either will do.
  case connective(wanted: String)
  /// The step compares `wanted`; the try compares `found` instead.
  case otherProperty(wanted: String, found: String)
  /// The step also compares `key`, which the try leaves out.
  case missingProperty(String)
  /// `key` qualified by another of ANY, ALL and NONE (or by none).
  case modifier(key: String, wanted: ComparisonModifier, found: ComparisonModifier)
  /// `key` compared with another operator.
  case comparisonOperator(key: String, wanted: ComparisonOperator, found: ComparisonOperator)
  /// `key` compared without (or with) the step's `[c]` or `[d]`.
  case options(key: String, wanted: StringOptions, found: StringOptions)
  /// A string that differs from the step's only in case.
  case letterCase(key: String, wanted: String, found: String)
  /// A number, Boolean or nil written in quotes, as a string.
  case quoted(key: String, wanted: String)
  /// A string written without quotes, which reads as a key path.
  case unquoted(key: String, wanted: String)
  /// The right comparison of `key`, with another value.
  case value(key: String)
  /// No `sort by` where the step orders the objects.
  case missingSort
  /// Sorted by another key.
  case sortKey(wanted: String, found: String)
  /// Sorted by the right key in the other direction.
  case sortDirection(key: String, descending: Bool)
  /// No `limit`, or another, where the step keeps `wanted` objects.
  case limit(wanted: Int, found: Int?)
  /// No `offset`, or another, where the step skips `wanted` objects.
  case offset(wanted: Int, found: Int?)
  /// Objects where the step wants values: no `select`.
  case missingSelect
  /// Another property set than the step's.
  case assignment(wanted: String, found: String)
  /// More objects (or a larger count) than the step's, the statements alike as far as
  /// these checks see.
  case tooMany
  /// Fewer objects (or a smaller count) than the step's.
  case tooFew

  /// The first mistake of `attempt` beside `answer`, in the order of the cases above; nil
  /// when the statements differ in nothing these checks see.
  ///
  /// - Parameter mismatch: how the try's result differed from the answer's, for
  ///   ``tooMany`` and ``tooFew``.
  public static func find(
    in attempt: Statement, answer: Statement, mismatch: StepMismatch? = nil
  ) -> StepMistake? {
    let (found, wanted) = (Shape(attempt), Shape(answer))
    // An update may be done as a fetch of the objects, then `set` on them.
    let throughSelection = wanted.verb == "update" && ["fetch", "set"].contains(found.verb)
    if found.verb != wanted.verb, !(wanted.verb == "count" && found.selects), !throughSelection {
      return .statement(wanted: wanted.verb, found: found.verb)
    }
    if let entity = wanted.entity, let other = found.entity, entity != other {
      return .entity(wanted: entity, found: other)
    }
    if found.verb != "set", let mistake = predicateMistake(found.predicate, wanted.predicate) {
      return mistake
    }
    if let mistake = fetchMistake(found.fetch, wanted.fetch) { return mistake }
    if let key = wanted.assigned.first(where: { !found.assigned.contains($0) }),
      let other = found.assigned.first(where: { !wanted.assigned.contains($0) })
    {
      return .assignment(wanted: key, found: other)
    }
    switch mismatch {
    case .objectCount(let found, let wanted)?, .count(let found, let wanted)?:
      return found > wanted ? .tooMany : .tooFew
    default: return nil
    }
  }

  /// What the learner is told about the mistake.
  public var hint: String {
    switch self {
    case .statement(let wanted, let found):
      return "The step asks for `\(wanted)`, not `\(found)`."
    case .entity(let wanted, let found):
      return "The step is about \(wanted) objects, not \(found): `… \(wanted) where …`."
    case .missingWhere:
      return "That takes every object: add `where` and a predicate to keep only the ones "
        + "the step wants."
    case .extraWhere:
      return "The step wants every object: leave out the `where`."
    case .connective(let wanted):
      return wanted == "AND"
        ? "Both conditions must hold: join them with AND, not OR."
        : "Either condition will do: join them with OR, not AND."
    case .otherProperty(let wanted, let found):
      return "The step is about \(wanted), not \(found): compare \(wanted)."
    case .missingProperty(let key):
      return "One condition is missing: the step also compares \(key) (join it with AND)."
    case .modifier(let key, let wanted, let found):
      let said = { (modifier: ComparisonModifier) in
        modifier == .direct ? "nothing" : modifier.rawValue
      }
      return "\(key) goes through a to-many: the step says \(said(wanted)) before it, "
        + "not \(said(found))."
    case .comparisonOperator(let key, let wanted, let found):
      return "\(key) is compared with \(found.rawValue); the step wants \(wanted.rawValue)."
        + Self.operatorNote(wanted, found)
    case .options(let key, let wanted, _):
      return wanted.isEmpty
        ? "Compare \(key) exactly, without an option in [ ]."
        : "Compare \(key) with [\(wanted.letters)] after the operator: "
          + Self.optionNote(wanted)
    case .letterCase(let key, let wanted, let found):
      return "\(Value.quoted(found)) is not \(Value.quoted(wanted)): strings compare case "
        + "exactly. Write \(key)'s value as the data has it, or add [c] to the operator."
    case .quoted(let key, let wanted):
      return "\(key) is not a string: write \(wanted) without quotes."
    case .unquoted(let key, let wanted):
      return "\(key) is compared with a string, written in quotes: \(wanted)."
    case .value(let key):
      return "The comparison of \(key) is the step's; check the value it is compared with."
    case .missingSort:
      return "The step wants the objects in an order: add `sort by` a key."
    case .sortKey(let wanted, let found):
      return "Sort by \(wanted), not \(found)."
    case .sortDirection(let key, let descending):
      return descending
        ? "`sort by \(key)` puts the lowest first; add `desc` for the highest first."
        : "`desc` puts the highest first; the step wants the lowest first: `sort by \(key)`."
    case .limit(let wanted, let found):
      return found.map { "`limit \($0)` keeps \($0); the step wants \(wanted)." }
        ?? "Keep only the first \(wanted) with `limit \(wanted)`."
    case .offset(let wanted, let found):
      return found.map { "`offset \($0)` skips \($0); the step skips \(wanted)." }
        ?? "Skip the first \(wanted) with `offset \(wanted)`."
    case .missingSelect:
      return "The step wants values, not objects: `select` what to return after the entity."
    case .assignment(let wanted, let found):
      return "The step changes \(wanted), not \(found)."
    case .tooMany:
      return "Your predicate lets through objects the step's leaves out: it is too wide."
    case .tooFew:
      return "Your predicate leaves out objects the step's keeps: it is too narrow."
    }
  }

  /// Why `found` is not `wanted`, where one includes the other's boundary.
  private static func operatorNote(_ wanted: ComparisonOperator, _ found: ComparisonOperator)
    -> String
  {
    switch (wanted, found) {
    case (.greater, .greaterOrEqual), (.less, .lessOrEqual):
      return " \(found.rawValue) also keeps the value itself."
    case (.greaterOrEqual, .greater), (.lessOrEqual, .less):
      return " \(found.rawValue) leaves out the value itself."
    default: return ""
    }
  }

  /// What the options `wanted` ignore.
  private static func optionNote(_ wanted: StringOptions) -> String {
    switch (wanted.contains(.caseInsensitive), wanted.contains(.diacriticInsensitive)) {
    case (true, true): return "it ignores case and accents."
    case (true, false): return "it ignores case."
    case (false, true): return "it ignores accents."
    case (false, false): return "it changes how strings compare."
    }
  }

  /// The first mistake in `found`'s predicate beside `wanted`'s.
  private static func predicateMistake(_ found: PredicateSyntax?, _ wanted: PredicateSyntax?)
    -> StepMistake?
  {
    switch (found, wanted) {
    case (nil, nil): return nil
    case (nil, _?): return .missingWhere
    case (_?, nil): return .extraWhere
    case (let found?, let wanted?):
      if let asked = connective(of: wanted), let tried = connective(of: found), asked != tried {
        return .connective(wanted: asked)
      }
      let (tried, asked) = (comparisons(in: found), comparisons(in: wanted))
      for comparison in asked {
        let key = PredicateFormatter.format(comparison.lhs)
        guard let match = tried.first(where: { $0.lhs == comparison.lhs }) else {
          let askedKeys = Set(asked.map(\.lhs))
          if let other = tried.first(where: { !askedKeys.contains($0.lhs) }) {
            return .otherProperty(wanted: key, found: PredicateFormatter.format(other.lhs))
          }
          return .missingProperty(key)
        }
        if let mistake = comparisonMistake(match, comparison, key: key) { return mistake }
      }
      return nil
    }
  }

  /// Whether the hint points at the mistake itself; when it only says where to look (a
  /// value, too many or too few objects), the step's own hint follows it.
  public var isPrecise: Bool {
    switch self {
    case .value, .tooMany, .tooFew: return false
    default: return true
    }
  }

  /// The first mistake of one comparison beside the step's of the same key path.
  private static func comparisonMistake(_ found: Comparison, _ wanted: Comparison, key: String)
    -> StepMistake?
  {
    if found.modifier != wanted.modifier {
      return .modifier(key: key, wanted: wanted.modifier, found: found.modifier)
    }
    if found.op != wanted.op {
      return .comparisonOperator(key: key, wanted: wanted.op, found: found.op)
    }
    if found.options != wanted.options {
      return .options(key: key, wanted: wanted.options, found: found.options)
    }
    guard found.rhs != wanted.rhs else { return nil }
    switch (found.rhs.kind, wanted.rhs.kind) {
    case (.constant(.string(let tried)), .constant(.string(let asked)))
    where tried.lowercased() == asked.lowercased():
      return .letterCase(key: key, wanted: asked, found: tried)
    case (.keyPath, .constant(.string)):
      return .unquoted(key: key, wanted: PredicateFormatter.format(wanted.rhs))
    case (.constant(.string), .constant(.int)), (.constant(.string), .constant(.double)),
      (.constant(.string), .constant(.bool)), (.constant(.string), .constant(.null)):
      return .quoted(key: key, wanted: PredicateFormatter.format(wanted.rhs))
    default:
      return .value(key: key)
    }
  }

  /// `AND` or `OR` for a predicate of several conditions; nil for any other.
  private static func connective(of predicate: PredicateSyntax) -> String? {
    switch predicate.kind {
    case .and(let operands) where operands.count > 1: return "AND"
    case .or(let operands) where operands.count > 1: return "OR"
    default: return nil
    }
  }

  /// The comparisons of a predicate whose left side is a key path, in order.
  private static func comparisons(in predicate: PredicateSyntax) -> [Comparison] {
    switch predicate.kind {
    case .constant, .customSelector: return []
    case .comparison(let comparison):
      guard case .keyPath = comparison.lhs.kind else { return [] }
      return [comparison]
    case .not(let inner): return comparisons(in: inner)
    case .and(let operands), .or(let operands): return operands.flatMap(comparisons)
    }
  }

  /// The first mistake in the fetch request `found` beside `wanted`.
  private static func fetchMistake(_ found: FetchRequest?, _ wanted: FetchRequest?)
    -> StepMistake?
  {
    guard let found, let wanted else { return nil }
    if wanted.select != nil, found.select == nil { return .missingSelect }
    if let asked = wanted.sort.first {
      guard let tried = found.sort.first else { return .missingSort }
      let key = PredicateFormatter.format(asked.key)
      if tried.key != asked.key {
        return .sortKey(wanted: key, found: PredicateFormatter.format(tried.key))
      }
      if tried.ascending != asked.ascending {
        return .sortDirection(key: key, descending: !asked.ascending)
      }
    }
    if let limit = wanted.limit, found.limit != limit {
      return .limit(wanted: limit, found: found.limit)
    }
    if let offset = wanted.offset, found.offset != offset {
      return .offset(wanted: offset, found: found.offset)
    }
    return nil
  }

  /// What of a statement the checks compare.
  private struct Shape {
    /// `fetch`, `count`, `update`, …
    var verb: String
    var entity: String?
    var predicate: PredicateSyntax?
    var fetch: FetchRequest?
    /// Whether it is a fetch with `select`, which a count step takes when it gives one number.
    var selects = false
    /// The properties it sets.
    var assigned: [String] = []

    init(_ statement: Statement) {
      switch statement.kind {
      case .fetch(let request):
        verb = "fetch"
        entity = request.entity.text
        predicate = request.predicate
        fetch = request
        selects = request.select != nil
      case .count(let name, let predicate):
        (verb, entity, self.predicate) = ("count", name.text, predicate)
      case .update(let name, let predicate, let assignments):
        (verb, entity, self.predicate) = ("update", name.text, predicate)
        assigned = assignments.map(\.key.text)
      case .delete(let name, let predicate):
        (verb, entity, self.predicate) = ("delete", name.text, predicate)
      case .insert(let name, let assignments):
        (verb, entity) = ("insert", name.text)
        assigned = assignments.map(\.key.text)
      case .set(let assignments):
        verb = "set"
        assigned = assignments.map(\.key.text)
      case .entity: verb = StatementKeyword.entity.word
      case .importPlist, .importModel: verb = StatementKeyword.import.word
      case .export: verb = StatementKeyword.export.word
      case .save: verb = StatementKeyword.save.word
      case .rollback: verb = StatementKeyword.rollback.word
      case .changes: verb = StatementKeyword.changes.word
      case .undo: verb = StatementKeyword.undo.word
      case .redo: verb = StatementKeyword.redo.word
      case .validate: verb = StatementKeyword.validate.word
      case .explain, .explainAnalyze: verb = StatementKeyword.explain.word
      case .why: verb = StatementKeyword.why.word
      case .show: verb = StatementKeyword.show.word
      }
    }
  }
}
