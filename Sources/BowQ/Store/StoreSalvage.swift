import Foundation

/// Reads what can be read from a store whose objects are partly damaged: every entity
/// whose objects decode, leaving out the others with the error that stopped each.
///
/// The layout keeps each entity's objects in their own entry, so one entity's damage does
/// not touch the others' entries. Relationships to an entity that is left out are emptied
/// in the entities that keep their objects (to-ones become nil, to-manys empty), each with
/// a note among the errors. The model and the root (`format`, `version`) must be intact:
/// without them no object has a meaning, and salvaging fails with the error loading gives.
/// Only an attribute pattern or an entity rule that does not compile is left out of the
/// model, each with a note.
/// An entity that is left out keeps its place in the model with no objects.
///
/// Salvaging decodes through ``StoreCodec/decode(_:)`` itself, so it applies exactly the
/// checks loading does: it decodes the whole store, and while decoding fails on one
/// entity's objects, empties that entity and tries again; at most once per entity.
enum StoreSalvage {
  /// The graph of every entity that decodes, and the errors that say what was left out: one
  /// for each entity whose objects do not decode, for each entry of an entity the model does
  /// not define, and for each relationship emptied because its destination was left out.
  ///
  /// Values kept apart are read from `externalData`; an entity with one whose file is
  /// missing or damaged is left out with that error.
  static func decode(_ plist: PropertyList, externalData: ExternalDataFolder? = nil) throws -> (
    graph: ObjectGraph, skipped: [StoreError]
  ) {
    func decode(_ plist: PropertyList) throws -> ObjectGraph {
      try StoreCodec.decode(plist, externalData: externalData)
    }
    if let graph = try? decode(plist) { return (graph, []) }
    guard case .dictionary(var root) = plist else { return (try decode(plist), []) }
    let (model, skippedRules) = StoreModelCoding.withoutInvalidRules(
      try StoreModelCoding.decode(root["model"], checkingRules: false))
    if !skippedRules.isEmpty { root["model"] = StoreModelCoding.encode(model) }
    let names = model.entities.map(\.name)
    var entries = root["entities"]?.dictionaryValue ?? [:]
    var skipped = skippedRules
    for name in entries.keys where model.entity(named: name) == nil {
      skipped.append(
        StoreError.invalidObjects(
          entity: name, attribute: nil, row: nil,
          message: "the model does not define this entity."
            + NameSuggestion.hint(for: name, among: names)))
      entries[name] = nil
    }
    var emptied = Set<String>()
    func leaveOut(_ entity: Entity, because error: StoreError) {
      skipped.append(error)
      emptied.insert(entity.name)
      entries[entity.name] = emptyEntry(for: entity)
      for other in model.entities where !emptied.contains(other.name) {
        for relationship in other.relationships where relationship.destination == entity.name {
          guard let detached = detach(relationship, in: entries[other.name]) else { continue }
          entries[other.name] = detached
          skipped.append(
            StoreError.invalidRelationship(
              entity: other.name, relationship: relationship.name, row: nil,
              message: "left empty, since the \(entity.name) objects it refers to are left out"))
        }
      }
    }
    for entity in model.entities where entries[entity.name] == nil {
      leaveOut(
        entity,
        because: StoreError.invalidObjects(
          entity: entity.name, attribute: nil, row: nil,
          message: "the store has no objects entry for this entity"))
    }
    while true {
      root["entities"] = .dictionary(entries)
      do {
        return (try decode(.dictionary(root)), skipped)
      } catch let error as StoreError {
        guard let name = entityName(of: error), let entity = model.entity(named: name),
          !emptied.contains(name)
        else { throw error }
        leaveOut(entity, because: error)
      }
    }
  }

  /// The entity whose objects an error is about; nil for errors about the whole store.
  private static func entityName(of error: StoreError) -> String? {
    switch error {
    case .invalidObjects(let entity, _, _, _), .invalidRelationship(let entity, _, _, _),
      .externalDataUnreadable(let entity, _, _, _, _):
      return entity
    default:
      return nil
    }
  }

  /// `entry` with every row of `relationship`'s column holding no object: nil for a to-one
  /// (the placeholder `0` with the row's bit set in the `.nulls` bitmap), `[]` for a
  /// to-many. Nil when the entry is not laid out well enough to change; decoding then
  /// reports it.
  private static func detach(_ relationship: Relationship, in entry: PropertyList?)
    -> PropertyList?
  {
    guard case .dictionary(var objects) = entry, case .array(let keys) = objects["keys"],
      case .dictionary(var columns) = objects["columns"]
    else { return nil }
    let rows = keys.count
    let nullsKey = relationship.name + StoreCodec.nullsSuffix
    if relationship.isToMany {
      columns[relationship.name] = .array(Array(repeating: .array([]), count: rows))
      columns[nullsKey] = nil
    } else {
      columns[relationship.name] = .array(Array(repeating: .integer(0), count: rows))
      var bitmap = [UInt8](repeating: 0xFF, count: (rows + 7) / 8)
      if rows % 8 != 0 { bitmap[bitmap.count - 1] = UInt8(1 << (rows % 8)) - 1 }
      columns[nullsKey] = rows == 0 ? nil : .data(Data(bitmap))
    }
    objects["columns"] = .dictionary(columns)
    return .dictionary(objects)
  }

  /// An entry with no objects: `nextKey` 1, no keys, and an empty column for each attribute
  /// and relationship.
  private static func emptyEntry(for entity: Entity) -> PropertyList {
    var columns = PropertyListDictionary()
    for name in entity.attributes.map(\.name) + entity.relationships.map(\.name) {
      columns[name] = .array([])
    }
    return ["nextKey": 1, "keys": .array([]), "columns": .dictionary(columns)]
  }
}
