/// What a `fetch` returns: one row of values per object (or, with `select`, per result
/// dictionary), in column order.
public struct ResultSet: Hashable, Sendable {
  /// The entity fetched.
  public var entity: String
  public var columns: [ResultColumn]
  /// The object each row belongs to; empty for dictionary results (`select`).
  public var ids: [ObjectID]
  /// The rows, made as they are read (see ``ResultRows``).
  public var rows: ResultRows

  public init(entity: String, columns: [ResultColumn], ids: [ObjectID], rows: ResultRows) {
    self.entity = entity
    self.columns = columns
    self.ids = ids
    self.rows = rows
  }

  public init(entity: String, columns: [ResultColumn], ids: [ObjectID], rows: [[Value]]) {
    self.init(entity: entity, columns: columns, ids: ids, rows: ResultRows(rows))
  }
}

/// A column of a result: its name and the type of its values.
public struct ResultColumn: Hashable, Sendable {
  public var name: String
  public var type: ValueType

  public init(name: String, type: ValueType) {
    self.name = name
    self.type = type
  }

  /// The columns of whole objects of an entity: every attribute, then every relationship.
  public static func columns(of entity: Entity) -> [ResultColumn] {
    entity.attributes.map { ResultColumn(name: $0.name, type: ValueType($0.type)) }
      + entity.relationships.map {
        let destination = ValueType.object(entity: $0.destination)
        return ResultColumn(
          name: $0.name, type: $0.isToMany ? .collection(of: destination) : destination)
      }
  }
}
