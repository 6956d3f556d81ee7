/// The pending changes of a context, entities first, then objects in entity and key order,
/// each made only when it is read: counting a million changes, or showing the first few,
/// puts no object's values together.
///
/// Which touched objects really changed is found when the list is made, by comparing
/// their values where the columns keep them; a column an edit did not touch still shares
/// its storage with the saved graph's, and is not read at all.
public struct PendingChanges: RandomAccessCollection, Hashable, Sendable {
  /// The entities defined or redefined since the last save.
  private let entities: [String]
  /// The objects inserted, deleted, or holding some value other than the saved one.
  private let objects: [ObjectID]
  private let committed: ObjectGraph
  private let graph: ObjectGraph

  /// The changes from `committed` to `graph`, among the objects `touched` (in order).
  init(from committed: ObjectGraph, to graph: ObjectGraph, touched: [ObjectID]) {
    self.committed = committed
    self.graph = graph
    entities = graph.model.entities.lazy.filter { entity in
      committed.model.entity(named: entity.name) != entity
    }.map(\.name)
    var objects: [ObjectID] = []
    // A run of one entity's objects at a time: `touched` is sorted, one run each.
    var start = touched.startIndex
    while start < touched.endIndex {
      let entity = touched[start].entity
      let end = touched[start...].firstIndex { $0.entity != entity } ?? touched.endIndex
      let run = touched[start..<end]
      let changed = Comparison(entity, from: committed, to: graph).changed(run.map(\.key))
      objects += zip(run, changed).lazy.filter(\.1).map(\.0)
      start = end
    }
    self.objects = objects
  }

  /// Lists are equal when they hold the same changes in the same order.
  public static func == (a: PendingChanges, b: PendingChanges) -> Bool {
    a.elementsEqual(b)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { entities.count + objects.count }

  public subscript(position: Int) -> Change {
    guard position >= entities.count else { return .entityDefined(entities[position]) }
    let id = objects[position - entities.count]
    let old = Self.row(of: id, in: committed)
    let new = Self.row(of: id, in: graph)
    switch (old, new) {
    case (nil, let (entity, row)?):
      return .inserted(id, Self.values(of: row, in: entity))
    case (let (entity, row)?, nil):
      return .deleted(id, Self.values(of: row, in: entity))
    case (let (oldEntity, oldRow)?, let (newEntity, newRow)?):
      return .updated(id, Self.differences(oldEntity, oldRow, newEntity, newRow))
    case (nil, nil):
      // Not listed: an object in neither graph did not change.
      return .updated(id, [])
    }
  }

  /// The entity and values of the object `id` in `graph`; nil when it has none.
  private static func row(of id: ObjectID, in graph: ObjectGraph) -> (Entity, [Value])? {
    graph.model.entity(named: id.entity).flatMap { entity in
      graph.table(id.entity).row(for: id.key).map { (entity, $0) }
    }
  }

  private static func values(of row: [Value], in entity: Entity) -> [Change.AttributeValue] {
    zip(entity.propertyNames, row).map { .init(name: $0, value: $1) }
  }

  /// The properties of the new row whose values differ from those of the property of the
  /// same name in the old row (nil where the old entity had no such property).
  private static func differences(
    _ oldEntity: Entity, _ oldRow: [Value], _ newEntity: Entity, _ newRow: [Value]
  ) -> [Change.AttributeChange] {
    zip(newEntity.propertyNames, newRow).compactMap { name, value -> Change.AttributeChange? in
      let slot = oldEntity.index(ofAttribute: name) ?? oldEntity.slot(ofRelationship: name)
      let before = slot.map { oldRow[$0] } ?? .null
      return before == value ? nil : .init(name: name, old: before, new: value)
    }
  }

  /// Whether the objects of one entity changed between two graphs, read column by column
  /// when the entity kept its definition.
  private struct Comparison {
    private let old: (entity: Entity, table: EntityTable)?
    private let new: (entity: Entity, table: EntityTable)?
    /// The columns of each slot in both graphs and whether they are stored apart, when the
    /// entity kept its definition; nil when it did not, and rows are compared by property
    /// name.
    private let columns: [(old: Column, new: Column, apart: Bool)]?

    init(_ entity: String, from committed: ObjectGraph, to graph: ObjectGraph) {
      old = committed.model.entity(named: entity).map { ($0, committed.table(entity)) }
      new = graph.model.entity(named: entity).map { ($0, graph.table(entity)) }
      guard let old, let new, old.entity == new.entity,
        old.table.slotCount == new.table.slotCount
      else {
        columns = nil
        return
      }
      columns = (0..<new.table.slotCount).map { slot in
        let pair = (old: old.table.column(slot), new: new.table.column(slot))
        return (pair.old, pair.new, !pair.old.sharesStorage(with: pair.new))
      }
    }

    /// Whether each object of `keys` was inserted, deleted or holds another value in some
    /// property. The values are compared a column at a time; a column stored as the saved
    /// one is read only for objects that moved.
    func changed(_ keys: [Int64]) -> [Bool] {
      let positions = keys.map { key in
        (
          before: old.flatMap { $0.table.position(of: key) },
          after: new.flatMap { $0.table.position(of: key) }
        )
      }
      var changed = positions.map { ($0.before == nil) != ($0.after == nil) }
      guard let old, let new else { return changed }
      guard let columns else {
        for (object, (before, after)) in positions.enumerated() {
          guard let before, let after else { continue }
          changed[object] =
            !PendingChanges.differences(
              old.entity, old.table.row(at: before), new.entity, new.table.row(at: after)
            ).isEmpty
        }
        return changed
      }
      for (oldColumn, newColumn, apart) in columns {
        for (object, (before, after)) in positions.enumerated() where !changed[object] {
          guard let before, let after, apart || before != after else { continue }
          changed[object] = !oldColumn.holdsSameValue(at: before, as: newColumn, at: after)
        }
      }
      return changed
    }
  }
}
