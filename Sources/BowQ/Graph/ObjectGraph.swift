/// The model and every object in it: what a store file holds and a context edits.
public struct ObjectGraph: Hashable, Sendable {
  public internal(set) var model: Model
  public internal(set) var tables: [String: EntityTable]
  /// While an edit records its changes (``beginJournal()``), what they replaced.
  var journal: ChangeJournal?
  /// The indexes built so far, by entity (see ``prepareIndexes(for:)``): derived from the
  /// objects, so not part of what a graph holds.
  var indexes: [String: EntityIndexes] = [:]

  public init(model: Model = Model()) {
    self.model = model
    self.tables = Dictionary(uniqueKeysWithValues: model.entities.map { ($0.name, EntityTable()) })
  }

  /// Graphs are equal when their models and objects are; a journal being kept and the
  /// indexes built are not part of what a graph holds.
  public static func == (a: ObjectGraph, b: ObjectGraph) -> Bool {
    a.model == b.model && a.tables == b.tables
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(model)
    hasher.combine(tables)
  }

  public func table(_ entity: String) -> EntityTable {
    tables[entity] ?? EntityTable()
  }

  /// The slots of each entity whose columns are still in the store file the graph was read
  /// from (``EntityTable/undecoded``); empty once every column is decoded.
  public var undecodedColumns: [String: Set<Int>] {
    tables.compactMapValues { $0.undecoded.isEmpty ? nil : $0.undecoded }
  }

  /// The entities whose keys are still in the store file the graph was read from
  /// (``EntityTable/keysInFile``); empty once every entity's keys are read.
  var entitiesWithKeysInFile: [String] {
    tables.filter { $0.value.keysInFile }.map(\.key)
  }

  /// Whether every entity's keys and columns are decoded.
  public var isDecoded: Bool { tables.values.allSatisfy(\.isDecoded) }

  /// Puts in the keys of `entity`, which were still in the store file; `ascending` is whether
  /// they ascend.
  mutating func fill(keys: [Int64], ascending: Bool, of entity: String) {
    tables[entity]?.fill(keys: keys, ascending: ascending)
  }

  /// Puts in the keys of `entity` that `decoded`, its table with its keys read from the
  /// store file, holds, when they were still in the file.
  mutating func fill(keysOf decoded: EntityTable, of entity: String) {
    tables[entity]?.fill(keysOf: decoded)
  }

  /// Puts in decoded columns of `entity`, one for each of `slots`, whose columns were still
  /// in the store file; a slot already decoded keeps its column.
  mutating func fill(_ columns: [Column], slots: [Int], of entity: String) {
    guard tables[entity] != nil else { return }
    for (column, slot) in zip(columns, slots) { tables[entity]?.fill(column, in: slot) }
  }

  /// The value of one attribute of an object, or nil when the object or attribute is unknown.
  public func value(of id: ObjectID, attribute: String) -> Value? {
    guard let entity = model.entity(named: id.entity),
      let index = entity.index(ofAttribute: attribute)
    else { return nil }
    return tables[id.entity]?.value(for: id.key, slot: index)
  }

  public func contains(_ id: ObjectID) -> Bool {
    tables[id.entity]?.position(of: id.key) != nil
  }

  /// Defines or redefines an entity. Existing objects are migrated as Core Data's
  /// lightweight migration would (see ``Migration``); what it cannot do throws and changes
  /// nothing. A definition that changes only rules, constraints or indexes keeps the
  /// objects as they are.
  ///
  /// - Parameter renames: new property name → the name its values had (`renamed from`).
  public mutating func define(_ entity: Entity, renames: [String: String] = [:])
    throws(MigrationError)
  {
    guard let old = model.entity(named: entity.name), let oldTable = tables[entity.name],
      old.attributes != entity.attributes || old.relationships != entity.relationships
        || !renames.isEmpty
    else {
      recordDefinition(of: entity.name)
      dropIndexes(of: entity.name)
      model.define(entity)
      if tables[entity.name] == nil { tables[entity.name] = EntityTable() }
      return
    }
    let migration = Migration(old: old, new: entity, renames: renames)
    let sources = try migration.sources(of: oldTable)
    var table = EntityTable()
    for (position, key) in oldTable.keys.enumerated() {
      table.insert(migration.migrate(oldTable.row(at: position), sources: sources), key: key)
    }
    table.reserveKeys(below: oldTable.nextKey)
    recordDefinition(of: entity.name)
    model.define(entity)
    tables[entity.name] = table
    dropIndexes(of: entity.name)
  }

  @discardableResult
  /// Adds an object with `key`, or the next key of its entity. Keys are unique across an
  /// entity hierarchy, as Core Data's `Z_PK` is across a root entity's table, so a reference
  /// to a parent entity's object is its key alone: a new object of an entity that inherits or
  /// is inherited from gets the next key of the whole hierarchy. Without `key`, call
  /// ``checkKeysLeft(_:in:)`` first: a hierarchy whose keys are used up has none to give.
  public mutating func insert(_ row: [Value], into entity: String, key: Int64? = nil) -> ObjectID {
    let key = key ?? nextKey(inHierarchyOf: entity)
    if journal != nil { recordRow(key, of: entity) }
    tables[entity, default: EntityTable()].insert(row, key: key)
    reindex(entity, [(key, nil, row)])
    return ObjectID(entity: entity, key: key)
  }

  /// Inserts every object of `imported` (rows in `entity`'s layout, whose keys are not
  /// kept) as new objects of `entity`, in order, with the keys that many inserts would give;
  /// returns those keys. The journal keeps the table before as a whole (one entry, not one
  /// per object), and the entity's indexes are built again when next used. `imported` is
  /// emptied as its columns are added (see ``EntityTable/append(emptying:firstKey:)``).
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it, or ``KeysExhausted`` when the keys
  ///   left do not number every object; either way with the graph unchanged.
  mutating func insert(emptying imported: inout EntityTable, into entity: String)
    throws -> Range<Int64>
  {
    let first = nextKey(inHierarchyOf: entity)
    guard imported.count > 0 else { return first..<first }
    try checkKeysLeft(imported.count, in: entity)
    recordTable(of: entity)
    // Out of the dictionary while it grows, so that only the journal shares its storage.
    var table = tables.removeValue(forKey: entity) ?? EntityTable()
    defer { tables[entity] = table }
    let added = try table.append(emptying: &imported, firstKey: first)
    dropIndexes(of: entity)
    return added
  }

  /// Throws unless `count` new objects of `entity` can be given keys: keys are never
  /// reused, and a hierarchy whose keys reach `Int64.max` (a hostile store's `Z_PK`,
  /// `Z_MAX` or `nextKey`) has none left.
  public func checkKeysLeft(_ count: Int, in entity: String) throws(KeysExhausted) {
    guard EntityTable.hasKeys(for: count, from: nextKey(inHierarchyOf: entity)) else {
      throw KeysExhausted(entity: entity, count: count)
    }
  }

  /// The next key of `entity`, or, when it belongs to a hierarchy, the largest next key of
  /// the hierarchy's entities.
  private func nextKey(inHierarchyOf entity: String) -> Int64 {
    let own = table(entity).nextKey
    guard
      model.entity(named: entity)?.parent != nil
        || model.entities.contains(where: { $0.parent == entity })
    else { return own }
    var root = entity
    var seen: Set<String> = [entity]
    while let parent = model.entity(named: root)?.parent, seen.insert(parent).inserted {
      root = parent
    }
    return model.hierarchy(of: root).reduce(own) { max($0, table($1.name).nextKey) }
  }

  public mutating func update(_ id: ObjectID, attribute: Int, to value: Value) {
    if journal != nil { recordValue(id.key, slot: attribute, of: id.entity) }
    if isIndexed(id.entity, slot: attribute), let old = tables[id.entity]?.row(for: id.key) {
      var new = old
      new[attribute] = value
      reindex(id.entity, [(id.key, old, new)])
    }
    tables[id.entity]?.update(key: id.key, attribute: attribute, to: value)
  }

  /// Sets slot `attribute` of objects of `entity`, each to its value, in order: one edit of
  /// many objects, which finds the table and the journal's records once, not per object.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it; what it changed is in the journal.
  public mutating func update(
    _ entity: String, attribute: Int, _ changes: [(key: Int64, value: Value)]
  ) throws(Interrupted) {
    dropStoredIndexes(of: entity, covering: attribute)
    guard !isIndexed(entity, slot: attribute) else {
      for (step, (key, value)) in changes.enumerated() {
        try Interrupt.check(every: step)
        update(ObjectID(entity: entity, key: key), attribute: attribute, to: value)
      }
      return
    }
    if journal != nil {
      recordColumn(
        forUpdating: changes.lazy.map(\.key), count: changes.count, slot: attribute, of: entity)
    }
    try tables[entity]?.update(attribute: attribute, changes)
  }

  /// Removes rows without looking at relationships; ``delete(_:)`` applies the rules.
  ///
  /// The journal records the whole table when a quarter of it or more goes, which costs
  /// nothing (the rows are the table's until the removal writes a new one), and each row
  /// removed otherwise.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it while recording rows, before any is
  ///   removed.
  mutating func removeRows(_ ids: [ObjectID]) throws(Interrupted) {
    for (entity, group) in Dictionary(grouping: ids, by: \.entity) {
      if journal != nil, let table = tables[entity] {
        if group.count >= table.count / 4 {
          recordTable(of: entity)
        } else {
          for (step, id) in group.enumerated() {
            try Interrupt.check(every: step)
            recordRow(id.key, of: entity)
          }
        }
      }
      if dropsIndexes(of: entity, changing: group.count) {
        // As reindexing would, without reading the rows first.
        dropIndexes(of: entity)
      } else if indexes[entity] != nil, let table = tables[entity] {
        reindex(entity, group.compactMap { id in table.row(for: id.key).map { (id.key, $0, nil) } })
      }
      tables[entity]?.remove(keys: Set(group.map(\.key)))
    }
  }

  /// Sets the next primary key of an entity, as recorded in a store file.
  public mutating func reserveKeys(in entity: String, below key: Int64) {
    if journal != nil { recordNextKey(of: entity) }
    tables[entity]?.reserveKeys(below: key)
  }
}
