/// The tables of a graph, from which a plan's ``PlanSource`` is made: an entity's table and
/// those of its sub-entities that have objects, each with the indexes the plan could use.
struct TableSources {
  let model: Model
  /// The table of the entity named.
  let table: (String) -> EntityTable
  /// The built indexes of the entity named, after taking into use (when the store file
  /// keeps them) or building those that begin with one of the slots given and that the test
  /// accepts.
  let indexes: (String, Set<Int>, (IndexDefinition) -> Bool) -> [BuiltIndex]
  /// Whether an index built now outlives the statement (a save can write it, or the session
  /// keeps it for its later statements).
  let keepsBuiltIndexes: Bool

  /// The source a plan of `predicate` and `sort` over `entity` reads: the entity's table and
  /// those of its sub-entities that have objects, each with the indexes the plan could use,
  /// built now if they are not yet — those beginning with an attribute the predicate's
  /// conjuncts compare or the first sort key names (``Planner/leadingSlots(_:sort:)``), at
  /// the member's own slots — so that a statement builds no index it cannot use (a plain
  /// `fetch` streams its first row at once).
  ///
  /// An index is built, or one the store file keeps taken into use (which reads every row
  /// it lists, as a build does), only when it will be kept (``keepsBuiltIndexes``) or when
  /// the statement's savings pay for the build (``PlanEstimate/buildPays(objects:predicate:)``):
  /// a `--read-only` session scans rather than pay for an index it would throw away.
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
        let objects = table(member.name).count
        let built =
          leading.isEmpty
          ? []
          : indexes(member.name, Set(leading.compactMap(slots.slot))) { _ in
            keepsBuiltIndexes || PlanEstimate.buildPays(objects: objects, predicate: predicate)
          }
        return (member, table(member.name), built)
      })
  }
}
