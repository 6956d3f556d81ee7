extension Binder {
  /// A statement as it runs: each `TERNARY` the binder folds to the branch its condition
  /// takes (`TERNARY(1 == 1, rating, timesWorn) > 3` runs as `rating > 3`) is that branch,
  /// and everything else is as written. `explain` prints its plan's steps and the
  /// `#Predicate` from this syntax, so that what it shows is what runs. `selection` is the
  /// entity of the current selection, which `set` assigns to, as in ``bind(_:selection:)``.
  func folded(_ statement: Statement, selection: Entity?) -> Statement {
    func entity(_ name: Name) -> Entity? { model.entity(named: name.text) }
    func clause(_ predicate: PredicateSyntax?, on entity: Entity?) -> PredicateSyntax? {
      predicate.map { folded($0, on: entity) }
    }
    var statement = statement
    switch statement.kind {
    case .fetch(let request):
      statement.kind = .fetch(folded(request))
    case .count(let name, let predicate):
      statement.kind = .count(entity: name, predicate: clause(predicate, on: entity(name)))
    case .update(let name, let predicate, let assignments):
      statement.kind = .update(
        entity: name, predicate: clause(predicate, on: entity(name)),
        assignments: assignments.map { folded($0, on: entity(name)) })
    case .delete(let name, let predicate):
      statement.kind = .delete(entity: name, predicate: clause(predicate, on: entity(name)))
    case .export(var request):
      request.predicate = clause(request.predicate, on: entity(request.entity))
      statement.kind = .export(request)
    case .set(let assignments):
      statement.kind = .set(assignments.map { folded($0, on: selection) })
    case .insert(let name, let assignments):
      statement.kind = .insert(
        entity: name, assignments: assignments.map { folded($0, on: entity(name)) })
    case .show(.matching(let name, let predicate)):
      statement.kind = .show(
        .matching(entity: name, predicate: clause(predicate, on: entity(name))))
    case .explain(let inner):
      statement.kind = .explain(folded(inner, selection: selection))
    case .explainAnalyze(let inner):
      statement.kind = .explainAnalyze(folded(inner, selection: selection))
    case .entity, .importPlist, .importModel, .save, .rollback, .changes, .undo, .redo,
      .validate, .why, .show:
      break
    }
    return statement
  }

  /// A fetch request as it runs: its predicate, result columns and `having` (over the result
  /// columns, as the binder binds it) folded. Sort keys and `group by` are key paths, which
  /// hold no `TERNARY`.
  private func folded(_ request: FetchRequest) -> FetchRequest {
    let entity = model.entity(named: request.entity.text)
    var request = request
    if let having = request.having, let projection = try? bind(request).projection {
      request.having = resultBinder(projection).folded(having, on: projection.resultEntity)
    }
    request.predicate = request.predicate.map { folded($0, on: entity) }
    request.select = request.select?.map { item in
      SelectItem(expression: folded(item.expression, on: entity), alias: item.alias)
    }
    return request
  }

  private func folded(_ assignment: Assignment, on entity: Entity?) -> Assignment {
    var assignment = assignment
    switch assignment.value {
    case .expression(let e):
      assignment.value = .expression(folded(e, on: entity))
    case .objects(let target, let predicate):
      assignment.value = .objects(
        entity: target, predicate: folded(predicate, on: model.entity(named: target.text)))
    }
    return assignment
  }

  /// A predicate as it runs: each `TERNARY` in it that the binder folds is its branch.
  func folded(_ p: PredicateSyntax, on entity: Entity?) -> PredicateSyntax {
    var p = p
    switch p.kind {
    case .constant:
      break
    case .comparison(var c):
      (c.lhs, c.rhs) = (folded(c.lhs, on: entity), folded(c.rhs, on: entity))
      p.kind = .comparison(c)
    case .customSelector(let lhs, let selector, let rhs):
      p.kind = .customSelector(
        lhs: folded(lhs, on: entity), selector: selector, rhs: folded(rhs, on: entity))
    case .not(let inner):
      p.kind = .not(folded(inner, on: entity))
    case .and(let operands):
      p.kind = .and(operands.map { folded($0, on: entity) })
    case .or(let operands):
      p.kind = .or(operands.map { folded($0, on: entity) })
    }
    return p
  }

  /// An expression as it runs: each `TERNARY` in it that the binder folds is its branch.
  func folded(_ e: ExpressionSyntax, on entity: Entity?) -> ExpressionSyntax {
    var e = e
    switch e.kind {
    case .constant, .keyPath, .evaluatedObject, .variable:
      break
    case .aggregate(let elements):
      e.kind = .aggregate(elements.map { folded($0, on: entity) })
    case .negate(let operand):
      e.kind = .negate(folded(operand, on: entity))
    case .arithmetic(let op, let l, let r):
      e.kind = .arithmetic(op, folded(l, on: entity), folded(r, on: entity))
    case .function(let name, let arguments):
      e.kind = .function(name, arguments.map { folded($0, on: entity) })
    case .invocation(let receiver, let selector, let arguments):
      e.kind = .invocation(
        receiver: folded(receiver, on: entity), selector: selector,
        arguments: arguments.map { folded($0, on: entity) })
    case .member(let base, let components):
      e.kind = .member(folded(base, on: entity), components)
    case .index(let base, .at(let position)):
      e.kind = .index(folded(base, on: entity), .at(folded(position, on: entity)))
    case .index(let base, let selector):
      e.kind = .index(folded(base, on: entity), selector)
    case .cast(let value, let type):
      e.kind = .cast(folded(value, on: entity), type)
    case .subquery(let collection, let variable, let predicate):
      let source = try? bind(collection, on: entity)
      let inner = scope(of: variable, over: source?.type ?? .unknown)
      e.kind = .subquery(
        folded(collection, on: entity), variable: variable, inner.folded(predicate, on: entity))
    case .ternary(let condition, let whenTrue, let whenFalse):
      if let taken = branchTaken(by: condition, on: entity) {
        return folded(taken ? whenTrue : whenFalse, on: entity)
      }
      e.kind = .ternary(
        folded(condition, on: entity), folded(whenTrue, on: entity), folded(whenFalse, on: entity))
    }
    return e
  }

  /// Which branch the binder folds `TERNARY(condition, …)` to: the truth of a condition
  /// that reads no object (``constantTruth(of:)``), decided as `bindTernary` decides it; nil
  /// for a `TERNARY` it keeps.
  private func branchTaken(by condition: PredicateSyntax, on entity: Entity?) -> Bool? {
    guard let bound = try? bind(condition, on: entity) else { return nil }
    return Self.constantTruth(of: bound)
  }
}
