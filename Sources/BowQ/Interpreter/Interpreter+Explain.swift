import Foundation

extension Interpreter {
  /// How a statement would run, step by step, without running it: the steps of its plan,
  /// then what it does with the objects the plan finds.
  func explain(_ statement: Statement, _ bound: BoundStatement, now: Date) -> [String] {
    if let (plan, source) = plan(of: statement, bound) {
      return estimatedSteps(of: plan, over: source, now: now) + outcome(of: statement)
    }
    if case .set(let list) = statement.kind {
      // A Core Data store's rows still in their file are not in the graph: its selection
      // is what the fetch found there.
      let count =
        selection.map {
          coreDataFile == nil ? $0.ids.filter(context.graph.contains).count : $0.ids.count
        }
        ?? 0
      return ["take the current selection (\(Self.count(count, selection?.entity ?? "object")))"]
        + assignments(list)
    }
    return steps(of: statement)
  }

  /// What a statement without a plan does, in the words of its steps.
  private func steps(of statement: Statement) -> [String] {
    switch statement.kind {
    case .entity(let definition):
      return ["define the entity \(definition.name.text), migrating its objects if it exists"]
    case .importPlist(let path, let entity):
      return [
        "read \(Value.quoted(path)) as an array of dictionaries",
        "insert each as a \(entity.text) object (pending until save)",
      ]
    case .importModel(let path):
      return ["define every entity of the model \(Value.quoted(path))"]
    case .insert(let entity, let list):
      return ["insert 1 \(entity.text) object (pending until save)"] + assignments(list)
    case .save:
      return [
        "validate the pending changes as Core Data does at save",
        "write the whole graph to the store in one atomic replacement",
      ]
    case .rollback: return ["discard the pending changes"]
    case .changes: return ["list the pending changes"]
    case .undo: return ["put back what the last changing statement replaced"]
    case .redo: return ["apply again what undo put back"]
    case .validate: return ["validate the pending changes as save would, writing nothing"]
    case .why: return ["evaluate the predicate for each object, keeping each part's value"]
    case .show: return ["read each object's values for its card"]
    case .explain, .explainAnalyze: return ["explain the statement, running nothing"]
    case .fetch, .count, .set, .update, .delete, .export: return []
    }
  }

  /// The plan a fetch, count, update, delete, export or `show … where` runs, with the source
  /// it reads, its steps told in the words of `statement` (``PlanRequest/init(_:wording:)``).
  func plan(of statement: Statement, _ bound: BoundStatement) -> (QueryPlan, PlanSource)? {
    PlanRequest(bound, wording: statement).map(plan)
  }

  /// The lines of `plan`, each step followed by the objects or rows it is expected to give
  /// when its text does not already say: `filter rating > 3 (about 2,410 objects)`.
  private func estimatedSteps(of plan: QueryPlan, over source: PlanSource, now: Date) -> [String] {
    PlanRenderer().lines(
      of: plan, estimates: PlanEstimate(source: source, compiler: compiler(now)).rows(of: plan))
  }

  /// What a statement does after its plan: the lines `explain` adds.
  func outcome(of statement: Statement) -> [String] {
    switch statement.kind {
    case .fetch(let request) where request.select == nil:
      return ["select as the current selection"]
    case .update(_, _, let list): return assignments(list)
    case .delete: return ["delete, applying the delete rules (pending until save)"]
    case .export(let request): return ["write to \(Value.quoted(request.path))"]
    case .show: return ["draw each object as a card"]
    default: return []
    }
  }

  /// `explain analyze`: runs the plan of a fetch or count and shows each step with the rows
  /// it gave and the time it took, as PostgreSQL's EXPLAIN ANALYZE does. Nothing is shown of
  /// the result itself, and nothing changes.
  func analyze(_ statement: Statement, _ bound: BoundStatement, now: Date) throws -> [String] {
    guard let (plan, source) = plan(of: statement, bound),
      plan.output == .objects || plan.output == .rows
        || plan.output == .count
    else {
      throw EvaluationError(
        "explain analyze runs only fetch and count, which change nothing; "
          + "explain alone shows how this statement would run",
        at: statement.range)
    }
    let executor = PlanExecutor(source: source, compiler: compiler(now), stopwatch: stopwatch)
    let statistics = try executor.run(plan).1
    let estimates = PlanEstimate(source: source, compiler: compiler(now)).rows(of: plan)
    return PlanRenderer().analyzed(plan, estimates: estimates, statistics: statistics)
  }

  /// A duration in milliseconds with three decimals: `0.125 ms`.
  public static func milliseconds(_ nanoseconds: UInt64) -> String {
    PlanRenderer.milliseconds(nanoseconds)
  }

  private func assignments(_ list: [Assignment]) -> [String] {
    list.map { assignment in
      let value: String
      switch assignment.value {
      case .expression(let e): value = PredicateFormatter.format(e)
      case .objects(let entity, let predicate):
        value = "\(entity.text) where \(PredicateFormatter.format(predicate))"
      }
      return "set \(assignment.key.text) \(assignment.op.rawValue) \(value)"
    }
  }
}
