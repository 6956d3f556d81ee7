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

extension Interpreter {
  /// The source a plan of `predicate` and `sort` over `entity` reads: the entity's table
  /// and those of its sub-entities that have objects, each with the indexes the plan could
  /// use, built now if they are not yet — those beginning with an attribute the predicate's
  /// conjuncts compare or the first sort key names (``Planner/leadingSlots(_:sort:)``), at
  /// the member's own slots — so that a statement builds no index it cannot use.
  func source(of entity: Entity, for predicate: BoundPredicate?, sort: [BoundSortKey] = [])
    -> PlanSource
  {
    let leading = Planner.leadingSlots(predicate, sort: sort)
    let members =
      [entity]
      + context.graph.model.hierarchy(of: entity.name).dropFirst()
      .filter { context.graph.table($0.name).count > 0 }
    return PlanSource(
      entity: entity,
      members: members.map { member in
        let slots = MemberSlots(of: entity, in: member)
        var indexes: [BuiltIndex] = []
        if !leading.isEmpty {
          context.prepareIndexes(for: member.name, leading: Set(leading.compactMap(slots.slot)))
          indexes = context.graph.builtIndexes(of: member.name)
        }
        return (member, context.graph.table(member.name), indexes)
      })
  }
}
