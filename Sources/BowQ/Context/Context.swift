/// A scratch pad over the object graph, as a managed object context is.
///
/// Edits go to ``graph`` and stay pending until ``markSaved()``; ``committed`` keeps the
/// graph as last saved, so ``changes`` can say what is pending and ``rollback()`` can
/// discard it. Every statement that edits is one undo step.
public struct Context: Sendable {
  /// The graph as last saved (or loaded).
  public private(set) var committed: ObjectGraph
  /// The graph with every pending change applied: what fetches see.
  public private(set) var graph: ObjectGraph
  /// Objects inserted, updated or deleted since the last save.
  private var touched: Set<ObjectID> = []
  /// Deletes that a Deny rule forbids, reported when the context is validated.
  public private(set) var deniedDeletions: [DeniedDeletion] = []
  private var undoStack: [Step] = []
  private var redoStack: [Step] = []

  /// The state an undo step restores.
  private struct Step: Sendable {
    var graph: ObjectGraph
    var touched: Set<ObjectID>
    var denied: [DeniedDeletion]
  }

  private var currentStep: Step {
    Step(graph: graph, touched: touched, denied: deniedDeletions)
  }

  private mutating func restore(_ step: Step) {
    (graph, touched, deniedDeletions) = (step.graph, step.touched, step.denied)
  }

  public init(graph: ObjectGraph) {
    committed = graph
    self.graph = graph
  }

  public var hasChanges: Bool { !changes.isEmpty }
  public var canUndo: Bool { !undoStack.isEmpty }
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Records the current state as one undo step; call before a statement edits.
  public mutating func beginEdit() {
    undoStack.append(currentStep)
    redoStack.removeAll()
  }

  /// Drops the undo step of an edit that changed nothing.
  public mutating func discardEditIfUnchanged() {
    if let last = undoStack.last, last.graph == graph { undoStack.removeLast() }
  }

  /// Defines or redefines an entity, migrating its objects (see ``ObjectGraph/define(_:renames:)``).
  public mutating func define(_ entity: Entity, renames: [String: String] = [:])
    throws(MigrationError)
  {
    try graph.define(entity, renames: renames)
  }

  @discardableResult
  public mutating func insert(_ row: [Value], into entity: String) -> ObjectID {
    let id = graph.insert(row, into: entity)
    touched.insert(id)
    return id
  }

  public mutating func update(_ id: ObjectID, attribute: Int, to value: Value) {
    graph.update(id, attribute: attribute, to: value)
    touched.insert(id)
  }

  /// Deletes objects under their delete rules; returns every object deleted (cascades
  /// included).
  @discardableResult
  public mutating func delete(_ ids: [ObjectID]) -> [ObjectID] {
    let deletion = graph.delete(ids)
    touched.formUnion(deletion.deleted)
    touched.formUnion(deletion.updated)
    deniedDeletions += deletion.denied
    return deletion.deleted
  }

  /// Sets a relationship to exactly `targets`, keeping inverses in step.
  public mutating func setRelationship(_ id: ObjectID, _ name: String, to targets: [ObjectID]) {
    touched.formUnion(graph.setRelationship(id, name, to: targets))
  }

  public mutating func addToRelationship(_ id: ObjectID, _ name: String, _ targets: [ObjectID]) {
    touched.formUnion(graph.addToRelationship(id, name, targets))
  }

  public mutating func removeFromRelationship(_ id: ObjectID, _ name: String, _ targets: [ObjectID])
  {
    touched.formUnion(graph.removeFromRelationship(id, name, targets))
  }

  /// Discards every pending change and the undo history.
  public mutating func rollback() {
    graph = committed
    touched = []
    deniedDeletions = []
    undoStack = []
    redoStack = []
  }

  /// Steps back over the last edit; false when there is nothing to undo.
  public mutating func undo() -> Bool {
    guard let step = undoStack.popLast() else { return false }
    redoStack.append(currentStep)
    restore(step)
    return true
  }

  public mutating func redo() -> Bool {
    guard let step = redoStack.popLast() else { return false }
    undoStack.append(currentStep)
    restore(step)
    return true
  }

  /// Makes the current graph the committed one, after it was written.
  public mutating func markSaved() {
    committed = graph
    touched = []
    deniedDeletions = []
    undoStack = []
    redoStack = []
  }

  /// The objects inserted or updated since the last save: what validation checks.
  public var changedObjects: [ObjectID] {
    touched.sorted().filter { graph.contains($0) }
  }

  /// Every rule the pending changes break, as `save` would report them.
  public func validate() -> [ValidationError] {
    Validator.validate(changedObjects, in: graph, denied: deniedDeletions)
  }

  /// The pending changes, entities first, then objects in entity and key order.
  public var changes: [Change] {
    var result: [Change] = []
    for entity in graph.model.entities where committed.model.entity(named: entity.name) != entity {
      result.append(.entityDefined(entity.name))
    }
    for id in touched.sorted() {
      let old = committed.model.entity(named: id.entity).flatMap { entity in
        committed.table(id.entity).row(for: id.key).map { (entity, $0) }
      }
      let new = graph.model.entity(named: id.entity).flatMap { entity in
        graph.table(id.entity).row(for: id.key).map { (entity, $0) }
      }
      switch (old, new) {
      case (nil, let (entity, row)?):
        result.append(.inserted(id, Self.values(of: row, in: entity)))
      case (let (entity, row)?, nil):
        result.append(.deleted(id, Self.values(of: row, in: entity)))
      case (let (oldEntity, oldRow)?, let (newEntity, newRow)?):
        let diffs = zip(newEntity.propertyNames, newRow).compactMap {
          name, value -> Change.AttributeChange? in
          let slot = oldEntity.index(ofAttribute: name) ?? oldEntity.slot(ofRelationship: name)
          let before = slot.map { oldRow[$0] } ?? .null
          return before == value ? nil : .init(name: name, old: before, new: value)
        }
        if !diffs.isEmpty { result.append(.updated(id, diffs)) }
      case (nil, nil):
        break
      }
    }
    return result
  }

  private static func values(of row: [Value], in entity: Entity) -> [Change.AttributeValue] {
    zip(entity.propertyNames, row).map { .init(name: $0, value: $1) }
  }
}
