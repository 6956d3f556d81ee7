/// The indexes of one entity as the graph keeps them, and how many changes they have taken
/// since they were last used.
struct EntityIndexes: Sendable {
  var indexes: [BuiltIndex]
  var changes = 0
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
  public mutating func prepareIndexes(for entity: String, leading: Set<Int>? = nil) {
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
    built.indexes += missing.map { BuiltIndex($0, of: definition, table: table) }
    indexes[entity] = built
  }

  /// The built indexes of `entity` (none until ``prepareIndexes(for:)``).
  func builtIndexes(of entity: String) -> [BuiltIndex] {
    indexes[entity]?.indexes ?? []
  }

  /// Whether a change to the slot `slot` of `entity`'s objects changes a built index.
  func isIndexed(_ entity: String, slot: Int) -> Bool {
    indexes[entity]?.indexes.contains { $0.covers(slot) } ?? false
  }

  /// Takes objects of `entity` from the rows they had (nil: absent) to the rows they have
  /// (nil: gone) in its built indexes; drops the indexes instead when more objects changed
  /// since their last use than a thirty-second of the table (and a thousand): updating an
  /// ordered index entry by entry moves up to a block each time, and past that many a
  /// rebuild at the next use costs less.
  mutating func reindex(_ entity: String, _ changes: [(key: Int64, old: [Value]?, new: [Value]?)]) {
    guard var built = indexes[entity], !changes.isEmpty else { return }
    indexes[entity] = nil
    built.changes += changes.count
    guard built.changes <= max(1024, table(entity).count / 32) else { return }
    for i in built.indexes.indices {
      for change in changes {
        if let old = change.old { built.indexes[i].remove(old, key: change.key) }
        if let new = change.new { built.indexes[i].insert(new, key: change.key) }
      }
    }
    indexes[entity] = built
  }

  /// Drops the built indexes of `entity`, or of every entity.
  mutating func dropIndexes(of entity: String? = nil) {
    if let entity { indexes[entity] = nil } else { indexes = [:] }
  }
}
