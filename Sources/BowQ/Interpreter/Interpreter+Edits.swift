import Foundation

extension Interpreter {
  /// The changes one object gets from a list of assignments: attribute values, and the
  /// objects each relationship is set to, added or removed.
  struct Edit {
    var attributes: [(index: Int, value: Value)] = []
    var relationships: [(name: String, op: AssignmentOperator, targets: [ObjectID])] = []
  }

  /// Works out every object's edit first (each right-hand side sees the objects as they
  /// were), then applies them all as one undo step. The assignments are bound against
  /// `entity`; an object of a sub-entity of it is read with `entity`'s properties.
  func assign(_ assignments: [BoundAssignment], to ids: [ObjectID], of entity: Entity?, now: Date)
    throws
  {
    let edits = try plannedEdits(assignments, for: ids, of: entity, compiler(now))
    let updates = try Self.attributeUpdates(edits)
    try edit { context in
      for update in updates {
        try context.update(update.entity, attribute: update.attribute, update.changes)
      }
      context.apply(edits.flatMap { id, edit in edit.relationshipEdits(of: id) })
    }
  }

  /// The attribute values of `edits`, gathered by entity and attribute, each list in the
  /// order of the edits: applied a list at a time, an attribute set twice takes its last
  /// value, as it does applied an object at a time.
  private static func attributeUpdates(_ edits: [(ObjectID, Edit)]) throws(Interrupted) -> [(
    entity: String, attribute: Int, changes: [(key: Int64, value: Value)]
  )] {
    var updates: [(entity: String, attribute: Int, changes: [(key: Int64, value: Value)])] = []
    var listByEntity: [String: [Int: Int]] = [:]
    var entity = ""
    var listByAttribute: [Int: Int] = [:]
    for (step, (id, edit)) in edits.enumerated() {
      try Interrupt.check(every: step)
      if id.entity != entity {
        listByEntity[entity] = listByAttribute
        entity = id.entity
        listByAttribute = listByEntity[entity] ?? [:]
      }
      for (index, value) in edit.attributes {
        let list: Int
        if let known = listByAttribute[index] {
          list = known
        } else {
          list = updates.count
          updates.append((entity, index, []))
          listByAttribute[index] = list
        }
        updates[list].changes.append((id.key, value))
      }
    }
    return updates
  }

  /// What `assignments` make of each object, worked out before any of them changes.
  private func plannedEdits(
    _ assignments: [BoundAssignment], for ids: [ObjectID], of entity: Entity?,
    _ compiler: PredicateCompiler
  ) throws -> [(ObjectID, Edit)] {
    let queries = try objectQueries(assignments, compiler)
    let expressions = compiledExpressions(assignments, compiler)
    let model = context.graph.model
    var edits: [(ObjectID, Edit)] = []
    var table = EntityTable()
    var tableEntity: String?
    for (step, id) in ids.enumerated() {
      try Interrupt.check(every: step)
      if id.entity != tableEntity {
        table = context.graph.table(id.entity)
        tableEntity = id.entity
      }
      guard let position = table.position(of: id.key) else { continue }
      var scope = Self.scope(table, position)
      if let entity, id.entity != entity.name, let member = model.entity(named: id.entity) {
        let row = table.row(at: position)
        scope = EvaluationScope(
          row: HierarchyScan.row(row, of: member, as: entity),
          key: id.key)
      }
      edits.append(
        (id, try edit(for: assignments, expressions, scope: scope, queries, compiler)))
    }
    return edits
  }

  func insert(_ entity: Entity, _ assignments: [BoundAssignment], now: Date) throws {
    let row = entity.newRow
    let edit = try plannedInsert(entity, assignments, row, compiler(now))
    self.edit { context in
      var values = row
      for (index, value) in edit.attributes { values[index] = value }
      let id = context.insert(values, into: entity.name)
      context.apply(edit.relationshipEdits(of: id))
    }
  }

  /// What `assignments` make of a new object, worked out before it is inserted.
  private func plannedInsert(
    _ entity: Entity, _ assignments: [BoundAssignment], _ row: [Value],
    _ compiler: PredicateCompiler
  ) throws -> Edit {
    let queries = try objectQueries(assignments, compiler)
    return try edit(
      for: assignments, compiledExpressions(assignments, compiler),
      scope: EvaluationScope(row: row),
      queries, compiler)
  }

  /// The objects chosen by each `Relationship = Entity where P`, found once per statement.
  private func objectQueries(_ assignments: [BoundAssignment], _ compiler: PredicateCompiler)
    throws -> [String: [ObjectID]]
  {
    var found: [String: [ObjectID]] = [:]
    for assignment in assignments {
      if case .objects(let entity, let predicate) = assignment.value {
        found[assignment.name] = try matching(entity, predicate, compiler)
      }
    }
    return found
  }

  /// The right-hand side of each assignment compiled, once per statement (nil for
  /// `Relationship = Entity where P`, whose objects ``objectQueries(_:_:)`` finds).
  private func compiledExpressions(
    _ assignments: [BoundAssignment], _ compiler: PredicateCompiler
  ) -> [CompiledExpression?] {
    assignments.map { assignment in
      guard case .expression(let expression) = assignment.value else { return nil }
      return compiler.expressions.compile(expression)
    }
  }

  /// The edit `assignments` make of the object `scope` evaluates; `expressions` are their
  /// right-hand sides compiled (see ``compiledExpressions(_:_:)``).
  private func edit(
    for assignments: [BoundAssignment], _ expressions: [CompiledExpression?],
    scope: EvaluationScope, _ queries: [String: [ObjectID]], _ compiler: PredicateCompiler
  ) throws -> Edit {
    var edit = Edit()
    for (assignment, compiled) in zip(assignments, expressions) {
      switch (assignment.target, assignment.value) {
      case (.attribute(let index, let attribute), .expression(let expression)):
        let value = try (compiled ?? compiler.expressions.compile(expression))(scope)
        switch AttributeCoercion.coerce(value, to: attribute) {
        case .success(let converted): edit.attributes.append((index, converted))
        case .failure(let failure): throw EvaluationError(failure.message, at: assignment.range)
        }
      case (.relationship(_, let relationship), let value):
        let targets: [ObjectID]
        switch value {
        case .objects(let destination, _):
          targets = queries[assignment.name] ?? []
          if !relationship.isToMany, targets.count != 1 {
            throw EvaluationError(
              targets.isEmpty
                ? "no \(destination.name) matches, and \(relationship.name) takes exactly one (assign nil to clear it)"
                : "\(Self.count(targets.count, destination.name)) match, but \(relationship.name) is to-one: narrow the predicate to one",
              at: assignment.range)
          }
        case .expression(let expression):
          let result = try (compiled ?? compiler.expressions.compile(expression))(scope)
          targets = ObjectGraph.targets(in: result)
          if !relationship.isToMany, targets.count > 1 {
            throw EvaluationError(
              "\(relationship.name) is to-one but the value holds \(targets.count) objects",
              at: assignment.range)
          }
        }
        edit.relationships.append((relationship.name, assignment.op, targets))
      case (.attribute, .objects):
        throw EvaluationError("an attribute takes a value, not objects", at: assignment.range)
      }
    }
    return edit
  }
}

extension Interpreter.Edit {
  /// The edit's relationship changes, for the object `id`.
  func relationshipEdits(of id: ObjectID) -> [RelationshipEdit] {
    relationships.map { name, op, targets in
      let change: RelationshipEdit.Action =
        switch op {
        case .set: .set(targets)
        case .add: .add(targets)
        case .remove: .remove(targets)
        }
      return RelationshipEdit(object: id, relationship: name, change: change)
    }
  }
}
