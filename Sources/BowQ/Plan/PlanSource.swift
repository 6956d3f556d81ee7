/// The objects a plan reads: one entity's table, or — for an entity whose sub-entities have
/// objects, as Core Data's `includesSubentities` — the table of each member of the
/// hierarchy, read in place under its own entity, nothing copied.
///
/// A plan numbers the objects of its source one after another: the first member's in table
/// order, then the next member's, so a position names one object of one member and a plan
/// over a hierarchy gives its objects in the order a single table of all of them would.
struct PlanSource: Sendable {
  /// One entity of the hierarchy, with objects in its own table.
  struct Member: Sendable {
    var entity: Entity
    var table: EntityTable
    /// The member's indexes the plan may search.
    var indexes: [BuiltIndex]
    /// Where the member holds the properties of the source's entity.
    var slots: MemberSlots
    /// The position of the member's first object among the source's.
    var offset: Int
  }

  /// The entity the statement names; its properties are the result's columns.
  let entity: Entity
  /// The entity itself first, then each sub-entity with objects.
  let members: [Member]
  /// How many objects every member holds.
  let count: Int
  /// The object of each row, for rows an external source gave (``ExternalRows``), which
  /// may be of the entity's sub-entities; nil when each member's rows are its own objects.
  let ids: [ObjectID]?

  /// The objects of `entity`'s own table.
  init(entity: Entity, table: EntityTable, indexes: [BuiltIndex] = []) {
    self.init(entity: entity, members: [(entity, table, indexes)])
  }

  /// The rows an external source gave, in the layout of `entity`, with the object of each.
  init(entity: Entity, table: EntityTable, ids: [ObjectID]) {
    self.init(entity: entity, members: [(entity, table, [])], ids: ids)
  }

  /// The objects of each member's table, `entity` first.
  init(
    entity: Entity, members: [(entity: Entity, table: EntityTable, indexes: [BuiltIndex])],
    ids: [ObjectID]? = nil
  ) {
    self.entity = entity
    self.ids = ids
    var offset = 0
    self.members = members.map { member in
      defer { offset += member.table.count }
      return Member(
        entity: member.entity, table: member.table, indexes: member.indexes,
        slots: MemberSlots(of: entity, in: member.entity), offset: offset)
    }
    count = offset
  }

  /// Whether the objects are in more than one table.
  var isHierarchy: Bool { members.count > 1 }

  /// The member holding the object at `position`, and the object's position in its table.
  func locate(_ position: Int) -> (member: Int, position: Int) {
    guard isHierarchy else { return (0, position) }
    var low = 0
    var high = members.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if members[middle].offset <= position { low = middle } else { high = middle - 1 }
    }
    return (low, position - members[low].offset)
  }

  /// The object at `position`, under its own entity.
  func id(at position: Int) -> ObjectID {
    if let ids { return ids[position] }
    let (member, local) = locate(position)
    return ObjectID(entity: members[member].entity.name, key: members[member].table.keys[local])
  }

  /// The values of the object at `position`, in the layout of the source's entity.
  func row(at position: Int) -> [Value] {
    let (member, local) = locate(position)
    return members[member].slots.row(members[member].table.row(at: local))
  }

  /// The positions given, in runs of consecutive positions of one member: each member's
  /// index and the positions in its table, in the order given.
  func runs(_ positions: [Int]) -> [(member: Int, positions: [Int])] {
    guard isHierarchy else { return [(0, positions)] }
    var runs: [(member: Int, positions: [Int])] = []
    for position in positions {
      let (member, local) = locate(position)
      if runs.last?.member == member {
        runs[runs.count - 1].positions.append(local)
      } else {
        runs.append((member, [local]))
      }
    }
    return runs
  }
}
