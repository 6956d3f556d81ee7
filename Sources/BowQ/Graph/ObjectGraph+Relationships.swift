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
    apply([RelationshipEdit(object: id, relationship: name, change: .set(targets))])
  }

  /// Adds destinations to a to-many (or sets a to-one), keeping inverses in step.
  @discardableResult
  public mutating func addToRelationship(_ id: ObjectID, _ name: String, _ targets: [ObjectID])
    -> Set<ObjectID>
  {
    apply([RelationshipEdit(object: id, relationship: name, change: .add(targets))])
  }

  /// Removes destinations from a relationship, keeping inverses in step.
  @discardableResult
  public mutating func removeFromRelationship(_ id: ObjectID, _ name: String, _ targets: [ObjectID])
    -> Set<ObjectID>
  {
    apply([RelationshipEdit(object: id, relationship: name, change: .remove(targets))])
  }

  /// Applies relationship edits of many objects as one, keeping inverses in step, and
  /// returns every object whose row changed. Each to-many's members are read once and
  /// written once, however many of them the edits change: giving 100,000 ties one owner
  /// costs about as much as reading and writing the owner's list once.
  @discardableResult
  public mutating func apply(_ edits: [RelationshipEdit]) -> Set<ObjectID> {
    var members = PendingMembers()
    var changed: Set<ObjectID> = []
    for edit in edits {
      guard
        let relationship = model.entity(named: edit.object.entity)?.relationship(
          named: edit.relationship)
      else { continue }
      switch edit.change {
      case .set(let targets):
        let kept = Set(targets)
        let current = destinations(of: edit.object, relationship, &members)
        unlinkBoth(
          edit.object, relationship, current.filter { !kept.contains($0) }, &members, &changed)
        linkBoth(edit.object, relationship, targets, &members, &changed)
        if relationship.isOrdered,
          let slot = model.entity(named: edit.object.entity)?.slot(
            ofRelationship: relationship.name),
          members.lists[edit.object]?[slot]?.arrange(targets) == true
        {
          changed.insert(edit.object)
        }
      case .add(let targets):
        linkBoth(edit.object, relationship, targets, &members, &changed)
      case .remove(let targets):
        unlinkBoth(edit.object, relationship, targets, &members, &changed)
      }
    }
    write(members)
    return changed
  }

  /// The members of the to-many slots an edit has touched, until they are written back in
  /// one go.
  struct PendingMembers {
    var lists: [ObjectID: [Int: MemberList]] = [:]
  }

  /// The members of one to-many in the order they were added, each added or removed in
  /// constant time: a removed member leaves a hole, which writing skips.
  struct MemberList {
    private var order: [ObjectID?]
    private var positions: [ObjectID: Int]

    init(_ members: [ObjectID]) {
      order = members
      positions = Dictionary(
        members.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Adds `id` at the end; false when it is a member already.
    mutating func insert(_ id: ObjectID) -> Bool {
      guard positions[id] == nil else { return false }
      positions[id] = order.count
      order.append(id)
      return true
    }

    /// Removes `id`; false when it was not a member.
    mutating func remove(_ id: ObjectID) -> Bool {
      guard let position = positions.removeValue(forKey: id) else { return false }
      order[position] = nil
      return true
    }

    /// Puts the members that are among `targets` in their order there, ahead of any
    /// others; true when the order changed.
    mutating func arrange(_ targets: [ObjectID]) -> Bool {
      let before = inOrder
      var arranged: [ObjectID] = []
      var placed: Set<ObjectID> = []
      for target in targets where positions[target] != nil && placed.insert(target).inserted {
        arranged.append(target)
      }
      arranged += before.filter { !placed.contains($0) }
      guard arranged != before else { return false }
      self = MemberList(arranged)
      return true
    }

    /// The members in the order they were added.
    var inOrder: [ObjectID] { order.compactMap { $0 } }

    /// The members in key order.
    var sorted: [ObjectID] { positions.keys.sorted() }
  }

  /// Writes each to-many whose members changed back: an ordered one's in the order they
  /// were added, any other's sorted by key.
  private mutating func write(_ members: PendingMembers) {
    for (id, slots) in members.lists {
      guard let entity = model.entity(named: id.entity),
        let row = tables[id.entity]?.row(for: id.key)
      else { continue }
      for (slot, list) in slots {
        let isOrdered = entity.relationships[slot - entity.attributes.count].isOrdered
        let current = Self.targets(in: row[slot])
        if isOrdered, current != list.inOrder {
          update(id, attribute: slot, to: .collection(list.inOrder.map(Value.object)))
        } else if !isOrdered, Set(current) != Set(list.sorted) {
          update(id, attribute: slot, to: .collection(list.sorted.map(Value.object)))
        }
      }
    }
  }

  /// The members of `id`'s to-many at `slot`, read from the row the first time.
  private func load(_ id: ObjectID, _ slot: Int, _ members: inout PendingMembers) {
    guard members.lists[id]?[slot] == nil else { return }
    let row = tables[id.entity]?.row(for: id.key)
    members.lists[id, default: [:]][slot] = MemberList(row.map { Self.targets(in: $0[slot]) } ?? [])
  }

  /// What `id`'s relationship points to, with the edit's pending members.
  private func destinations(
    of id: ObjectID, _ relationship: Relationship, _ members: inout PendingMembers
  ) -> [ObjectID] {
    guard let slot = model.entity(named: id.entity)?.slot(ofRelationship: relationship.name)
    else { return [] }
    guard relationship.isToMany else { return destinations(of: id, relationship.name) }
    load(id, slot, &members)
    return members.lists[id]?[slot]?.inOrder ?? []
  }

  /// Links `id` to each target and each target back to `id`.
  private mutating func linkBoth(
    _ id: ObjectID, _ relationship: Relationship, _ targets: [ObjectID],
    _ members: inout PendingMembers, _ changed: inout Set<ObjectID>
  ) {
    for target in targets where contains(target) {
      link(id, relationship, target, &members, &changed)
      if let inverse = relationship.inverse,
        let back = model.entity(named: target.entity)?.relationship(named: inverse)
      {
        link(target, back, id, &members, &changed)
      }
    }
  }

  /// Unlinks `id` from each target and each target from `id`.
  private mutating func unlinkBoth(
    _ id: ObjectID, _ relationship: Relationship, _ targets: [ObjectID],
    _ members: inout PendingMembers, _ changed: inout Set<ObjectID>
  ) {
    for target in targets {
      unlink(id, relationship.name, target, &members, &changed)
      if let inverse = relationship.inverse { unlink(target, inverse, id, &members, &changed) }
    }
  }

  /// Points one side at `target`. A to-one that pointed elsewhere lets go of the old
  /// destination, on both sides.
  private mutating func link(
    _ id: ObjectID, _ relationship: Relationship, _ target: ObjectID,
    _ members: inout PendingMembers, _ changed: inout Set<ObjectID>
  ) {
    guard let slot = model.entity(named: id.entity)?.slot(ofRelationship: relationship.name),
      let row = tables[id.entity]?.row(for: id.key)
    else { return }
    if relationship.isToMany {
      load(id, slot, &members)
      if members.lists[id]?[slot]?.insert(target) == true { changed.insert(id) }
    } else {
      if case .object(let old) = row[slot] {
        if old == target { return }
        if let inverse = relationship.inverse { unlink(old, inverse, id, &members, &changed) }
      }
      update(id, attribute: slot, to: .object(target))
      changed.insert(id)
    }
  }

  /// Removes `target` from one side only.
  private mutating func unlink(
    _ id: ObjectID, _ name: String, _ target: ObjectID, _ members: inout PendingMembers,
    _ changed: inout Set<ObjectID>
  ) {
    guard let entity = model.entity(named: id.entity), let slot = entity.slot(ofRelationship: name),
      let relationship = entity.relationship(named: name),
      let row = tables[id.entity]?.row(for: id.key)
    else { return }
    if relationship.isToMany {
      load(id, slot, &members)
      if members.lists[id]?[slot]?.remove(target) == true { changed.insert(id) }
    } else {
      guard row[slot] == .object(target) else { return }
      update(id, attribute: slot, to: .null)
      changed.insert(id)
    }
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
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it; what it changed is in the journal.
  @discardableResult
  public mutating func delete(_ ids: [ObjectID]) throws(Interrupted) -> Deletion {
    var doomed: [ObjectID] = []
    var seen: Set<ObjectID> = []
    var work = ids.filter(contains)
    while let id = work.popLast() {
      try Interrupt.check(every: seen.count)
      guard seen.insert(id).inserted else { continue }
      doomed.append(id)
      for relationship in model.entity(named: id.entity)?.relationships ?? []
      where relationship.deleteRule == .cascade {
        work.append(contentsOf: destinations(of: id, relationship.name).filter(contains))
      }
    }
    var updated: Set<ObjectID> = []
    var denied: [DeniedDeletion] = []
    var members = PendingMembers()
    for (step, id) in doomed.enumerated() {
      try Interrupt.check(every: step)
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
        for survivor in survivors { unlink(survivor, inverse, id, &members, &updated) }
      }
    }
    write(members)
    try removeRows(doomed)
    return Deletion(deleted: doomed, updated: updated.subtracting(seen), denied: denied)
  }
}

/// A delete that a Deny rule forbids: reported at save as Core Data's 1600.
public struct DeniedDeletion: Hashable, Sendable {
  public var object: ObjectID
  public var relationship: String
  public var destinations: [ObjectID]
}

/// One relationship edit of one object: what ``ObjectGraph/apply(_:)`` takes.
public struct RelationshipEdit: Hashable, Sendable {
  /// How the relationship's destinations change.
  public enum Action: Hashable, Sendable {
    /// To exactly these (`owner = …`, `ties = …`).
    case set([ObjectID])
    /// These added (`ties += …`).
    case add([ObjectID])
    /// These removed (`ties -= …`).
    case remove([ObjectID])
  }

  public var object: ObjectID
  public var relationship: String
  public var change: Action

  public init(object: ObjectID, relationship: String, change: Action) {
    self.object = object
    self.relationship = relationship
    self.change = change
  }
}
