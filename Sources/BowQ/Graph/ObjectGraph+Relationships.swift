/// Relationship edits, with inverses kept in step, and deletion with delete rules.
extension ObjectGraph {
  /// The objects a relationship slot holds (none for nil).
  public static func targets(in slot: Value) -> [ObjectID] {
    switch slot {
    case .object(let id): return [id]
    case .collection(let values):
      return values.compactMap { if case .object(let id) = $0 { return id } else { return nil } }
    default: return []
    }
  }

  /// The objects `id`'s relationship points to.
  public func destinations(of id: ObjectID, _ relationship: String) -> [ObjectID] {
    guard let entity = model.entity(named: id.entity),
      let slot = entity.slot(ofRelationship: relationship),
      let row = tables[id.entity]?.row(for: id.key)
    else { return [] }
    return Self.targets(in: row[slot])
  }

  /// Replaces what a relationship points to, updating the inverses of old and new
  /// destinations. Returns every object whose row changed.
  @discardableResult
  public mutating func setRelationship(_ id: ObjectID, _ name: String, to targets: [ObjectID])
    -> Set<ObjectID>
  {
    let current = destinations(of: id, name)
    var changed = removeFromRelationship(id, name, current.filter { !targets.contains($0) })
    changed.formUnion(addToRelationship(id, name, targets))
    return changed
  }

  /// Adds destinations to a to-many (or sets a to-one), keeping inverses in step.
  @discardableResult
  public mutating func addToRelationship(_ id: ObjectID, _ name: String, _ targets: [ObjectID])
    -> Set<ObjectID>
  {
    guard let relationship = model.entity(named: id.entity)?.relationship(named: name) else {
      return []
    }
    var changed: Set<ObjectID> = []
    for target in targets where contains(target) {
      changed.formUnion(link(id, relationship, target))
      if let inverse = relationship.inverse,
        let back = model.entity(named: target.entity)?.relationship(named: inverse)
      {
        changed.formUnion(link(target, back, id))
      }
    }
    return changed
  }

  /// Removes destinations from a relationship, keeping inverses in step.
  @discardableResult
  public mutating func removeFromRelationship(_ id: ObjectID, _ name: String, _ targets: [ObjectID])
    -> Set<ObjectID>
  {
    guard let relationship = model.entity(named: id.entity)?.relationship(named: name) else {
      return []
    }
    var changed: Set<ObjectID> = []
    for target in targets {
      changed.formUnion(unlink(id, name, target))
      if let inverse = relationship.inverse { changed.formUnion(unlink(target, inverse, id)) }
    }
    return changed
  }

  /// Points one side at `target`. A to-one that pointed elsewhere lets go of the old
  /// destination, on both sides.
  private mutating func link(_ id: ObjectID, _ relationship: Relationship, _ target: ObjectID)
    -> Set<ObjectID>
  {
    guard let slot = model.entity(named: id.entity)?.slot(ofRelationship: relationship.name),
      let row = tables[id.entity]?.row(for: id.key)
    else { return [] }
    var changed: Set<ObjectID> = [id]
    if relationship.isToMany {
      var members = Self.targets(in: row[slot])
      guard !members.contains(target) else { return [] }
      members.append(target)
      update(id, attribute: slot, to: .collection(members.sorted().map(Value.object)))
    } else {
      if case .object(let old) = row[slot] {
        if old == target { return [] }
        if let inverse = relationship.inverse { changed.formUnion(unlink(old, inverse, id)) }
      }
      update(id, attribute: slot, to: .object(target))
    }
    return changed
  }

  /// Removes `target` from one side only.
  private mutating func unlink(_ id: ObjectID, _ name: String, _ target: ObjectID) -> Set<ObjectID>
  {
    guard let entity = model.entity(named: id.entity), let slot = entity.slot(ofRelationship: name),
      let relationship = entity.relationship(named: name),
      let row = tables[id.entity]?.row(for: id.key)
    else { return [] }
    if relationship.isToMany {
      let members = Self.targets(in: row[slot])
      guard members.contains(target) else { return [] }
      update(
        id, attribute: slot, to: .collection(members.filter { $0 != target }.map(Value.object)))
    } else {
      guard row[slot] == .object(target) else { return [] }
      update(id, attribute: slot, to: .null)
    }
    return [id]
  }

  /// What deleting objects does under their delete rules.
  public struct Deletion: Sendable {
    /// Every object deleted: the ones asked for and those their cascades reached.
    public var deleted: [ObjectID]
    /// Objects that stay but whose relationships changed (nullified inverses).
    public var updated: Set<ObjectID>
    /// Deny rules broken: the object, the relationship, and what it still points to.
    public var denied: [DeniedDeletion]
  }

  /// Deletes objects, applying each relationship's delete rule: cascade deletes the
  /// destinations too, nullify (and deny) remove the object from the destinations'
  /// inverses, no action leaves them pointing at it.
  @discardableResult
  public mutating func delete(_ ids: [ObjectID]) -> Deletion {
    var doomed: [ObjectID] = []
    var seen: Set<ObjectID> = []
    var work = ids.filter(contains)
    while let id = work.popLast() {
      guard seen.insert(id).inserted else { continue }
      doomed.append(id)
      for relationship in model.entity(named: id.entity)?.relationships ?? []
      where relationship.deleteRule == .cascade {
        work.append(contentsOf: destinations(of: id, relationship.name).filter(contains))
      }
    }
    var updated: Set<ObjectID> = []
    var denied: [DeniedDeletion] = []
    for id in doomed {
      for relationship in model.entity(named: id.entity)?.relationships ?? [] {
        let survivors = destinations(of: id, relationship.name).filter {
          !seen.contains($0) && contains($0)
        }
        if relationship.deleteRule == .deny, !survivors.isEmpty {
          denied.append(
            DeniedDeletion(object: id, relationship: relationship.name, destinations: survivors))
        }
        guard relationship.deleteRule != .noAction, let inverse = relationship.inverse else {
          continue
        }
        for survivor in survivors { updated.formUnion(unlink(survivor, inverse, id)) }
      }
    }
    removeRows(doomed)
    return Deletion(deleted: doomed, updated: updated.subtracting(seen), denied: denied)
  }
}

/// A delete that a Deny rule forbids: reported at save as Core Data's 1600.
public struct DeniedDeletion: Hashable, Sendable {
  public var object: ObjectID
  public var relationship: String
  public var destinations: [ObjectID]
}
