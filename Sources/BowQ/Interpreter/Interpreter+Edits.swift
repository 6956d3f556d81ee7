import Foundation

extension Interpreter {
  /// The changes one object gets from a list of assignments: attribute values, and the
  /// objects each relationship is set to, added or removed.
  struct Edit {
    var attributes: [(index: Int, value: Value)] = []
    var relationships: [(name: String, op: AssignmentOperator, targets: [ObjectID])] = []
  }

  /// The assignments of one statement with their right-hand sides prepared once: compiled,
  /// an attribute's constant coerced to its type, and the objects of each
  /// `Relationship = Entity where P` found.
  struct PreparedAssignments {
    var assignments: [BoundAssignment]
    /// Each right-hand side compiled (nil for `Relationship = Entity where P`).
    var expressions: [CompiledExpression?]
    /// For an attribute given a constant, the value it takes, or why it cannot take it;
    /// nil for any other assignment.
    var constants: [Result<Value, EvaluationError>?]
    /// The objects chosen by each `Relationship = Entity where P`, by assignment name.
    var queries: [String: [ObjectID]]
    /// Whether some right-hand side reads the object it is evaluated for.
    var readsObjects: Bool {
      zip(assignments, constants).contains { assignment, constant in
        guard constant == nil, case .expression = assignment.value else { return false }
        return true
      }
    }
  }

  /// One update's changes, gathered as they are worked out: each attribute's new values as
  /// one list per entity and attribute, in the order of the objects, then the relationship
  /// edits in order.
  struct PlannedUpdate {
    var attributes: [(entity: String, attribute: Int, changes: [(key: Int64, value: Value)])] = []
    var relationships: [RelationshipEdit] = []
  }

  /// Works out every object's changes first (each right-hand side sees the objects as they
  /// were), then applies them all as one undo step: a list per attribute, so an attribute
  /// set twice takes its last value, as it does applied an object at a time. The
  /// assignments are bound against `entity`; an object of a sub-entity of it is read with
  /// `entity`'s properties.
  func assign(_ assignments: [BoundAssignment], to ids: [ObjectID], of entity: Entity?, now: Date)
    throws
  {
    let compiler = compiler(now)
    let planned = try plannedUpdate(
      try prepared(assignments, compiler), for: ids, of: entity, compiler)
    try edit { context in
      for update in planned.attributes {
        try context.update(update.entity, attribute: update.attribute, update.changes)
      }
      context.apply(planned.relationships)
    }
  }

  /// What the assignments make of each object, worked out before any of them changes, with
  /// one ``Edit`` reused for every object, and a constant's value taken as it was prepared.
  private func plannedUpdate(
    _ prepared: PreparedAssignments, for ids: [ObjectID], of entity: Entity?,
    _ compiler: PredicateCompiler
  ) throws -> PlannedUpdate {
    let model = context.graph.model
    let readsObjects = prepared.readsObjects
    var planned = PlannedUpdate()
    var edit = Edit()
    var table = EntityTable()
    var tableEntity: String?
    /// The list of each attribute of the current entity, by attribute index (-1: none yet).
    var listOfAttribute: [Int] = []
    var listsByEntity: [String: [Int]] = [:]
    let noObject = EvaluationScope(row: [])
    Interrupt.begin("updating \(entity?.name ?? "objects")", steps: ids.count)
    for (step, id) in ids.enumerated() {
      try Interrupt.check(every: step)
      if id.entity != tableEntity {
        if let tableEntity { listsByEntity[tableEntity] = listOfAttribute }
        table = context.graph.table(id.entity)
        tableEntity = id.entity
        listOfAttribute = listsByEntity[id.entity] ?? []
      }
      guard let position = table.position(of: id.key) else { continue }
      var scope = noObject
      if readsObjects {
        scope = Self.scope(table, position)
        if let entity, id.entity != entity.name, let member = model.entity(named: id.entity) {
          let row = table.row(at: position)
          scope = EvaluationScope(row: HierarchyScan.row(row, of: member, as: entity), key: id.key)
        }
      }
      edit.attributes.removeAll(keepingCapacity: true)
      edit.relationships.removeAll(keepingCapacity: true)
      try fill(&edit, prepared, scope: scope, compiler)
      for (index, value) in edit.attributes {
        if index >= listOfAttribute.count {
          listOfAttribute += repeatElement(-1, count: index + 1 - listOfAttribute.count)
        }
        if listOfAttribute[index] < 0 {
          listOfAttribute[index] = planned.attributes.count
          planned.attributes.append((id.entity, index, []))
        }
        planned.attributes[listOfAttribute[index]].changes.append((id.key, value))
      }
      if !edit.relationships.isEmpty { planned.relationships += edit.relationshipEdits(of: id) }
    }
    return planned
  }

  func insert(_ entity: Entity, _ assignments: [BoundAssignment], now: Date) throws {
    try context.graph.checkKeysLeft(1, in: entity.name)
    let row = entity.newRow
    let compiler = compiler(now)
    var edit = Edit()
    try fill(
      &edit, try prepared(assignments, compiler), scope: EvaluationScope(row: row), compiler)
    try self.edit { context in
      var values = row
      for (index, value) in edit.attributes { values[index] = value }
      let id = context.insert(values, into: entity.name)
      context.apply(edit.relationshipEdits(of: id))
      lastInserted = id
    }
  }

  /// The assignments prepared for evaluation (see ``PreparedAssignments``).
  private func prepared(_ assignments: [BoundAssignment], _ compiler: PredicateCompiler) throws
    -> PreparedAssignments
  {
    let constants = assignments.map { assignment -> Result<Value, EvaluationError>? in
      guard case .attribute(_, let attribute) = assignment.target,
        case .expression(let expression) = assignment.value,
        let value = expression.constantValue
      else { return nil }
      return Self.coerced(value, to: attribute, for: assignment)
    }
    return PreparedAssignments(
      assignments: assignments, expressions: compiledExpressions(assignments, compiler),
      constants: constants, queries: try objectQueries(assignments, compiler))
  }

  /// `value` as `attribute` takes it, or why it cannot.
  private static func coerced(
    _ value: Value, to attribute: Attribute, for assignment: BoundAssignment
  ) -> Result<Value, EvaluationError> {
    switch AttributeCoercion.coerce(value, to: attribute) {
    case .success(let converted): return .success(converted)
    case .failure(let failure):
      return .failure(EvaluationError(failure.message, at: assignment.range))
    }
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

  /// Adds to `edit` what the prepared assignments make of the object `scope` evaluates
  /// (any scope when no right-hand side reads the object: see
  /// ``PreparedAssignments/readsObjects``).
  private func fill(
    _ edit: inout Edit, _ prepared: PreparedAssignments, scope: EvaluationScope,
    _ compiler: PredicateCompiler
  ) throws {
    /// The value of a right-hand side that reads the object.
    func evaluate(_ expression: BoundExpression, _ compiled: CompiledExpression?) throws -> Value {
      try (compiled ?? compiler.expressions.compile(expression))(scope)
    }
    for (i, assignment) in prepared.assignments.enumerated() {
      let compiled = prepared.expressions[i]
      if case .attribute(let index, _) = assignment.target, let constant = prepared.constants[i] {
        edit.attributes.append((index, try constant.get()))
        continue
      }
      switch (assignment.target, assignment.value) {
      case (.attribute(let index, let attribute), .expression(let expression)):
        let value = try evaluate(expression, compiled)
        edit.attributes.append(
          (index, try Self.coerced(value, to: attribute, for: assignment).get()))
      case (.relationship(_, let relationship), let value):
        let targets: [ObjectID]
        switch value {
        case .objects(let destination, _):
          targets = prepared.queries[assignment.name] ?? []
          if !relationship.isToMany, targets.count != 1 {
            throw EvaluationError(
              targets.isEmpty
                ? "no \(destination.name) matches, and \(relationship.name) takes exactly one (assign nil to clear it)"
                : "\(Self.count(targets.count, destination.name)) match, but \(relationship.name) is to-one: narrow the predicate to one",
              at: assignment.range)
          }
        case .expression(let expression):
          let result = try evaluate(expression, compiled)
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
