import Foundation

/// A session on a store, in `NSManagedObjectContext`'s shape: fetch and count objects,
/// insert, change and delete them, and save the changes — validated first, as Core Data
/// validates, every error reported at once — or roll them back; undo and redo each edit.
///
/// ```swift
/// let context = try ObjectContainer(path: "ties.bowq").newContext()
/// let tie = try context.insert("BowTie", ["name": "Paisley", "rating": 4])
/// try context.update(tie, ["rating": 9])
/// do {
///   try context.save()
/// } catch let error as SaveError {
///   error.errors.first?.code  // .numberTooLarge (1610): rating is 0…5
/// }
/// ```
///
/// Every call runs as the statement it stands for (`fetch`, `insert`, `update … where SELF
/// == …`, `save`), so a context behaves as the shell does on the same store. A context is
/// used from one isolation domain at a time (it is not `Sendable`); open one context per
/// task from a ``ObjectContainer``, which is, and run long work through ``perform(_:)``,
/// which a task's cancellation stops. Contexts are stopped apart: each has its own
/// interrupt.
public final class ObjectContext {
  /// The session the calls run in.
  let interpreter: Interpreter
  /// The Swift types already checked against entities (``fetch(_:_:)``'s mapping), as
  /// "type entity".
  var checkedMappings: Set<String> = []

  init(_ interpreter: Interpreter) {
    self.interpreter = interpreter
  }

  /// Whether there are changes not yet saved.
  public var hasChanges: Bool { interpreter.context.hasChanges }

  /// The changes not yet saved: objects inserted, changed (with their properties' old and
  /// new values) and deleted.
  public var changes: PendingChanges { interpreter.context.pendingChanges }

  /// The objects `request` finds, in its order, made as they are read.
  ///
  /// - Throws: ``LanguageError`` for an unknown entity or key (with did-you-mean), or a
  ///   predicate that does not fit the entity's types; errors reading a Core Data store.
  public func fetch(_ request: ObjectFetchRequest) throws -> ObjectCursor {
    var whole = request
    whole.propertiesToFetch = nil
    if !request.includesSubentities {
      // The entity's own objects are those the whole hierarchy's fetch names by it, paged.
      (whole.fetchLimit, whole.fetchOffset) = (nil, 0)
    }
    guard case .objects(let result) = try interpreter.execute(try whole.statement()) else {
      return ObjectCursor(ResultSet(entity: request.entityName, columns: [], ids: [], rows: []))
    }
    guard !request.includesSubentities else { return ObjectCursor(result) }
    let own = result.ids.indices.lazy.filter { result.ids[$0].entity == request.entityName }
    return ObjectCursor(
      result,
      positions: Array(own.dropFirst(request.fetchOffset).prefix(request.fetchLimit ?? .max)))
  }

  /// The values of `request`'s ``ObjectFetchRequest/propertiesToFetch`` (every attribute and
  /// relationship when nil), one dictionary per object, keyed by property as written.
  public func fetchDictionaries(_ request: ObjectFetchRequest) throws -> [[String: Value]] {
    var asked = request
    if !request.includesSubentities {
      // The rows of the entity's own objects that the predicate selects.
      var own = request
      (own.sortDescriptors, own.fetchLimit, own.fetchOffset) = ([], nil, 0)
      let ids = try fetch(own).map(\.id)
      asked.predicate = try FormatPredicate(format: "SELF IN %@", argumentArray: [ids])
    }
    if asked.propertiesToFetch == nil,
      let entity = interpreter.context.graph.model.entity(named: request.entityName)
    {
      asked.propertiesToFetch = ResultColumn.columns(of: entity).map(\.name)
    }
    guard case .objects(let result) = try interpreter.execute(try asked.statement()) else {
      return []
    }
    let names = result.columns.map(\.name)
    return result.rows.map { Dictionary(uniqueKeysWithValues: zip(names, $0)) }
  }

  /// How many objects `request` finds, its limit and offset applied.
  public func count(for request: ObjectFetchRequest) throws -> Int {
    guard request.fetchLimit == nil, request.fetchOffset == 0, request.sortDescriptors.isEmpty,
      request.includesSubentities
    else {
      return try fetch(request).count
    }
    let statement = Statement(
      .count(
        entity: Name(request.entityName, range: .nowhere), predicate: request.predicate?.syntax),
      range: .nowhere)
    guard case .count(_, let n) = try interpreter.execute(statement) else { return 0 }
    return n
  }

  /// The object `id` as it is now; nil when there is none.
  public func object(with id: ObjectID) throws -> FetchedObject? {
    try interpreter.decodeColumns(ofEntity: id.entity)
    let graph = interpreter.context.graph
    if let entity = graph.model.entity(named: id.entity),
      let row = graph.table(id.entity).row(for: id.key)
    {
      return FetchedObject(
        id: id, keys: ResultColumn.columns(of: entity).map(\.name), values: row)
    }
    // A Core Data store's rows may still be in its file, where a fetch reads them.
    guard interpreter.coreDataFile != nil else { return nil }
    return try fetch(
      ObjectFetchRequest(
        entityName: id.entity, predicate: try FormatPredicate(format: "SELF == %@", id))
    ).first
  }

  /// The objects the relationship `key` of `object` holds now: its target for a to-one (none
  /// when nil), its members for a to-many.
  ///
  /// - Throws: ``LanguageError`` when `key` is no relationship of the object's entity.
  public func objects(_ key: String, of object: FetchedObject) throws -> [FetchedObject] {
    guard let entity = interpreter.context.graph.model.entity(named: object.entityName),
      entity.relationship(named: key) != nil
    else {
      let names =
        interpreter.context.graph.model.entity(named: object.entityName)?.relationships.map(
          \.name) ?? []
      throw LanguageError(
        .semantic,
        "\(object.entityName) has no relationship \(key)."
          + NameSuggestion.hint(for: key, among: names),
        at: .nowhere)
    }
    guard let now = try self.object(with: object.id) else { return [] }
    return try now.objectIDs(key).compactMap { try self.object(with: $0) }
  }

  /// Inserts an object of `entityName` with `values` (attribute or relationship name →
  /// value, as ``FormatPredicate`` takes `%@` arguments; a relationship takes an
  /// ``ObjectID``, a ``FetchedObject``, or an array of them), the others at their defaults.
  ///
  /// - Throws: ``LanguageError`` for an unknown entity or key, or a value the attribute
  ///   cannot hold; rules (ranges, lengths, required values) are checked by ``save()``.
  @discardableResult
  public func insert(_ entityName: String, _ values: [String: Any?] = [:]) throws
    -> FetchedObject
  {
    interpreter.lastInserted = nil
    _ = try interpreter.execute(
      Statement(
        .insert(entity: Name(entityName, range: .nowhere), assignments: try assignments(values)),
        range: .nowhere))
    guard let id = interpreter.lastInserted, let object = try object(with: id) else {
      throw LanguageError(
        .semantic, "the \(entityName) inserted cannot be read back", at: .nowhere)
    }
    return object
  }

  /// Sets `values` on `object` (as ``insert(_:_:)`` takes them).
  public func update(_ object: FetchedObject, _ values: [String: Any?]) throws {
    try update(object.id, values)
  }

  /// Sets `values` on the object `id`.
  public func update(_ id: ObjectID, _ values: [String: Any?]) throws {
    _ = try interpreter.execute(
      Statement(
        .update(
          entity: Name(id.entity, range: .nowhere), predicate: try selfIs(id),
          assignments: try assignments(values)),
        range: .nowhere))
  }

  /// Deletes `object`; its relationships' delete rules run (cascade, nullify, deny).
  public func delete(_ object: FetchedObject) throws {
    try delete(object.id)
  }

  /// Deletes the object `id`.
  public func delete(_ id: ObjectID) throws {
    _ = try interpreter.execute(
      Statement(
        .delete(entity: Name(id.entity, range: .nowhere), predicate: try selfIs(id)),
        range: .nowhere))
  }

  /// Validates the changes and writes them to the store.
  ///
  /// - Throws: ``SaveError`` with every validation error (Core Data's codes: 1570 for a
  ///   missing value, 1610 for a number too large, …), nothing written; errors of the store
  ///   (read-only, changed on disk, being edited elsewhere) with nothing written.
  ///
  /// A bowq store is locked from a context's first edit until its changes are saved (or
  /// rolled back): then other sessions, the shell among them, may edit it, and this
  /// context's next edit locks it again — refused if the file changed meanwhile.
  public func save() throws {
    _ = try interpreter.execute(Statement(.save, range: .nowhere))
    releaseStoreWhenUnchanged()
  }

  /// Runs `body` with this context as long work a task can cancel: when the task running it
  /// is cancelled, the statement running stops with ``Interrupted``, changing nothing (a
  /// save stopped so writes nothing), and so do the statements after it in `body`.
  ///
  /// ```swift
  /// let task = Task {
  ///   try await context.perform { try $0.count(for: request) }
  /// }
  /// task.cancel()  // the count stops with Interrupted
  /// ```
  public func perform<T>(_ body: (ObjectContext) throws -> T) async throws -> T {
    let token = interpreter.interrupt
    token.reset()
    defer { token.reset() }
    return try await withTaskCancellationHandler {
      try body(self)
    } onCancel: {
      token.request()
    }
  }

  /// Reads a bowq store again from its file, after another program (or context) saved it:
  /// later fetches see that version, and edits are checked against it.
  ///
  /// - Throws: ``ReloadRefusal`` while changes are pending, or for a Core Data or in-memory
  ///   store; errors reading the file, the context left as it was.
  public func reload() throws {
    try interpreter.reload()
  }

  /// Discards every change since the last save.
  public func rollback() {
    interpreter.context.rollback()
    releaseStoreWhenUnchanged()
  }

  /// Gives a bowq store's lock back when nothing is left to save.
  private func releaseStoreWhenUnchanged() {
    if case .file(let handle) = interpreter.store, !hasChanges { handle.release() }
  }

  /// Takes back the last edit; false when there is none.
  @discardableResult
  public func undo() -> Bool { interpreter.context.undo() }

  /// Makes the last edit taken back again; false when there is none.
  @discardableResult
  public func redo() -> Bool { interpreter.context.redo() }

  /// The predicate that selects the object `id`.
  private func selfIs(_ id: ObjectID) throws -> PredicateSyntax {
    try FormatPredicate(format: "SELF == %@", id).syntax
  }

  /// `values` as assignments: constants for attributes, the objects named for
  /// relationships.
  private func assignments(_ values: [String: Any?]) throws -> [Assignment] {
    try values.keys.sorted().map { key in
      let given = values[key] ?? nil
      let name = Name(key, range: .nowhere)
      if let ids = Self.objectIDs(given) {
        let entity = ids.first?.entity ?? ""
        let predicate = try FormatPredicate(format: "SELF IN %@", argumentArray: [ids])
        return Assignment(
          key: name,
          value: ids.isEmpty
            ? .expression(ExpressionSyntax(.constant(.collection([])), range: .nowhere))
            : .objects(entity: Name(entity, range: .nowhere), predicate: predicate.syntax))
      }
      let value = try PlainValues.constant(given, path: key)
      return Assignment(
        key: name, value: .expression(ExpressionSyntax(.constant(value), range: .nowhere)))
    }
  }

  /// The objects a relationship's value names: an ``ObjectID`` or ``FetchedObject``, or an
  /// array of them; nil for any other value.
  private static func objectIDs(_ value: Any?) -> [ObjectID]? {
    switch value {
    case let id as ObjectID: return [id]
    case let object as FetchedObject: return [object.id]
    case let ids as [ObjectID]: return ids
    case let objects as [FetchedObject]: return objects.map(\.id)
    default: return nil
    }
  }
}
