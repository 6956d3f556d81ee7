/// The tables of a graph, from which a plan's ``PlanSource`` is made: an entity's table and
/// those of its sub-entities that have objects, each with the indexes the plan could use.
struct TableSources {
  let model: Model
  /// The table of the entity named.
  let table: (String) -> EntityTable
  /// The built indexes of the entity named, after building those of its indexes that begin
  /// with one of the slots given and are not built yet.
  let indexes: (String, Set<Int>) -> [BuiltIndex]

  /// The source a plan of `predicate` and `sort` over `entity` reads: the entity's table and
  /// those of its sub-entities that have objects, each with the indexes the plan could use,
  /// built now if they are not yet — those beginning with an attribute the predicate's
  /// conjuncts compare or the first sort key names (``Planner/leadingSlots(_:sort:)``), at
  /// the member's own slots — so that a statement builds no index it cannot use (a plain
  /// `fetch` streams its first row at once).
  func source(of entity: Entity, for predicate: BoundPredicate?, sort: [BoundSortKey] = [])
    -> PlanSource
  {
    let leading = Planner.leadingSlots(predicate, sort: sort)
    let members =
      [entity] + model.hierarchy(of: entity.name).dropFirst().filter { table($0.name).count > 0 }
    return PlanSource(
      entity: entity,
      members: members.map { member in
        let slots = MemberSlots(of: entity, in: member)
        let built = leading.isEmpty ? [] : indexes(member.name, Set(leading.compactMap(slots.slot)))
        return (member, table(member.name), built)
      })
  }
}
