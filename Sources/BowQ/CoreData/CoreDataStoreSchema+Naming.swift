extension CoreDataStoreSchema {
  /// This schema with each entity of `model` tied to its row of `Z_PRIMARYKEY`, as Core Data
  /// ties them through the model: by the entity's name, or else by its renaming identifier
  /// (`NSRenamingIdentifier`), the name an earlier version of the model gave it. A store
  /// migrated after an entity was renamed keeps the old name in `Z_PRIMARYKEY`; its row is
  /// then named as the model names the entity, so that every reader finds it, with a note.
  ///
  /// A row is tied to one entity at most: an old name that is still the name of an entity
  /// of the model stays that entity's.
  public func naming(_ model: CoreDataModel) -> (schema: CoreDataStoreSchema, notes: [String]) {
    var rowByName: [String: Int] = [:]
    for (i, row) in entityNumbers.enumerated() where rowByName[row.name] == nil {
      rowByName[row.name] = i
    }
    var renamed = self
    var notes: [String] = []
    for entity in model.entities where rowByName[entity.name] == nil {
      guard let old = entity.renamingIdentifier, old != entity.name, model[entity: old] == nil,
        let i = rowByName[old], renamed.entityNumbers[i].name == old
      else { continue }
      renamed.entityNumbers[i].name = entity.name
      notes.append(
        "the model's entity \(entity.name) is the store's \(old) (Z_ENT "
          + "\(entityNumbers[i].number)): Z_PRIMARYKEY still names it by its renaming "
          + "identifier, as a store migrated after the entity was renamed does")
    }
    return (renamed, notes)
  }
}
