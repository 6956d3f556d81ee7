extension Interpreter {
  /// `show [Entity/pN | Entity [where P]]`: the object named (of the entity or one that
  /// inherits from it), the objects that match, or the objects of the selection, each as an
  /// ``ObjectCard``.
  func show(_ request: BoundShow, _ compiler: PredicateCompiler, range: SourceRange) throws
    -> [ObjectCard]
  {
    let ids: [ObjectID]
    switch request {
    case .selection:
      guard let selection else {
        throw LanguageError(
          .semantic,
          "there is no current selection to show: name an object (show BowTie/p3) or an "
            + "entity (show BowTie where rating > 3), or fetch first",
          at: range)
      }
      ids = selection.ids.filter(context.graph.contains)
    case .object(let reference, let entity):
      try checkStore(of: reference)
      guard let id = HierarchyScan.object(key: reference.key, of: entity, in: context.graph)
      else {
        throw missingObject(ObjectID(entity: entity.name, key: reference.key), at: reference.range)
      }
      // Its row is read from the file, which a read-only session on a damaged store may
      // find damaged and leave out.
      guard let objectEntity = context.graph.model.entity(named: id.entity),
        let row = try row(of: id)
      else { throw missingObject(id, at: reference.range) }
      return [ObjectCard(id, of: objectEntity, row: row)]
    case .matching(let entity, let predicate):
      ids = try matching(entity, predicate, compiler)
      // Beyond a few objects, rows read one by one cost more than decoding the columns.
      if ids.count > ColumnsRead.rowsReadAlone {
        for name in Set(ids.map(\.entity)).sorted() where isInStoreFile(name) {
          try decodeColumns(ofEntity: name)
        }
      }
    }
    var cards: [ObjectCard] = []
    for (step, id) in ids.enumerated() {
      try Interrupt.check(every: step)
      guard let entity = context.graph.model.entity(named: id.entity), let row = try row(of: id)
      else { continue }
      cards.append(ObjectCard(id, of: entity, row: row))
    }
    return cards
  }

  /// Refuses a Core Data URI of another store than the one open: its key would name
  /// another object here.
  func checkStore(of reference: ObjectReference) throws(LanguageError) {
    guard let uuid = reference.storeUUID else { return }
    guard case .coreData(_, let storeUUID) = store else {
      throw LanguageError(
        .semantic,
        "\(Value.quoted("x-coredata://\(uuid)/…")) names an object of a Core Data store, "
          + "and this store is not one: name it as \(reference.entity.text)/p\(reference.key)",
        at: reference.range)
    }
    guard uuid == storeUUID else {
      throw LanguageError(
        .semantic,
        "that object is of the Core Data store \(uuid); the store open is \(storeUUID)",
        at: reference.range)
    }
  }

  /// The error for an object the graph does not hold, saying which keys its entity has.
  private func missingObject(_ id: ObjectID, at range: SourceRange) -> LanguageError {
    let keys = context.graph.table(id.entity).keys
    guard let first = keys.min(), let last = keys.max() else {
      return LanguageError(
        .semantic, "there is no object \(id): \(id.entity) has no objects", at: range)
    }
    let known =
      first == last
      ? "\(id.entity)'s one object is \(id.entity)/p\(first)"
      : "\(id.entity)'s objects have keys p\(first) to p\(last) "
        + "(`fetch \(id.entity)` lists them)"
    return LanguageError(.semantic, "there is no object \(id): \(known)", at: range)
  }
}
