/// The objects a fetch, count or edit of an entity reads: its own and, as Core Data's
/// `includesSubentities`, those of every entity that inherits from it.
///
/// While no sub-entity has objects this is the entity's own table. Otherwise it is one table
/// in the entity's layout holding every object of the hierarchy under its own key (keys are
/// unique across a hierarchy), each with the entity's properties (a sub-entity holds them at
/// its own slots), and ``ids`` says which object each row is, under its own entity.
struct HierarchyScan {
  /// The rows to scan, in the entity's layout.
  let table: EntityTable
  /// The object of each row; empty when ``table`` is the entity's own.
  private let ids: [ObjectID]
  private let entity: String

  /// The scan of `entity` in `graph`.
  init(of entity: Entity, in graph: ObjectGraph) {
    self.entity = entity.name
    let members = graph.model.hierarchy(of: entity.name).dropFirst()
      .filter { graph.table($0.name).count > 0 }
    guard !members.isEmpty else {
      table = graph.table(entity.name)
      ids = []
      return
    }
    var merged = EntityTable()
    var ids: [ObjectID] = []
    for member in [entity] + members {
      let own = graph.table(member.name)
      let slots = Self.slots(of: entity, in: member)
      for position in 0..<own.count {
        let row = own.row(at: position)
        merged.insert(Self.values(of: row, at: slots), key: own.keys[position])
        ids.append(ObjectID(entity: member.name, key: own.keys[position]))
      }
    }
    table = merged
    self.ids = ids
  }

  /// The object with `key` of `entity` or of an entity that inherits from it (keys are
  /// unique across a hierarchy, as `Z_PK` is), as `show Car/p5` and `why Car/p5` name a
  /// SportCar; nil when there is none.
  static func object(key: Int64, of entity: Entity, in graph: ObjectGraph) -> ObjectID? {
    graph.model.hierarchy(of: entity.name).lazy.map { ObjectID(entity: $0.name, key: key) }
      .first(where: graph.contains)
  }

  /// The object of the row at `position`.
  func id(at position: Int) -> ObjectID {
    ids.isEmpty ? ObjectID(entity: entity, key: table.keys[position]) : ids[position]
  }

  /// A row of `member` (an entity that inherits from `entity`, or `entity` itself) in the
  /// layout of `entity`: the values of `entity`'s properties, at `entity`'s slots.
  static func row(_ row: [Value], of member: Entity, as entity: Entity) -> [Value] {
    values(of: row, at: slots(of: entity, in: member))
  }

  /// For each slot of `entity`, the slot of the property of that name in `member`.
  private static func slots(of entity: Entity, in member: Entity) -> [Int?] {
    let names = member.propertyNames
    return entity.propertyNames.map { names.firstIndex(of: $0) }
  }

  /// The values of `row` at `slots`, nil where there is no slot.
  private static func values(of row: [Value], at slots: [Int?]) -> [Value] {
    slots.map { $0.map { row[$0] } ?? .null }
  }
}
