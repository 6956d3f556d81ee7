/// Reads every row of a Core Data store's entity tables into an ``ObjectGraph`` of bowq's
/// model of it (``CoreDataModel/bowqModel()``).
///
/// A root entity's table `Z<ROOT>` holds it and its sub-entities, told apart by `Z_ENT`;
/// `Z_PK` is an object's key. A to-one is a column of its target's `Z_PK` (with a
/// `Z<n>_<NAME>` column of the target's `Z_ENT` when the destination has sub-entities); a
/// to-many is the inverse of a to-one, ordered by the `Z_FOK_<NAME>` column of an ordered
/// relationship, or, when its inverse is a to-many too, the rows of a join table whose
/// columns `Z_<n><NAME>` are named after the two relationships.
struct CoreDataGraphReader {
  let connection: SQLiteConnection
  let schema: CoreDataStoreSchema
  let model: CoreDataModel
  let bowqModel: Model
  let values: CoreDataValueReader
  /// What was left out while reading.
  private(set) var notes: [String] = []
  /// The version (`Z_OPT`) of each row read, which a save back into the store checks.
  private(set) var versions = CoreDataRowVersions()

  init(
    connection: SQLiteConnection, schema: CoreDataStoreSchema, model: CoreDataModel,
    bowqModel: Model, values: CoreDataValueReader
  ) {
    self.connection = connection
    self.schema = schema
    self.model = model
    self.bowqModel = bowqModel
    self.values = values
  }

  /// A to-one read from a row, resolved once every table is read.
  private struct ToOne {
    var source: ObjectID
    var slot: Int
    var relationship: Relationship
    /// The target's entity, when the row names it (`Z<n>_<NAME>`).
    var entity: String?
    var key: Int64
    /// The target's position in an ordered to-many of it (`Z_FOK_<NAME>`).
    var order: Int64
  }

  /// A to-many slot of one object.
  private struct Slot: Hashable {
    var id: ObjectID
    var slot: Int
  }

  /// The rows read, by entity, in key order.
  private var rows: [String: [(key: Int64, row: [Value])]] = [:]
  /// Where each object's row is in `rows`.
  private var positions: [ObjectID: Int] = [:]
  /// The entity of each key of a root's table, by root.
  private var entityByKey: [String: [Int64: String]] = [:]
  private var toOnes: [ToOne] = []
  /// The members of each to-many, with their order.
  private var members: [Slot: [(order: Int64, id: ObjectID)]] = [:]

  /// The graph of every object of the store.
  mutating func read() throws(CoreDataStoreError) -> ObjectGraph {
    let numbers = Dictionary(
      schema.entityNumbers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let hierarchies = try model.hierarchies(numberedIn: schema)
    let tables = try connection.tableNames()
    var budget = try CoreDataReadBudget(for: connection)
    for (root, entities) in hierarchies {
      try readTable(of: root, entities: entities, tables: tables, budget: &budget)
    }
    resolveToOnes()
    for entity in model.entities {
      for relationship in entity.relationships
      where relationship.isToMany && !relationship.isTransient {
        try readToMany(relationship, of: entity, tables: tables)
      }
    }
    for (slot, list) in members {
      guard let position = positions[slot.id] else { continue }
      let sorted = list.sorted { ($0.order, $0.id.key) < ($1.order, $1.id.key) }
      rows[slot.id.entity]?[position].row[slot.slot] = .collection(sorted.map { .object($0.id) })
    }
    var graph = ObjectGraph(model: bowqModel)
    for entity in bowqModel.entities {
      for (key, row) in rows[entity.name] ?? [] {
        graph.insert(row, into: entity.name, key: key)
      }
      if let maximum = numbers[model.root(of: entity.name)]?.maximumKey {
        graph.reserveKeys(in: entity.name, below: EntityTable.key(after: maximum))
      }
    }
    return graph
  }

  /// The entity among `chain` (the entity itself first) that declares the property `name`.
  private func declaring(_ name: String, in chain: [CoreDataEntity]) -> CoreDataEntity? {
    chain.first { entity in
      entity.attributes.contains { $0.name == name }
        || entity.relationships.contains { $0.name == name }
    }
  }

  /// Reads the table of the hierarchy `entities` (the root first), one row at a time, each
  /// taking its text and data from `budget`.
  private mutating func readTable(
    of root: String, entities: [CoreDataEntity], tables: Set<String>,
    budget: inout CoreDataReadBudget
  ) throws(CoreDataStoreError) {
    let layout = try CoreDataTableLayout(
      root: root, entities: entities, tables: tables, connection: connection)
    let table = layout.table
    let versionColumn = layout.columnNames.contains("Z_OPT") ? 2 : nil
    var selected = ["Z_PK", "Z_ENT"] + (versionColumn == nil ? [] : ["Z_OPT"])
    func index(of column: String) -> Int {
      if let i = selected.firstIndex(of: column) { return i }
      selected.append(column)
      return selected.count - 1
    }
    struct AttributeColumn {
      var slot: Int
      var column: Int
      var attribute: Attribute
      /// Whether the column holds the archive of a Transformable's value.
      var archived: Bool
    }
    struct ToOneColumn {
      var slot: Int
      var column: Int
      var entityColumn: Int?
      var orderColumn: Int?
      var relationship: Relationship
    }
    var plans: [Int64: (entity: Entity, attributes: [AttributeColumn], toOnes: [ToOneColumn])] =
      [:]
    let numbers = Dictionary(
      schema.entityNumbers.map { ($0.name, $0.number) }, uniquingKeysWith: { first, _ in first })
    for entity in entities {
      guard let bowqEntity = bowqModel.entity(named: entity.name),
        let number = numbers[entity.name]
      else { continue }
      let chain = Array(model.ancestry(of: entity.name).reversed())
      var attributes: [AttributeColumn] = []
      var toOnes: [ToOneColumn] = []
      for (slot, attribute) in bowqEntity.attributes.enumerated() {
        guard let owner = declaring(attribute.name, in: chain),
          let column = layout.columns[.init(entity: owner.name, property: attribute.name)]
        else { continue }
        let transformable = owner.attributes.contains {
          $0.name == attribute.name && $0.type == .transformable
        }
        attributes.append(
          AttributeColumn(
            slot: slot, column: index(of: column), attribute: attribute,
            archived: CoreDataValueReader.isArchived(attribute, comparable: !transformable)))
      }
      for (i, relationship) in bowqEntity.relationships.enumerated() where !relationship.isToMany {
        guard let owner = declaring(relationship.name, in: chain),
          let column = layout.columns[.init(entity: owner.name, property: relationship.name)]
        else { continue }
        toOnes.append(
          ToOneColumn(
            slot: bowqEntity.attributes.count + i, column: index(of: column),
            entityColumn: layout.entityColumn(forRelationshipColumn: column).map(index(of:)),
            orderColumn: layout.orderColumn(forRelationshipColumn: column).map(index(of:)),
            relationship: relationship))
      }
      plans[number] = (bowqEntity, attributes, toOnes)
    }
    let names = Dictionary(
      schema.entityNumbers.map { ($0.number, $0.name) }, uniquingKeysWith: { first, _ in first })
    let sql =
      "SELECT " + selected.map(SQLiteConnection.quoted).joined(separator: ", ") + " FROM "
      + SQLiteConnection.quoted(table) + " ORDER BY Z_PK"
    try connection.forEachRow(sql) { cells throws(CoreDataStoreError) in
      try budget.take(cells, of: table)
      guard case .integer(let key) = cells[0], case .integer(let number) = cells[1] else {
        throw CoreDataStoreError(
          .badValue,
          "a row of \(table) has Z_PK \(cells[0].kindDescription) and Z_ENT "
            + "\(cells[1].kindDescription); both must be integers")
      }
      guard let plan = plans[number] else {
        throw CoreDataStoreError(
          .badValue,
          "the row Z_PK \(key) of \(table) has Z_ENT \(number), which is not \(root) or one of "
            + "its sub-entities")
      }
      let entity = plan.entity
      var row =
        [Value](repeating: .null, count: entity.attributes.count)
        + entity.relationships.map { $0.isToMany ? Value.collection([]) : .null }
      for column in plan.attributes {
        let place = "\(table).\(selected[column.column]) of Z_PK \(key)"
        row[column.slot] = try values.value(
          cells[column.column], column.attribute, archived: column.archived, place: place)
      }
      guard entityByKey[root]?[key] == nil else {
        throw CoreDataStoreError.duplicateKey(key, in: table)
      }
      let id = ObjectID(entity: entity.name, key: key)
      for column in plan.toOnes {
        let place = "\(table).\(selected[column.column]) of Z_PK \(key)"
        switch cells[column.column] {
        case .null: continue
        case .integer(let target):
          var targetEntity: String?
          if let entityColumn = column.entityColumn, case .integer(let n) = cells[entityColumn] {
            guard let name = names[n] else {
              throw CoreDataStoreError(
                .badValue, "\(place) points to an object of Z_ENT \(n), which no entity has")
            }
            targetEntity = name
          }
          var order: Int64 = 0
          if let orderColumn = column.orderColumn, case .integer(let n) = cells[orderColumn] {
            order = n
          }
          toOnes.append(
            ToOne(
              source: id, slot: column.slot, relationship: column.relationship,
              entity: targetEntity, key: target, order: order))
        default:
          throw CoreDataStoreError(
            .badValue,
            "\(place) holds \(cells[column.column].kindDescription), not the Z_PK of a "
              + column.relationship.destination)
        }
      }
      if let versionColumn, case .integer(let version) = cells[versionColumn] {
        versions[table, key] = version
      }
      positions[id] = rows[entity.name, default: []].count
      rows[entity.name, default: []].append((key, row))
      entityByKey[root, default: [:]][key] = entity.name
    }
  }

  /// Sets every to-one read to its target, now that every table is read, and adds its
  /// source to the target's inverse to-many; a target missing from the store is left nil.
  private mutating func resolveToOnes() {
    var dangling: Set<String> = []
    for toOne in toOnes {
      let relationship = toOne.relationship
      let entity =
        toOne.entity ?? entityByKey[model.root(of: relationship.destination)]?[toOne.key]
      let target = entity.map { ObjectID(entity: $0, key: toOne.key) }
      guard let target, let targetPosition = positions[target] else {
        dangling.insert("\(toOne.source.entity).\(relationship.name)")
        continue
      }
      set(toOne.source, toOne.slot, to: .object(target))
      guard let inverse = relationship.inverse,
        let targetEntity = bowqModel.entity(named: target.entity),
        let slot = targetEntity.slot(ofRelationship: inverse),
        let inverseRelationship = targetEntity.relationship(named: inverse)
      else { continue }
      if inverseRelationship.isToMany {
        members[Slot(id: target, slot: slot), default: []].append((toOne.order, toOne.source))
      } else if rows[target.entity]?[targetPosition].row[slot] == .null {
        set(target, slot, to: .object(toOne.source))
      }
    }
    for name in dangling.sorted() {
      notes.append("\(name): some rows point to objects the store does not hold; they read as nil")
    }
  }

  private mutating func set(_ id: ObjectID, _ slot: Int, to value: Value) {
    guard let position = positions[id] else { return }
    rows[id.entity]?[position].row[slot] = value
  }

  /// Reads a to-many of `entity` whose inverse is a to-many too, from its join table; notes
  /// one without an inverse, which bowq does not read.
  private mutating func readToMany(
    _ relationship: CoreDataRelationship, of entity: CoreDataEntity, tables: Set<String>
  ) throws(CoreDataStoreError) {
    let place = "\(entity.name).\(relationship.name)"
    guard let inverseName = relationship.inverse else {
      notes.append("\(place): a to-many without an inverse is left empty")
      return
    }
    let destination = model.ancestry(of: relationship.destination).reversed()
    guard
      let inverse = destination.lazy.compactMap({ entity in
        entity.relationships.first { $0.name == inverseName }
      }).first, inverse.isToMany
    else { return }
    if let join = try CoreDataSQLMap.JoinTable.find(
      relationship.name, inverse: inverseName, among: tables, in: connection)
    {
      let selected = [join.owner, join.member] + (join.order.map { [$0] } ?? [])
      let sql =
        "SELECT " + selected.map(SQLiteConnection.quoted).joined(separator: ", ") + " FROM "
        + SQLiteConnection.quoted(join.table)
      let ownerRoot = model.root(of: entity.name)
      let targetRoot = model.root(of: relationship.destination)
      for (step, cells) in try connection.rows(sql).enumerated() {
        try CoreDataStoreError.checkInterrupt(every: step)
        guard case .integer(let ownerKey) = cells[0], case .integer(let targetKey) = cells[1] else {
          throw CoreDataStoreError(
            .badValue,
            "a row of the join table \(join.table) of \(place) holds a key that is not an integer")
        }
        guard let ownerEntity = entityByKey[ownerRoot]?[ownerKey],
          let targetEntity = entityByKey[targetRoot]?[targetKey],
          let slot = bowqModel.entity(named: ownerEntity)?.slot(ofRelationship: relationship.name)
        else { continue }
        var order: Int64 = 0
        if cells.count > 2, case .integer(let n) = cells[2] { order = n }
        members[Slot(id: ObjectID(entity: ownerEntity, key: ownerKey), slot: slot), default: []]
          .append((order, ObjectID(entity: targetEntity, key: targetKey)))
      }
      return
    }
    notes.append("\(place): no join table holds this many-to-many; it is left empty")
  }
}
