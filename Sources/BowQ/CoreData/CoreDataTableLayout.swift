/// Where the properties of one entity hierarchy are in its table: Core Data keeps an entity
/// and all its sub-entities in the root's table `Z<ROOT>`, one column `Z<NAME>` per stored
/// attribute and to-one relationship of any of them. When two entities of the hierarchy
/// have properties of the same name, the later ones (by entity number) get `Z<NAME>1`,
/// `Z<NAME>2`, …. The columns are checked against the table's real list.
struct CoreDataTableLayout {
  /// `Z<ROOT>`.
  let table: String
  /// The table's columns as SQLite lists them.
  let columnNames: Set<String>
  /// The column of each stored property, by the entity that declares it and its name.
  private(set) var columns: [PropertyKey: String] = [:]

  /// A property by the entity that declares it.
  struct PropertyKey: Hashable {
    var entity: String
    var property: String
  }

  /// The layout of the hierarchy `entities` (the root `root` first, then by entity number)
  /// in its table `Z<ROOT>` of the store open on `connection`, whose tables are `tables`:
  /// the table must be there, with its `Z_PK` and `Z_ENT` columns.
  init(
    root: String, entities: [CoreDataEntity], tables: Set<String>, connection: SQLiteConnection
  ) throws(CoreDataStoreError) {
    let table = "Z" + root.uppercased()
    guard tables.contains(table) else {
      throw CoreDataStoreError(
        .modelMismatch,
        "the store has no table \(table) for the entity \(root): the model does not match the "
          + "store, or the store is damaged")
    }
    let columnNames = Set(try connection.columns(of: table).map(\.name))
    for required in ["Z_PK", "Z_ENT"] where !columnNames.contains(required) {
      throw CoreDataStoreError(.badTable, "the table \(table) has no \(required) column")
    }
    try self.init(table: table, columnNames: columnNames, entities: entities)
  }

  /// The layout of the hierarchy `entities` (the root first, then by entity number) in
  /// `table`, whose columns are `columnNames`.
  init(
    table: String, columnNames: Set<String>, entities: [CoreDataEntity]
  ) throws(CoreDataStoreError) {
    self.table = table
    self.columnNames = columnNames
    var uses: [String: Int] = [:]
    for entity in entities {
      let stored =
        entity.attributes.filter { !$0.isTransient && CoreDataModel.attributeType(of: $0) != nil }
        .map(\.name)
        + entity.relationships.filter { !$0.isTransient && !$0.isToMany }.map(\.name)
      for name in stored {
        let base = "Z" + name.uppercased()
        let count = uses[base, default: 0]
        uses[base] = count + 1
        let column = count == 0 ? base : base + String(count)
        guard columnNames.contains(column) else {
          throw CoreDataStoreError(
            .modelMismatch,
            "the table \(table) has no column \(column) for \(entity.name).\(name): the model "
              + "does not match the store (give the app's model with --model)")
        }
        columns[PropertyKey(entity: entity.name, property: name)] = column
      }
    }
  }

  /// The column `Z<n>_<NAME>` that holds the entity number of a to-one's target, when its
  /// destination has sub-entities.
  func entityColumn(forRelationshipColumn column: String) -> String? {
    let suffix = "_" + column.dropFirst()
    return columnNames.first { name in
      guard name.hasPrefix("Z"), name.hasSuffix(suffix) else { return false }
      let digits = name.dropFirst().dropLast(suffix.count)
      return !digits.isEmpty && digits.allSatisfy(\.isNumber)
    }
  }

  /// The column `Z_FOK_<NAME>` that orders the objects of an ordered to-many whose inverse is
  /// the to-one in `column`.
  func orderColumn(forRelationshipColumn column: String) -> String? {
    let name = "Z_FOK_" + column.dropFirst()
    return columnNames.contains(name) ? name : nil
  }
}
