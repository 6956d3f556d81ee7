/// The objects a fetch, count or edit of an entity reads: its own and, as Core Data's
/// `includesSubentities`, those of every entity that inherits from it, each member's table
/// read in place under its own entity (``PlanSource``), nothing copied.
enum HierarchyScan {
  /// The object with `key` of `entity` or of an entity that inherits from it (keys are
  /// unique across a hierarchy, as `Z_PK` is), as `show Car/p5` and `why Car/p5` name a
  /// SportCar; nil when there is none.
  static func object(key: Int64, of entity: Entity, in graph: ObjectGraph) -> ObjectID? {
    graph.model.hierarchy(of: entity.name).lazy.map { ObjectID(entity: $0.name, key: key) }
      .first(where: graph.contains)
  }

  /// A row of `member` (an entity that inherits from `entity`, or `entity` itself) in the
  /// layout of `entity`: the values of `entity`'s properties, at `entity`'s slots.
  static func row(_ row: [Value], of member: Entity, as entity: Entity) -> [Value] {
    MemberSlots(of: entity, in: member).row(row)
  }
}
