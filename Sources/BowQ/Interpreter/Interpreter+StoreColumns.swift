extension Interpreter {
  /// Decodes the columns `run` reads that are still in the store file (``ColumnsRead``), and
  /// the keys unless it only counts, before it runs, and lets the file go once every key
  /// and column is decoded.
  ///
  /// A damaged column throws the error opening the whole store gave before columns were
  /// decoded on demand, with the same message and location; a read-only session instead
  /// reads what can be read of the store (``StoreFile/salvage(from:)``), as opening a
  /// damaged store read-only does, and says what was left out.
  func decodeColumns(for run: StatementRun) throws {
    guard storeFile != nil else { return }
    try decode(
      ColumnsRead(
        run.statement.kind, bound: run.bound, model: context.graph.model,
        keepsIndexes: keepsBuiltIndexes, selected: selection?.ids.count ?? 0))
  }

  /// Decodes every column still in the store file, for a caller that reads
  /// ``Context/graph`` directly rather than through a statement. A session opened by
  /// ``StoreOpening`` reads a bowq store's columns only as its statements need them.
  public func decodeEveryColumn() throws {
    try decode(.everything)
  }

  /// Decodes the keys of every entity still in the store file, for a caller that names
  /// objects by key after a statement that read none (``ColumnsRead/keys``).
  func decodeKeys() throws {
    try decode(.keys)
  }

  /// Whether the columns of the entity `name` are still in the store file, where a statement
  /// that reads a few of its objects whole reads their rows (``row(of:)``).
  func isInStoreFile(_ name: String) -> Bool {
    storeFile != nil && !context.graph.table(name).undecoded.isEmpty
  }

  /// The values of the object `id`: read from the store file as one row while its entity's
  /// columns are still there (`show BowTie/p5` decodes no column), from the graph otherwise;
  /// nil when there is no such object. A damaged row is reported as decoding its entity's
  /// columns reports it, and a read-only session then reads what can be read of the store,
  /// which may leave the object out.
  func row(of id: ObjectID) throws -> [Value]? {
    let table = context.graph.table(id.entity)
    guard let file = storeFile, !table.undecoded.isEmpty else { return table.row(for: id.key) }
    guard let position = table.position(of: id.key) else { return nil }
    do {
      return try file.decodeRow(position, ofEntityNamed: id.entity)
    } catch let error as StoreError where error.isDamage {
      try decodeColumns(ofEntity: id.entity)
      return context.graph.table(id.entity).row(for: id.key)
    }
  }

  /// Decodes the columns still in the store file that `predicate`, bound on `entity`,
  /// compares, for a statement that binds its predicate as it runs (`why`).
  func decodeColumns(comparedBy predicate: BoundPredicate, on entity: Entity) throws {
    guard storeFile != nil else { return }
    try decode(ColumnsRead(comparedBy: predicate, on: entity.name, in: context.graph.model))
  }

  /// The values of the object `id` as ``row(of:)`` reads them, in the layout of `entity`: its
  /// own entity, or one it inherits from, whose objects a statement shows.
  func row(of id: ObjectID, as entity: Entity) throws -> [Value]? {
    guard let member = context.graph.model.entity(named: id.entity), let own = try row(of: id)
    else { return nil }
    return HierarchyScan.row(own, of: member, as: entity)
  }

  /// Decodes every column of the entity `name` still in the store file, for a caller that
  /// reads its objects whole from ``Context/graph``.
  func decodeColumns(ofEntity name: String) throws {
    guard let entity = context.graph.model.entity(named: name) else { return }
    try decode(ColumnsRead(wholeObjectsOf: [entity]))
  }

  /// Decodes every column still in the store file of the entity `name` and of the entities
  /// that inherit from it, for a caller that reads their objects whole.
  func decodeColumns(ofHierarchyOf name: String) throws {
    try decode(ColumnsRead(wholeObjectsOf: context.graph.model.hierarchy(of: name)))
  }

  private func decode(_ read: ColumnsRead) throws {
    guard let file = storeFile else { return }
    let wanted = context.graph.undecodedColumns.compactMap { entity, undecoded in
      let slots = read.everything ? undecoded : undecoded.intersection(read.slots[entity] ?? [])
      return slots.isEmpty ? nil : (entity: entity, slots: slots.sorted())
    }.sorted { $0.entity < $1.entity }
    do {
      if read.everything || read.keys {
        for entity in context.graph.entitiesWithKeysInFile.sorted() {
          guard let (keys, ascend) = try file.decodeKeys(ofEntityNamed: entity) else { continue }
          context.fill(keys: keys, ascending: ascend, of: entity)
        }
      }
      for (entity, slots) in wanted {
        guard let columns = try file.decodeColumns(slots, ofEntityNamed: entity) else { continue }
        context.fill(columns, slots: slots, of: entity)
      }
    } catch let error as StoreError {
      guard case .file(let handle) = store, handle.access == .readOnly, error.isDamage else {
        throw error
      }
      let (graph, skipped) = try handle.salvage()
      context = Context(graph: graph)
      storeFile = nil
      if !skipped.isEmpty {
        notes.append(
          StatementNote(
            .warning, StoreOpening.damageWarning(path: handle.path, skipped: skipped),
            at: runningRange))
      }
      return
    }
    letStoreFileGoIfDecoded()
  }

  /// Lets the store file go once every key and column is decoded, having read the positions
  /// of the indexes it keeps that are not in use yet.
  func letStoreFileGoIfDecoded() {
    guard context.graph.isDecoded else { return }
    context.readStoredIndexes()
    storeFile = nil
  }
}
