/// Where each entity of bowq's model of a Core Data store lives in the store's tables, for
/// the statements that run in SQLite: the root's table `Z<ROOT>`, the `Z_ENT` numbers of the
/// entity and its sub-entities, and for each slot of the entity the column of its attribute
/// or to-one, or the inverse to-one column that holds a to-many.
///
/// Read from the schema and the tables' column lists alone (no rows), with the same layout
/// rules as ``CoreDataGraphReader``, so a statement run in SQLite reads the cells the graph
/// would be built from.
struct CoreDataSQLMap {
  /// Where one slot of an entity is stored.
  enum Slot {
    /// An attribute in a column of the entity's table; `comparable` when the column holds
    /// the value itself (not the archive of a Transformable, nor the marker of external data),
    /// so SQL may compare and sort it.
    case attribute(column: String, Attribute, comparable: Bool)
    /// A to-one: a column of the target's `Z_PK`, whose table is `table`.
    case toOne(column: String, destination: String, table: String)
    /// A to-many kept as the inverse to-one of its members.
    case toMany(ToMany)
    /// Not readable in SQL, for the reason given.
    case unavailable(String)
  }

  /// A to-many whose members point back at their owner in a to-one column.
  struct ToMany {
    /// The destination's name and its root's table.
    var destination: String
    var table: String
    /// The members' column of their owner's `Z_PK`.
    var column: String
    /// The members' column of their owner's `Z_ENT`, when the owner's entity has
    /// sub-entities.
    var entityColumn: String?
    /// The members' order (`Z_FOK_<NAME>`) in an ordered to-many.
    var orderColumn: String?
    /// The `Z_ENT` numbers of the entities that hold the inverse to-one.
    var numbers: [Int64]
  }

  /// One entity's place.
  struct Place {
    /// `Z<ROOT>`.
    var table: String
    /// The `Z_ENT` numbers of the entity and of every entity that inherits from it.
    var numbers: [Int64]
    /// Whether the entity is the root of its table: every row of the table is one of its
    /// objects.
    var isRoot: Bool
    /// By slot, as in the entity's rows.
    var slots: [Slot]
  }

  /// By entity name.
  private(set) var places: [String: Place] = [:]
  /// Entity names by `Z_ENT`.
  let names: [Int64: String]

  /// The place of `entity`.
  subscript(entity: String) -> Place? { places[entity] }

  /// The map of `bowqModel`, bowq's model of `model`, in the store `connection` reads.
  init(
    connection: SQLiteConnection, schema: CoreDataStoreSchema, model: CoreDataModel,
    bowqModel: Model
  ) throws(CoreDataStoreError) {
    let numbers = Dictionary(
      schema.entityNumbers.map { ($0.name, $0.number) }, uniquingKeysWith: { first, _ in first })
    names = Dictionary(
      schema.entityNumbers.map { ($0.number, $0.name) }, uniquingKeysWith: { first, _ in first })
    func root(_ name: String) -> String { model.ancestry(of: name).first?.name ?? name }
    var hierarchies: [String: [CoreDataEntity]] = [:]
    for entity in model.entities {
      guard numbers[entity.name] != nil else {
        throw CoreDataStoreError(
          .modelMismatch,
          "the model's entity \(entity.name) is not in the store (Z_PRIMARYKEY has no row for "
            + "it): the model does not match the store")
      }
      hierarchies[root(entity.name), default: []].append(entity)
    }
    let tables = try connection.tableNames()
    var layouts: [String: CoreDataTableLayout] = [:]
    for (rootName, entities) in hierarchies.sorted(by: { $0.key < $1.key }) {
      let table = "Z" + rootName.uppercased()
      guard tables.contains(table) else {
        throw CoreDataStoreError(
          .modelMismatch,
          "the store has no table \(table) for the entity \(rootName): the model does not match "
            + "the store, or the store is damaged")
      }
      let columns = Set(try connection.columns(of: table).map(\.name))
      for required in ["Z_PK", "Z_ENT"] where !columns.contains(required) {
        throw CoreDataStoreError(.badTable, "the table \(table) has no \(required) column")
      }
      layouts[rootName] = try CoreDataTableLayout(
        table: table, columnNames: columns,
        entities: entities.sorted { (numbers[$0.name] ?? 0) < (numbers[$1.name] ?? 0) })
    }
    func column(_ property: String, of entity: String) -> (CoreDataEntity, String)? {
      for declaring in model.ancestry(of: entity).reversed() {
        let declares =
          declaring.attributes.contains { $0.name == property }
          || declaring.relationships.contains { $0.name == property }
        guard declares else { continue }
        let key = CoreDataTableLayout.PropertyKey(entity: declaring.name, property: property)
        return layouts[root(entity)]?.columns[key].map { (declaring, $0) }
      }
      return nil
    }
    func hierarchyNumbers(_ name: String) -> [Int64] {
      bowqModel.hierarchy(of: name).compactMap { numbers[$0.name] }.sorted()
    }
    /// The numbers of `Z_PRIMARYKEY` of the entity numbered `top` and of every entity under it.
    func storeNumbers(under top: Int64?) -> Set<Int64> {
      guard let top else { return [] }
      var found: Set<Int64> = [top]
      var grew = true
      while grew {
        let next = found.union(
          schema.entityNumbers.filter { found.contains($0.parentNumber) }.map(\.number))
        grew = next.count > found.count
        found = next
      }
      return found
    }
    for entity in bowqModel.entities {
      guard let layout = layouts[root(entity.name)] else { continue }
      var slots: [Slot] = []
      for attribute in entity.attributes {
        if let (declaring, name) = column(attribute.name, of: entity.name) {
          let stored = declaring.attributes.first { $0.name == attribute.name }
          let comparable = stored.map { $0.type != .transformable && !$0.allowsExternalStorage }
          slots.append(.attribute(column: name, attribute, comparable: comparable ?? false))
        } else {
          slots.append(.unavailable("\(entity.name).\(attribute.name) has no column"))
        }
      }
      for relationship in entity.relationships {
        let place = "\(entity.name).\(relationship.name)"
        let destinationTable = "Z" + root(relationship.destination).uppercased()
        if !relationship.isToMany {
          let inverseIsToOne = relationship.inverse.flatMap { inverse in
            bowqModel.entity(named: relationship.destination)?.relationship(named: inverse)
          }.map { !$0.isToMany }
          if inverseIsToOne == true {
            slots.append(.unavailable("\(place) is one side of a one-to-one"))
          } else if let (_, name) = column(relationship.name, of: entity.name) {
            slots.append(
              .toOne(
                column: name, destination: relationship.destination, table: destinationTable))
          } else {
            slots.append(.unavailable("\(place) has no column"))
          }
          continue
        }
        guard let inverseName = relationship.inverse,
          let inverse = bowqModel.entity(named: relationship.destination)?.relationship(
            named: inverseName)
        else {
          slots.append(.unavailable("\(place) has no inverse"))
          continue
        }
        guard !inverse.isToMany else {
          slots.append(.unavailable("\(place) is a many-to-many, kept in a join table"))
          continue
        }
        guard inverse.inverse == relationship.name,
          let (declaring, name) = column(inverseName, of: relationship.destination),
          let destinationLayout = layouts[root(relationship.destination)]
        else {
          slots.append(.unavailable("\(place) has no inverse column"))
          continue
        }
        slots.append(
          .toMany(
            ToMany(
              destination: relationship.destination, table: destinationTable, column: name,
              entityColumn: destinationLayout.entityColumn(forRelationshipColumn: name),
              orderColumn: destinationLayout.orderColumn(forRelationshipColumn: name),
              numbers: hierarchyNumbers(declaring.name))))
      }
      let own = hierarchyNumbers(entity.name)
      places[entity.name] = Place(
        table: layout.table, numbers: own,
        isRoot: entity.parent == nil && Set(own) == storeNumbers(under: numbers[entity.name]),
        slots: slots)
    }
  }
}
