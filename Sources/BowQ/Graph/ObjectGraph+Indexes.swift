/// The indexes of one entity as the graph keeps them, and how many changes they have taken
/// since they were last used.
struct EntityIndexes: Sendable {
  var indexes: [BuiltIndex]
  var changes = 0
  /// The indexes the store file kept that are not in use yet: they fit the table as it was
  /// read, and are let go at the first change to the rows or values they list.
  var stored: [StoredIndex] = []
}

/// The indexes of a graph: derived from its objects, built when a statement first needs
/// them (``prepareIndexes(for:)``), kept in step by every change the graph makes, and
/// dropped — to be built again when next needed — when a change replaces a table, the model
/// changes, or more objects change between two uses than updating entry by entry is worth
/// (a whole-column `update` then costs one rebuild, not a million sorted insertions).
///
/// An index is part of the graph value, so a snapshot (rollback's committed graph) holds
/// the indexes that fit its own objects, and undo restores rows through the same changes.
extension ObjectGraph {
  /// Builds the indexes of `entity` the model declares (or `unique` implies) and bowq keeps
  /// (see ``BuiltIndex/isKept(_:on:)``) that are not built yet: every one, or with
  /// `leading`, only those whose first attribute is one of those slots — an index that
  /// begins with another attribute cannot answer the statement at hand, and building it
  /// would cost a statement on a million objects a second or more for nothing.
  ///
  /// Only the indexes `building` accepts are made (every one by default): an index the store
  /// file kept (``adoptStoredIndexes(_:of:)``) is taken into use instead of built, when it
  /// fits the objects, and built when it does not. Taking a kept index into use reads the
  /// value of every row it lists, as building one does, so a statement that would not pay
  /// for the build does not pay for that either.
  public mutating func prepareIndexes(
    for entity: String, leading: Set<Int>? = nil,
    building: (IndexDefinition) -> Bool = { _ in true }
  ) {
    guard let definition = model.entity(named: entity) else { return }
    var built = indexes[entity] ?? EntityIndexes(indexes: [])
    built.changes = 0
    let missing = definition.allIndexes.filter { index in
      guard BuiltIndex.isKept(index, on: definition),
        !built.indexes.contains(where: { $0.definition == index })
      else { return false }
      guard let leading else { return true }
      return index.attributes.first.flatMap(definition.index(ofAttribute:))
        .map(leading.contains) ?? false
    }
    guard !missing.isEmpty || indexes[entity] != nil else { return }
    let table = table(entity)
    for index in missing where building(index) {
      if let place = built.stored.firstIndex(where: { $0.definition == index }) {
        let stored = built.stored.remove(at: place)
        built.indexes.append(
          BuiltIndex(stored, of: definition, table: table)
            ?? BuiltIndex(index, of: definition, table: table))
      } else {
        built.indexes.append(BuiltIndex(index, of: definition, table: table))
      }
    }
    indexes[entity] = built
  }

  /// Keeps the indexes a store file holds for `entity`, read with its objects, to be taken
  /// into use when a statement first needs them; those the model does not declare, or
  /// written for another number of objects, are let go at once.
  mutating func adoptStoredIndexes(_ stored: [StoredIndex], of entity: String) {
    guard let definition = model.entity(named: entity) else { return }
    let count = table(entity).count
    let fitting = stored.filter { index in
      index.rowCount == count && definition.allIndexes.contains(index.definition)
    }
    guard !fitting.isEmpty else { return }
    indexes[entity, default: EntityIndexes(indexes: [])].stored = fitting
  }

  /// The indexes the store file kept that the model declares, which
  /// ``prepareIndexes(for:leading:building:)`` would take into use rather than build, by
  /// entity: those not in use yet, of a type bowq keeps entries for. Not those a `unique`
  /// attribute implies, which a save checks new values against, and whose hash of every
  /// value costs a second and a hundred megabytes at a million objects.
  var declaredIndexesToTake: [String: [StoredIndex]] {
    var taken: [String: [StoredIndex]] = [:]
    for (entity, kept) in indexes {
      guard let definition = model.entity(named: entity) else { continue }
      let stored = kept.stored.filter {
        definition.indexes.contains($0.definition)
          && BuiltIndex.isKept($0.definition, on: definition)
      }
      if !stored.isEmpty { taken[entity] = stored }
    }
    return taken
  }

  /// Takes into use the indexes `prepared` of `entity`, which
  /// ``prepareIndexes(for:leading:building:)`` made from the kept indexes `stored` on a copy
  /// of this graph holding the same objects (as a shell does while it waits for input,
  /// ``KeptIndexPreparation``): each in place of the kept index it was made from, when this
  /// graph still keeps that one unused. A change to the objects an index lists lets the kept
  /// index go, and so what was made from it too.
  mutating func adopt(_ prepared: [BuiltIndex], madeFrom stored: [StoredIndex], of entity: String) {
    guard var kept = indexes[entity] else { return }
    for index in prepared {
      guard let source = stored.first(where: { $0.definition == index.definition }),
        let place = kept.stored.firstIndex(of: source),
        !kept.indexes.contains(where: { $0.definition == index.definition })
      else { continue }
      kept.stored.remove(at: place)
      kept.indexes.append(index)
    }
    indexes[entity] = kept
  }

  /// Reads the positions of every index the store file keeps that is not in use yet, which
  /// are otherwise read from the file when first needed: before the file is let go.
  func readStoredIndexes() {
    for kept in indexes.values {
      for stored in kept.stored { _ = stored.entries() }
    }
  }

  /// The indexes of `entity` a save writes: those built, and those the file kept that are
  /// not in use yet; an index never built is not written.
  func indexesToStore(of entity: String) -> [StoredIndex] {
    guard let kept = indexes[entity] else { return [] }
    let table = table(entity)
    return kept.indexes.compactMap { StoredIndex($0, of: table) }
      + kept.stored.filter { $0.rowCount == table.count }
  }

  /// The built indexes of `entity` (none until ``prepareIndexes(for:)``).
  func builtIndexes(of entity: String) -> [BuiltIndex] {
    indexes[entity]?.indexes ?? []
  }

  /// Whether a change to the slot `slot` of `entity`'s objects changes a built index, or
  /// one the store file kept.
  func isIndexed(_ entity: String, slot: Int) -> Bool {
    guard let kept = indexes[entity] else { return false }
    return kept.indexes.contains { $0.covers(slot) }
      || (model.entity(named: entity).map { definition in
        kept.stored.contains { $0.covers(slot, of: definition) }
      } ?? false)
  }

  /// Lets go the indexes the store file kept for `entity` that list the slot `slot`, before
  /// its values change.
  mutating func dropStoredIndexes(of entity: String, covering slot: Int) {
    guard let definition = model.entity(named: entity), indexes[entity] != nil else { return }
    indexes[entity]?.stored.removeAll { $0.covers(slot, of: definition) }
  }

  /// Takes objects of `entity` from the rows they had (nil: absent) to the rows they have
  /// (nil: gone) in its built indexes; drops the indexes instead when more objects changed
  /// since their last use than a thirty-second of the table (and a thousand): updating an
  /// ordered index entry by entry moves up to a block each time, and past that many a
  /// rebuild at the next use costs less.
  ///
  /// The indexes the store file kept and that are not in use yet are let go when an object
  /// comes or goes (which moves the rows they list) or a value they list changes.
  mutating func reindex(_ entity: String, _ changes: [(key: Int64, old: [Value]?, new: [Value]?)]) {
    guard var built = indexes[entity], !changes.isEmpty else { return }
    if let definition = model.entity(named: entity) {
      built.stored.removeAll { stored in
        let slots = stored.definition.attributes.compactMap(definition.index(ofAttribute:))
        return changes.contains { change in
          guard let old = change.old, let new = change.new else { return true }
          return slots.contains { old[$0] != new[$0] }
        }
      }
    }
    let drops = dropsIndexes(of: entity, changing: changes.count)
    let stored = built.stored
    indexes[entity] = stored.isEmpty ? nil : EntityIndexes(indexes: [], stored: stored)
    guard !drops else { return }
    built.changes += changes.count
    for i in built.indexes.indices {
      for change in changes {
        if let old = change.old { built.indexes[i].remove(old, key: change.key) }
        if let new = change.new { built.indexes[i].insert(new, key: change.key) }
      }
    }
    indexes[entity] = built
  }

  /// Whether `count` more objects of `entity` changed since its built indexes were last used
  /// would have ``reindex(_:_:)`` drop them rather than take the changes entry by entry: more
  /// than a thirty-second of the table (and a thousand).
  func dropsIndexes(of entity: String, changing count: Int) -> Bool {
    (indexes[entity]?.changes ?? 0) + count > max(1024, table(entity).count / 32)
  }

  /// Drops the built indexes of `entity`, or of every entity.
  mutating func dropIndexes(of entity: String? = nil) {
    if let entity { indexes[entity] = nil } else { indexes = [:] }
  }
}
