/// Why an entity cannot be redefined over the objects it has: what Core Data's lightweight
/// migration could not infer either.
public struct MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// The lightweight migration of one entity's objects to a new definition: attributes added
/// (optional or with a default), removed, or renamed with `renamed from`; relationships
/// added, removed, or turned between to-one and to-many. Anything else is refused, naming
/// the property, and changes nothing.
struct Migration {
  let old: Entity
  let new: Entity
  /// New name → earlier name.
  let renames: [String: String]

  /// Where each new slot's values come from in an old row, or nil for a fresh value.
  func sources(of table: EntityTable) throws(MigrationError) -> [Int?] {
    let objectCount = table.count
    func anyObject(_ test: (Int) -> Bool) -> Bool { (0..<objectCount).contains(where: test) }
    for (newName, oldName) in renames
    where old.index(ofAttribute: oldName) == nil && old.slot(ofRelationship: oldName) == nil {
      throw MigrationError(
        message:
          "\(new.name).\(newName) is renamed from \(oldName), but \(old.name) has no property \(oldName)."
          + NameSuggestion.hint(for: oldName, among: old.propertyNames))
    }
    var sources: [Int?] = []
    for attribute in new.attributes {
      let oldName = renames[attribute.name] ?? attribute.name
      guard let index = old.index(ofAttribute: oldName) else {
        if !attribute.isOptional, attribute.defaultValue == nil, objectCount > 0 {
          throw MigrationError(
            message: "cannot add the required attribute \(attribute.name) without a default: "
              + "\(objectCount) existing \(new.name) objects would have no value; make it optional "
              + "(\(attribute.type.name)?) or give it a default")
        }
        sources.append(nil)
        continue
      }
      let before = old.attributes[index]
      guard before.type == attribute.type else {
        throw MigrationError(
          message:
            "cannot change \(new.name).\(attribute.name) from \(before.type.name) to \(attribute.type.name): "
            + "a lightweight migration cannot convert values; add a new attribute and copy them with update"
        )
      }
      if before.isOptional, !attribute.isOptional, attribute.defaultValue == nil,
        anyObject({ table.value(at: $0, slot: index).isNull })
      {
        throw MigrationError(
          message:
            "cannot make \(new.name).\(attribute.name) required without a default: some objects have no value"
        )
      }
      sources.append(index)
    }
    for relationship in new.relationships {
      let oldName = renames[relationship.name] ?? relationship.name
      guard let slot = old.slot(ofRelationship: oldName),
        let before = old.relationship(named: oldName)
      else {
        sources.append(nil)
        continue
      }
      guard before.destination == relationship.destination else {
        throw MigrationError(
          message:
            "cannot point \(new.name).\(relationship.name) at \(relationship.destination) instead of \(before.destination)"
        )
      }
      if before.isToMany, !relationship.isToMany,
        anyObject({ ObjectGraph.targets(in: table.value(at: $0, slot: slot)).count > 1 })
      {
        throw MigrationError(
          message:
            "cannot make \(new.name).\(relationship.name) to-one: some objects hold several \(relationship.destination) objects"
        )
      }
      sources.append(slot)
    }
    return sources
  }

  /// A row of the new shape from an old one.
  func migrate(_ row: [Value], sources: [Int?]) -> [Value] {
    let fresh = new.newRow
    return sources.enumerated().map { slot, source in
      guard let source else { return fresh[slot] }
      let value = row[source]
      guard slot >= new.attributes.count else { return value }
      let isToMany = new.relationships[slot - new.attributes.count].isToMany
      let targets = ObjectGraph.targets(in: value)
      return isToMany
        ? .collection(targets.map(Value.object)) : (targets.first.map(Value.object) ?? .null)
    }
  }
}
