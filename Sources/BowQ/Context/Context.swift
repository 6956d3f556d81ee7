/// A scratch pad over the object graph, as a managed object context is.
///
/// Edits go to ``graph`` and stay pending until ``markSaved()``; ``committed`` keeps the
/// graph as last saved, so ``changes`` can say what is pending and ``rollback()`` can
/// discard it. Every statement that edits is one undo step, which keeps what the statement
/// replaced (a ``ChangeJournal``), not a copy of the graph; the last ``undoLevels`` steps
/// are kept, as an undo manager's `levelsOfUndo` keeps them.
public struct Context: Sendable {
  /// The graph as last saved (or loaded).
  public private(set) var committed: ObjectGraph
  /// The graph with every pending change applied: what fetches see.
  public private(set) var graph: ObjectGraph
  /// Objects inserted, updated or deleted since the last save.
  private var touched = ObjectSet()
  /// Deletes that a Deny rule forbids, reported when the context is validated.
  public private(set) var deniedDeletions: [DeniedDeletion] = []
  /// How many edits ``undo()`` can step back over; older steps are forgotten.
  public var undoLevels = 100
  private var undoStack: [Step] = []
  private var redoStack: [Step] = []
  /// The edit being recorded, between ``beginEdit()`` and ``endEdit()``.
  private var openStep: Step?

  /// One edit: what it replaced in the graph, the objects it was first to touch, and the
  /// deletes it found denied.
  private struct Step: Sendable {
    var journal = ChangeJournal()
    var touched = ObjectSet()
    var denied: [DeniedDeletion] = []
  }

  public init(graph: ObjectGraph) {
    committed = graph
    self.graph = graph
  }

  public var hasChanges: Bool { !pendingChanges.isEmpty }
  public var canUndo: Bool { !undoStack.isEmpty || openStepChanges }
  public var canRedo: Bool { !redoStack.isEmpty }

  private var openStepChanges: Bool {
    graph.journal.map { $0.changes(graph) } ?? false
  }

  /// Starts recording an undo step; call before a statement edits. An edit still open
  /// ends first, and what could be redone is forgotten.
  public mutating func beginEdit() {
    endEdit()
    redoStack.removeAll()
    openStep = Step()
    graph.beginJournal()
  }

  /// Ends the edit being recorded: it becomes an undo step, unless it changed nothing.
  public mutating func endEdit() {
    guard var step = openStep else { return }
    openStep = nil
    step.journal = graph.endJournal()
    guard step.journal.changes(graph) else { return }
    undoStack.append(step)
    if undoStack.count > undoLevels { undoStack.removeFirst(undoStack.count - undoLevels) }
  }

  /// Puts back what the edit being recorded changed, as if it had not begun.
  public mutating func cancelEdit() {
    guard let step = openStep else { return }
    openStep = nil
    var undone = step
    undone.journal = graph.endJournal()
    _ = apply(undone, undoing: true)
  }

  /// Steps back over the last edit; false when there is nothing to undo.
  public mutating func undo() -> Bool {
    endEdit()
    guard let step = undoStack.popLast() else { return false }
    redoStack.append(apply(step, undoing: true))
    return true
  }

  public mutating func redo() -> Bool {
    endEdit()
    guard let step = redoStack.popLast() else { return false }
    undoStack.append(apply(step, undoing: false))
    return true
  }

  /// Restores a step's journal, and takes back (or gives again) the objects it touched and
  /// the denials it found; returns the step that reverses this.
  private mutating func apply(_ step: Step, undoing: Bool) -> Step {
    var reverse = step
    reverse.journal = graph.restore(step.journal)
    if undoing {
      touched.subtract(step.touched)
      deniedDeletions.removeLast(min(step.denied.count, deniedDeletions.count))
    } else {
      touched.formUnion(step.touched)
      deniedDeletions += step.denied
    }
    return reverse
  }

  /// How many rows each undo step keeps, oldest first: what the history costs.
  var recordedRowCounts: [Int] {
    undoStack.map(\.journal.recordedCount)
  }

  /// Marks objects touched, noting in the open step those touched first by it.
  private mutating func touch<S: Sequence>(_ ids: S) where S.Element == ObjectID {
    for id in ids where touched.insert(id) { openStep?.touched.insert(id) }
  }

  /// Builds the indexes of an entity before a statement reads it, unless they are built:
  /// all of them, or those beginning with one of the slots `leading`, taking those the
  /// store file keeps into use and building only those `building` accepts of the others
  /// (see ``ObjectGraph/prepareIndexes(for:leading:building:)``).
  public mutating func prepareIndexes(
    for entity: String, leading: Set<Int>? = nil,
    building: (IndexDefinition) -> Bool = { _ in true }
  ) {
    graph.prepareIndexes(for: entity, leading: leading, building: building)
  }

  /// Takes into use indexes of `entity` made on a copy of the graph from the kept indexes
  /// `stored` (``ObjectGraph/adopt(_:madeFrom:of:)``).
  mutating func adopt(_ prepared: [BuiltIndex], madeFrom stored: [StoredIndex], of entity: String) {
    graph.adopt(prepared, madeFrom: stored, of: entity)
  }

  /// Defines or redefines an entity, migrating its objects (see ``ObjectGraph/define(_:renames:)``).
  public mutating func define(_ entity: Entity, renames: [String: String] = [:])
    throws(MigrationError)
  {
    try graph.define(entity, renames: renames)
  }

  /// Adds an object with the next key of its entity's hierarchy (see
  /// ``ObjectGraph/insert(_:into:key:)``); call ``ObjectGraph/checkKeysLeft(_:in:)`` first.
  @discardableResult
  public mutating func insert(_ row: [Value], into entity: String) -> ObjectID {
    let id = graph.insert(row, into: entity)
    touch(CollectionOfOne(id))
    return id
  }

  /// Inserts every object of `imported` (rows in `entity`'s layout) as new objects, in
  /// order, as that many ``insert(_:into:)`` calls would, at the cost of one; returns how
  /// many were inserted.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it, or ``KeysExhausted`` when too few
  ///   keys are left, with nothing inserted.
  public mutating func insert(contentsOf imported: EntityTable, into entity: String)
    throws -> Int
  {
    var imported = imported
    return try insert(emptying: &imported, into: entity)
  }

  /// Inserts every object of `imported` as ``insert(contentsOf:into:)`` does, emptying it as
  /// its columns are added, so that a large import does not hold its table and the
  /// entity's in full at once.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it (with `imported` emptied), or
  ///   ``KeysExhausted`` when too few keys are left; either way with nothing inserted.
  mutating func insert(emptying imported: inout EntityTable, into entity: String)
    throws -> Int
  {
    let keys = try graph.insert(emptying: &imported, into: entity)
    let added = touched.insert(keys, of: entity)
    if openStep != nil { _ = openStep?.touched.insert(added, of: entity) }
    return keys.count
  }

  public mutating func update(_ id: ObjectID, attribute: Int, to value: Value) {
    graph.update(id, attribute: attribute, to: value)
    touch(CollectionOfOne(id))
  }

  /// Sets one attribute of many objects of `entity`, each to its value, in order (see
  /// ``ObjectGraph/update(_:attribute:_:)``).
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it; ``cancelEdit()`` puts back what it did.
  public mutating func update(
    _ entity: String, attribute: Int, _ changes: [(key: Int64, value: Value)]
  ) throws(Interrupted) {
    let added = touched.insert(changes.lazy.map(\.key), of: entity)
    if openStep != nil { _ = openStep?.touched.insert(added, of: entity) }
    try graph.update(entity, attribute: attribute, changes)
  }

  /// Deletes objects under their delete rules; returns every object deleted (cascades
  /// included).
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it; ``cancelEdit()`` puts back what it did.
  @discardableResult
  public mutating func delete(_ ids: [ObjectID]) throws(Interrupted) -> [ObjectID] {
    let deletion = try graph.delete(ids)
    touch(deletion.deleted)
    touch(deletion.updated)
    deniedDeletions += deletion.denied
    openStep?.denied += deletion.denied
    return deletion.deleted
  }

  /// Sets a relationship to exactly `targets`, keeping inverses in step.
  public mutating func setRelationship(_ id: ObjectID, _ name: String, to targets: [ObjectID]) {
    touch(graph.setRelationship(id, name, to: targets))
  }

  public mutating func addToRelationship(_ id: ObjectID, _ name: String, _ targets: [ObjectID]) {
    touch(graph.addToRelationship(id, name, targets))
  }

  public mutating func removeFromRelationship(_ id: ObjectID, _ name: String, _ targets: [ObjectID])
  {
    touch(graph.removeFromRelationship(id, name, targets))
  }

  /// Applies relationship edits of many objects as one (see ``ObjectGraph/apply(_:)``).
  public mutating func apply(_ edits: [RelationshipEdit]) {
    touch(graph.apply(edits))
  }

  /// Puts decoded columns of `entity`, one for each of `slots`, into both the graph and the
  /// committed graph, whose columns were still in the store file: the two hold the same
  /// objects then, since a session decodes every column before its first edit.
  mutating func fill(_ columns: [Column], slots: [Int], of entity: String) {
    graph.fill(columns, slots: slots, of: entity)
    committed.fill(columns, slots: slots, of: entity)
  }

  /// Puts the keys of `entity`, which were still in the store file, into both the graph and
  /// the committed graph, as ``fill(_:slots:of:)`` puts columns.
  mutating func fill(keys: [Int64], ascending: Bool, of entity: String) {
    graph.fill(keys: keys, ascending: ascending, of: entity)
    committed.fill(keys: keys, ascending: ascending, of: entity)
  }

  /// Puts the keys of `entity` that `decoded` holds into both graphs, as
  /// ``fill(keys:ascending:of:)`` does (``ObjectGraph/fill(keysOf:of:)``).
  mutating func fill(keysOf decoded: EntityTable, of entity: String) {
    graph.fill(keysOf: decoded, of: entity)
    committed.fill(keysOf: decoded, of: entity)
  }

  /// Reads the positions of the indexes the store file keeps that neither graph has taken
  /// into use yet, before the file is let go (``ObjectGraph/readStoredIndexes()``).
  func readStoredIndexes() {
    graph.readStoredIndexes()
    committed.readStoredIndexes()
  }

  /// Discards every pending change and the undo history.
  public mutating func rollback() {
    openStep = nil
    graph = committed
    touched = ObjectSet()
    deniedDeletions = []
    undoStack = []
    redoStack = []
  }

  /// Makes the current graph the committed one, after it was written.
  public mutating func markSaved() {
    openStep = nil
    _ = graph.endJournal()
    committed = graph
    touched = ObjectSet()
    deniedDeletions = []
    undoStack = []
    redoStack = []
  }

  /// The objects inserted or updated since the last save: what validation checks.
  public var changedObjects: [ObjectID] {
    var current: (entity: String, table: EntityTable)?
    return touched.sorted().filter { id in
      if current?.entity != id.entity { current = (id.entity, graph.table(id.entity)) }
      return current?.table.position(of: id.key) != nil
    }
  }

  /// Every rule the pending changes break, as `save` would report them.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops the check.
  public func validate() throws(Interrupted) -> [ValidationError] {
    try Validator.validate(changedObjects, in: graph, denied: deniedDeletions)
  }

  /// The pending changes, entities first, then objects in entity and key order, each made
  /// when it is read.
  public var pendingChanges: PendingChanges {
    PendingChanges(from: committed, to: graph, touched: touched.sorted())
  }

  /// The pending changes, every one made (see ``pendingChanges``).
  public var changes: [Change] {
    Array(pendingChanges)
  }
}
