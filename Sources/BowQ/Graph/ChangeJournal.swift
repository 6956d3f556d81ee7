/// One column of a table as an edit found it, with the keys of its rows then.
struct RecordedColumn: Sendable {
  var keys: [Int64]
  var column: Column
}

/// What an edit replaced in a graph: each row it inserted or removed as it was before, each
/// value it updated as it was before, and for an entity it defined, the model and the
/// whole table as they were. Restoring a journal
/// undoes the edit (``ObjectGraph/restore(_:)``), and yields the journal that redoes it.
///
/// An undo step costs what the edit changed, not a copy of the graph: ten thousand single
/// inserts keep ten thousand small journals, where copies of a growing table would keep
/// fifty million rows.
public struct ChangeJournal: Sendable {
  /// The model before the edit, when the edit defined an entity.
  var model: Model?
  /// Whole tables before the edit, for entities it defined (a migration rewrites every
  /// row); nil for an entity that had no table.
  var tables: [String: EntityTable?] = [:]
  /// Rows before the edit, by entity and key; nil for an object that did not exist.
  var rows: [String: [Int64: [Value]?]] = [:]
  /// Values an update replaced, by entity, slot and key, for objects whose whole row is not
  /// in `rows`: an update of one attribute of a million objects keeps a million values,
  /// not a million rows.
  var values: [String: [Int: [Int64: Value]]] = [:]
  /// Whole columns an update of most of an entity's objects replaced, by entity and slot,
  /// for slots with no entry in `values`: the column before the edit, which shares its
  /// storage with the graph's until the edit writes into it, costs one column, not a boxed
  /// value and a dictionary entry per object.
  var columns: [String: [Int: RecordedColumn]] = [:]
  /// The next key of each entity before the edit.
  var nextKeys: [String: Int64] = [:]

  /// Whether the edit touched anything.
  var isEmpty: Bool {
    model == nil && tables.isEmpty && rows.isEmpty && values.isEmpty && columns.isEmpty
      && nextKeys.isEmpty
  }

  /// How many rows and values the journal keeps: what it costs.
  var recordedCount: Int {
    rows.values.reduce(0) { $0 + $1.count }
      + values.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
      + columns.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.keys.count } }
  }

  /// Whether restoring the journal would change `graph`: some recorded state differs from
  /// the graph's now (an edit that set a value back to what it was changed nothing).
  func changes(_ graph: ObjectGraph) -> Bool {
    if let model, model != graph.model { return true }
    for (entity, table) in tables where table != graph.tables[entity] { return true }
    for (entity, rows) in rows where !tables.keys.contains(entity) {
      let table = graph.tables[entity]
      for (key, row) in rows where row != table?.row(for: key) { return true }
    }
    for (entity, slots) in values where !tables.keys.contains(entity) {
      let table = graph.tables[entity]
      for (slot, values) in slots {
        for (key, value) in values where value != table?.value(for: key, slot: slot) {
          return true
        }
      }
    }
    for (entity, slots) in columns where !tables.keys.contains(entity) {
      guard let table = graph.tables[entity] else { return true }
      for (slot, recorded) in slots where !table.holds(recorded, in: slot) { return true }
    }
    return false
  }
}

extension ObjectGraph {
  /// Starts recording what changes replace, until ``endJournal()``.
  public mutating func beginJournal() {
    journal = ChangeJournal()
  }

  /// Stops recording and returns what was recorded.
  public mutating func endJournal() -> ChangeJournal {
    defer { journal = nil }
    return journal ?? ChangeJournal()
  }

  /// Records the row of `key` in `entity` as it is now, the first time the journal meets it.
  mutating func recordRow(_ key: Int64, of entity: String) {
    // Read the journal in place: a copy bound here would make the write below copy every
    // row recorded so far.
    guard journal?.tables.keys.contains(entity) == false,
      journal?.rows[entity]?.keys.contains(key) != true
    else { return }
    journal?.rows[entity, default: [:]][key] = .some(tables[entity]?.row(for: key))
    recordNextKey(of: entity)
  }

  /// Records the value in `slot` of the object with `key` as it is now, the first time the
  /// journal meets it (and the object's row is not recorded whole).
  mutating func recordValue(_ key: Int64, slot: Int, of entity: String) {
    guard journal?.tables.keys.contains(entity) == false,
      journal?.rows[entity]?.keys.contains(key) != true,
      journal?.values[entity]?[slot]?.keys.contains(key) != true,
      journal?.columns[entity]?[slot] == nil,
      let value = tables[entity]?.value(for: key, slot: slot)
    else { return }
    journal?.values[entity, default: [:]][slot, default: [:]][key] = value
  }

  /// Records the values in `slot` of the objects with `keys` as they are now, as
  /// ``recordValue(_:slot:of:)`` does for each, finding the entity's records once.
  mutating func recordValues(_ keys: some Sequence<Int64>, slot: Int, of entity: String) {
    guard var recorded = journal, !recorded.tables.keys.contains(entity),
      recorded.columns[entity]?[slot] == nil, let table = tables[entity]
    else { return }
    // Take the journal out while it grows, so that its dictionaries are not copied.
    journal = nil
    let rows = recorded.rows[entity]
    var values = recorded.values[entity]?.removeValue(forKey: slot) ?? [:]
    values.reserveCapacity(values.count + keys.underestimatedCount)
    for key in keys {
      guard values.index(forKey: key) == nil, rows?.index(forKey: key) == nil,
        let position = table.position(of: key)
      else { continue }
      values[key] = table.value(at: position, slot: slot)
    }
    recorded.values[entity, default: [:]][slot] = values
    journal = recorded
  }

  /// Records what an update of the objects with `keys` (`count` of them) in `slot` of
  /// `entity` replaces: the whole column as it is now when they are at least a quarter of
  /// the table and the journal holds nothing of the entity yet that the column could
  /// contradict (rows, or values of the slot); their values otherwise, as
  /// ``recordValues(_:slot:of:)`` does.
  mutating func recordColumn(
    forUpdating keys: some Sequence<Int64>, count: Int, slot: Int, of entity: String
  ) {
    guard let recorded = journal, let table = tables[entity], slot < table.slotCount,
      count >= table.count / 4, recorded.tables[entity] == nil, recorded.rows[entity] == nil,
      recorded.values[entity]?[slot] == nil
    else { return recordValues(keys, slot: slot, of: entity) }
    guard recorded.columns[entity]?[slot] == nil else { return }
    journal?.columns[entity, default: [:]][slot] = RecordedColumn(
      keys: table.keys, column: table.column(slot))
  }

  /// Records the next key of `entity` as it is now, the first time the journal meets it.
  mutating func recordNextKey(of entity: String) {
    guard journal != nil, journal?.nextKeys[entity] == nil, let table = tables[entity] else {
      return
    }
    journal?.nextKeys[entity] = table.nextKey
  }

  /// Records the model and the whole table of `entity` as they were before the edit.
  mutating func recordDefinition(of entity: String) {
    if journal != nil, journal?.model == nil { journal?.model = model }
    recordTable(of: entity)
  }

  /// Records the whole table of `entity` as it was before the edit: what an edit that
  /// rewrites or grows the whole table puts back.
  mutating func recordTable(of entity: String) {
    guard var recorded = journal, !recorded.tables.keys.contains(entity) else { return }
    journal = nil
    var before = tables[entity]
    if let rows = recorded.rows.removeValue(forKey: entity) {
      before?.restore(rows, nextKey: recorded.nextKeys[entity])
    }
    for (slot, values) in recorded.values.removeValue(forKey: entity) ?? [:] {
      for (key, value) in values { before?.update(key: key, attribute: slot, to: value) }
    }
    for (slot, column) in recorded.columns.removeValue(forKey: entity) ?? [:] {
      _ = before?.restore(column, in: slot)
    }
    recorded.nextKeys[entity] = nil
    recorded.tables[entity] = .some(before)
    journal = recorded
  }

  /// Puts back what `journal` recorded and returns the journal that puts back what it
  /// replaced: restoring an undo's journal redoes the edit.
  public mutating func restore(_ journal: ChangeJournal) -> ChangeJournal {
    var inverse = ChangeJournal()
    if let model = journal.model {
      inverse.model = self.model
      self.model = model
      dropIndexes()
    }
    for (entity, table) in journal.tables {
      inverse.tables[entity] = .some(tables[entity])
      tables[entity] = table
      dropIndexes(of: entity)
    }
    for (entity, rows) in journal.rows where !journal.tables.keys.contains(entity) {
      guard tables[entity] != nil else { continue }
      var replaced: [Int64: [Value]?] = [:]
      for key in rows.keys { replaced[key] = .some(tables[entity]?.row(for: key)) }
      inverse.rows[entity] = replaced
      inverse.nextKeys[entity] = tables[entity]?.nextKey
      tables[entity]?.restore(rows, nextKey: journal.nextKeys[entity])
      if indexes[entity] != nil {
        reindex(entity, rows.map { key, row in (key, replaced[key] ?? nil, row) })
      }
    }
    // After the rows: a value updated before its object was removed goes back into the
    // row brought back.
    for (entity, slots) in journal.values where !journal.tables.keys.contains(entity) {
      guard tables[entity] != nil else { continue }
      for (slot, values) in slots {
        var replaced: [Int64: Value] = [:]
        replaced.reserveCapacity(values.count)
        let indexed = isIndexed(entity, slot: slot)
        var reindexed: [(key: Int64, old: [Value]?, new: [Value]?)] = []
        for (key, value) in values {
          if let now = tables[entity]?.value(for: key, slot: slot) { replaced[key] = now }
          if indexed, let old = tables[entity]?.row(for: key) {
            var new = old
            new[slot] = value
            reindexed.append((key, old, new))
          }
          tables[entity]?.update(key: key, attribute: slot, to: value)
        }
        reindex(entity, reindexed)
        inverse.values[entity, default: [:]][slot] = replaced
      }
    }
    // After the rows too, which bring the table back to the keys a column was recorded with.
    for (entity, slots) in journal.columns where !journal.tables.keys.contains(entity) {
      guard tables[entity] != nil else { continue }
      for (slot, column) in slots {
        if let replaced = tables[entity]?.restore(column, in: slot) {
          inverse.columns[entity, default: [:]][slot] = replaced
        }
      }
      if slots.keys.contains(where: { isIndexed(entity, slot: $0) }) { dropIndexes(of: entity) }
    }
    return inverse
  }
}
