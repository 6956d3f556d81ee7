import Foundation

/// An entity rule made ready to check objects: its predicate parsed, bound against the
/// model and compiled once for a whole validation, not once per object.
struct CompiledRule {
  /// What checking one object against a rule found.
  enum Outcome: Equatable {
    case holds
    case fails
    /// The rule could not be decided for the object: it does not parse or bind, or its
    /// evaluation failed (a regular expression that gave up, an overflow). The reason
    /// says which.
    case undecided(String)
  }

  let rule: EntityRule
  private let test: Result<CompiledPredicate, LanguageError>

  /// Compiles `rule` of `entity`, evaluated over `graph` with `now` as the clock reading.
  init(_ rule: EntityRule, of entity: Entity, in graph: ObjectGraph, now: Date) {
    self.rule = rule
    test = Result { () throws(LanguageError) in
      let bound = try Self.bind(rule, of: entity, in: graph.model, now: now)
      return PredicateCompiler(expressions: ExpressionCompiler(now: now, graph: graph))
        .compile(bound)
    }
  }

  /// The rule's predicate parsed and bound against `entity` of `model`: what a rule must
  /// pass to be a rule at all, wherever it comes from.
  static func bind(_ rule: EntityRule, of entity: Entity, in model: Model, now: Date)
    throws(LanguageError) -> BoundPredicate
  {
    let predicate = try Parser.parsePredicate(rule.predicate)
    return try Binder(model: model, variables: [:], now: now).bind(predicate, on: entity)
  }

  /// Whether the object `scope` evaluates satisfies the rule.
  func outcome(in scope: EvaluationScope) -> Outcome {
    switch test {
    case .failure(let error):
      return .undecided("its predicate is not valid: \(error.message)")
    case .success(let test):
      do {
        return try test(scope) ? .holds : .fails
      } catch {
        return .undecided(error.message)
      }
    }
  }
}
