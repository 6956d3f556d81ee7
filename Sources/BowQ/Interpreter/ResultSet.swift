/// The objects a `fetch` returns: one row of values per object, in column order.
public struct ResultSet: Hashable, Sendable {
  /// The entity fetched.
  public var entity: String
  /// The attribute shown in each column.
  public var columns: [Attribute]
  /// The object each row belongs to.
  public var ids: [ObjectID]
  public var rows: [[Value]]

  public init(entity: String, columns: [Attribute], ids: [ObjectID], rows: [[Value]]) {
    self.entity = entity
    self.columns = columns
    self.ids = ids
    self.rows = rows
  }
}
