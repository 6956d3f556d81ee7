/// The model and every object in it: what a store file holds and a context edits.
public struct ObjectGraph: Hashable, Sendable {
  public private(set) var model: Model
  public private(set) var tables: [String: EntityTable]

  public init(model: Model = Model()) {
    self.model = model
    self.tables = Dictionary(uniqueKeysWithValues: model.entities.map { ($0.name, EntityTable()) })
  }

  public func table(_ entity: String) -> EntityTable {
    tables[entity] ?? EntityTable()
  }

  /// The value of one attribute of an object, or nil when the object or attribute is unknown.
  public func value(of id: ObjectID, attribute: String) -> Value? {
    guard let entity = model.entity(named: id.entity),
      let index = entity.index(ofAttribute: attribute),
      let row = tables[id.entity]?.row(for: id.key)
    else { return nil }
    return row[index]
  }

  public func contains(_ id: ObjectID) -> Bool {
    tables[id.entity]?.position(of: id.key) != nil
  }

  /// Defines or redefines an entity. Existing rows keep their values by property name;
  /// properties new to the entity take their default (or nil, or an empty to-many).
  public mutating func define(_ entity: Entity) {
    let old = model.entity(named: entity.name)
    model.define(entity)
    guard let old, let oldTable = tables[entity.name], old != entity else {
      if tables[entity.name] == nil { tables[entity.name] = EntityTable() }
      return
    }
    let fresh = entity.newRow
    let sources = entity.propertyNames.map { name in
      old.index(ofAttribute: name) ?? old.slot(ofRelationship: name)
    }
    var table = EntityTable()
    for (key, row) in zip(oldTable.keys, oldTable.rows) {
      table.insert(sources.enumerated().map { slot, source in source.map { row[$0] } ?? fresh[slot] }, key: key)
    }
    table.reserveKeys(below: oldTable.nextKey)
    tables[entity.name] = table
  }

  @discardableResult
  public mutating func insert(_ row: [Value], into entity: String, key: Int64? = nil) -> ObjectID {
    let key = tables[entity, default: EntityTable()].insert(row, key: key)
    return ObjectID(entity: entity, key: key)
  }

  public mutating func update(_ id: ObjectID, attribute: Int, to value: Value) {
    tables[id.entity]?.update(key: id.key, attribute: attribute, to: value)
  }

  /// Removes rows without looking at relationships; ``delete(_:)`` applies the rules.
  mutating func removeRows(_ ids: [ObjectID]) {
    for (entity, group) in Dictionary(grouping: ids, by: \.entity) {
      tables[entity]?.remove(keys: Set(group.map(\.key)))
    }
  }

  /// Sets the next primary key of an entity, as recorded in a store file.
  public mutating func reserveKeys(in entity: String, below key: Int64) {
    tables[entity]?.reserveKeys(below: key)
  }
}
