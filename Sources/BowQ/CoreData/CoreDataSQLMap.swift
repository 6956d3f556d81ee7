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
    /// A to-one: a column of the target's `Z_PK`.
    case toOne(ToOne)
    /// A to-many kept as the inverse to-one of its members.
    case toMany(ToMany)
    /// Not readable in SQL, for the reason given.
    case unavailable(String)
  }

  /// A to-one: a column of its target's `Z_PK`, with a `Z<n>_<NAME>` column of the target's
  /// `Z_ENT` when the destination has sub-entities.
  ///
  /// A full read takes the target's entity from that column when it holds an integer (and
  /// fails when the number names no entity), and from the target's row otherwise; the target
  /// is missing (nil) when no row of that entity has the key. ``key(of:)`` and
  /// ``finds(_:key:entity:)`` give SQL that means the same, and ends the statement with
  /// ``SQLiteFunctions/refuse`` where a row would make the full read fail or read what SQL
  /// cannot (an entity number outside the destination's table, a target outside the
  /// destination's hierarchy).
  struct ToOne {
    /// `Entity.relationship`, for messages.
    var name: String
    var column: String
    /// The column of the target's `Z_ENT`, when the destination has sub-entities.
    var entityColumn: String?
    var destination: String
    /// The destination's root's table.
    var table: String
    /// The `Z_ENT` numbers of every entity of ``table``.
    var tableNumbers: [Int64]
    /// The `Z_ENT` numbers of the destination and its sub-entities.
    var destinationNumbers: [Int64]

    /// The target's key as read from the row `row`: the column; with an entity column, the
    /// column when the entity column is NULL or one of ``tableNumbers``, and otherwise a
    /// failure of the statement.
    func key(of row: String) -> String {
      let key = "\(row).\(SQLiteConnection.quoted(column))"
      guard let entity = entity(of: row) else { return key }
      return "CASE WHEN \(entity) IS NULL OR \(entity) IN (\(Self.list(tableNumbers))) THEN "
        + "\(key) ELSE \(SQLiteFunctions.refuse)('\(name) names an entity of another table') END"
    }

    /// The entity column as read from the row `row`; nil without one.
    func entity(of row: String) -> String? {
      entityColumn.map { "\(row).\(SQLiteConnection.quoted($0))" }
    }

    /// The condition that the row `target` of ``table`` is the target of the key `key` with
    /// the entity `entity` (``key(of:)``, ``entity(of:)``).
    func finds(_ target: String, key: String, entity: String?) -> String {
      var text = "\(target).Z_PK = \(key)"
      if let entity { text += " AND \(target).Z_ENT = coalesce(\(entity), \(target).Z_ENT)" }
      return text
    }

    /// `value`, read from the target row `target`, or a failure of the statement when that
    /// row is not of the destination's hierarchy (a full read would make it the target all
    /// the same, an object whose properties are not the destination's).
    func read(_ value: String, of target: String) -> String {
      guard Set(destinationNumbers) != Set(tableNumbers) else { return value }
      return "CASE WHEN \(target).Z_ENT IN (\(Self.list(destinationNumbers))) THEN \(value) "
        + "ELSE \(SQLiteFunctions.refuse)('\(name) points to an object of another entity') END"
    }

    /// `numbers` as the list of an SQL `IN`.
    static func list(_ numbers: [Int64]) -> String {
      numbers.map(String.init).joined(separator: ", ")
    }
  }

  /// A to-many: its members point back at their owner in a to-one column, or, for a
  /// many-to-many, a join table pairs owners and members.
  struct ToMany {
    /// The destination's root's table, which holds the members.
    var table: String
    var link: Link
    /// The members' order (`Z_FOK_<NAME>`, in the members' table or the join table) in an
    /// ordered to-many.
    var orderColumn: String?

    /// How owners and members are paired.
    enum Link {
      /// The members' column of their owner's `Z_PK`, with the column of the owner's
      /// `Z_ENT` when the owner's entity has sub-entities, in the rows of the entities
      /// numbered `numbers` (those that hold the inverse to-one).
      case inverse(column: String, entityColumn: String?, numbers: [Int64])
      /// A join table's columns of the owner's and the member's `Z_PK`.
      case join(table: String, owner: String, member: String)
    }

    /// `FROM …` of the members as the alias `member`.
    func from(_ member: String) -> String {
      let members = "\(SQLiteConnection.quoted(table)) \(member)"
      guard case .join(let join, _, let target) = link else { return members }
      return "\(SQLiteConnection.quoted(join)) \(member)j JOIN \(members) ON \(member).Z_PK = "
        + "\(member)j.\(SQLiteConnection.quoted(target))"
    }

    /// The expression of a member's owner's `Z_PK`.
    func ownerKey(_ member: String) -> String {
      switch link {
      case .inverse(let column, _, _): return "\(member).\(SQLiteConnection.quoted(column))"
      case .join(_, let owner, _): return "\(member)j.\(SQLiteConnection.quoted(owner))"
      }
    }

    /// The expression of a member's order among its owner's members.
    func order(_ member: String) -> String {
      guard let orderColumn else { return "0" }
      let alias = if case .join = link { member + "j" } else { member }
      return "\(alias).\(SQLiteConnection.quoted(orderColumn))"
    }

    /// The condition that the row `member` is one of the members of the row `owner`. A member
    /// whose entity column holds no integer points to the row of its key, as a full read
    /// takes it.
    func membership(member: String, owner: String) -> String {
      var text = "\(ownerKey(member)) = \(owner).Z_PK"
      if case .inverse(_, let entityColumn, let numbers) = link {
        if let entityColumn {
          let entity = "\(member).\(SQLiteConnection.quoted(entityColumn))"
          text += " AND (typeof(\(entity)) <> 'integer' OR \(entity) = \(owner).Z_ENT)"
        }
        text += " AND \(member).Z_ENT IN (\(numbers.map(String.init).joined(separator: ", ")))"
      }
      return text
    }
  }

  /// The join table of a many-to-many: its columns of the owners' and the members' `Z_PK`,
  /// and of the members' order in an ordered one.
  struct JoinTable {
    var table: String
    var owner: String
    var member: String
    var order: String?

    /// The join table of the many-to-many `name` whose inverse is `inverse`: the first table
    /// `Z_<n><NAME>` or `Z_<n><INVERSE>` among `tables` (by name) with a column `Z_<n><NAME>` of the members and one
    /// `Z_<n><INVERSE>` of the owners, either perhaps with a number after it (`…ASSETS1`, as
    /// Core Data tells apart two relationships of one name); nil when there is none.
    ///
    /// A relationship that is its own inverse (Photos' `Person.mergeCandidates`) has the
    /// table `Z_<n><NAME>` with the columns `Z_<n><NAME>` and `REFLEXIVE`, each pair written
    /// both ways.
    static func find(
      _ name: String, inverse: String, among tables: Set<String>, in connection: SQLiteConnection
    ) throws(CoreDataStoreError) -> JoinTable? {
      try find(name, inverse: inverse, among: candidates(tables), in: connection)
    }

    /// The tables `Z_<n><NAME>` that may join the objects of a many-to-many, by `NAME`: a
    /// join table is named after one of its two relationships.
    static func candidates(_ tables: Set<String>) -> [String: [String]] {
      var byName: [String: [String]] = [:]
      for table in tables.sorted() where table.hasPrefix("Z_") {
        let name = table.dropFirst(2).drop { $0.isASCII && $0.isNumber }
        guard name.count < table.count - 2, !name.isEmpty else { continue }
        byName[String(name), default: []].append(table)
      }
      return byName
    }

    /// ``find(_:inverse:among:in:)`` among the tables of ``candidates(_:)``.
    static func find(
      _ name: String, inverse: String, among candidates: [String: [String]],
      in connection: SQLiteConnection
    ) throws(CoreDataStoreError) -> JoinTable? {
      let own = name.uppercased()
      let other = inverse.uppercased()
      func column(_ columns: [String], named name: String) -> String? {
        columns.first { column in
          guard column.hasPrefix("Z_") else { return false }
          let rest = column.dropFirst(2)
          let digits = rest.prefix { $0.isASCII && $0.isNumber }
          let tail = rest.dropFirst(digits.count)
          guard !digits.isEmpty, tail.hasPrefix(name) else { return false }
          return tail.dropFirst(name.count).allSatisfy { $0.isASCII && $0.isNumber }
        }
      }
      let tables = Set((candidates[own] ?? []) + (candidates[other] ?? [])).sorted()
      for table in tables {
        let columns = try connection.columns(of: table).map(\.name)
        if own == other {
          guard columns.contains("REFLEXIVE"), let owner = column(columns, named: own) else {
            continue
          }
          return JoinTable(table: table, owner: owner, member: "REFLEXIVE", order: nil)
        }
        guard let member = column(columns, named: own), let owner = column(columns, named: other)
        else { continue }
        let order = columns.first { $0.hasPrefix("Z_FOK_") && $0.hasSuffix(own) }
        return JoinTable(table: table, owner: owner, member: member, order: order)
      }
      return nil
    }
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
    /// The column of each side of a one-to-one, by slot: SQL predicates leave those alone
    /// (``Slot/unavailable(_:)``), but a save writes them as it writes any to-one.
    var oneToOneColumns: [Int: String] = [:]
  }

  /// By entity name.
  private(set) var places: [String: Place] = [:]
  /// Entity names by `Z_ENT`.
  let names: [Int64: String]
  /// The layout of each hierarchy's table, by table name: where a to-one's columns of its
  /// target's entity and order are.
  private(set) var layouts: [String: CoreDataTableLayout] = [:]
  /// The `Z_ENT` numbers of the entities each table `Z<ROOT>` holds, by table.
  private(set) var hierarchyTables: [String: [Int64]] = [:]

  /// The place of `entity`.
  subscript(entity: String) -> Place? { places[entity] }

  /// The first row found, in any table, that a full read cannot read as an object of the
  /// model — a `Z_PK` that is not an integer, a `Z_ENT` that is not one of its table's
  /// entities, a `Z_PK` two rows share — told as the full read tells it; nil when there is
  /// none.
  ///
  /// Asks for each table whether a row's `Z_ENT` lies outside its entities' numbers, as
  /// ranges SQLite answers from Core Data's `Z_ENT` index; types are tested row by row only
  /// where the column's declared type does not make them integers, and keys are grouped only
  /// where `Z_PK` is not the table's primary key.
  func foreignRow(in connection: SQLiteConnection) throws(CoreDataStoreError) -> String? {
    for (table, numbers) in hierarchyTables.sorted(by: { $0.key < $1.key }) {
      guard let first = numbers.first, let last = numbers.last else { continue }
      var outside = ["Z_ENT IS NULL", "Z_ENT < \(first)", "Z_ENT > \(last)"]
      outside += zip(numbers, numbers.dropFirst()).map { "(Z_ENT > \($0) AND Z_ENT < \($1))" }
      let info = try connection.rows("PRAGMA table_info(\(SQLiteConnection.quoted(table)))")
      func declared(_ column: String) -> (type: String, key: Bool) {
        for row in info where row.count > 5 && row[1] == .text(column) {
          guard case .text(let type) = row[2] else { return ("", false) }
          return (type.uppercased(), row[5] == .integer(1))
        }
        return ("", false)
      }
      let key = declared("Z_PK")
      if key.type != "INTEGER" || !key.key { outside.append("typeof(Z_PK) <> 'integer'") }
      if !declared("Z_ENT").type.contains("INT") { outside.append("typeof(Z_ENT) <> 'integer'") }
      let sql =
        "SELECT Z_PK, Z_ENT FROM \(SQLiteConnection.quoted(table)) WHERE "
        + outside.joined(separator: " OR ") + " LIMIT 1"
      guard let row = try connection.rows(sql).first, row.count == 2 else {
        // Without a primary key, nothing kept two rows from sharing a Z_PK.
        guard !key.key,
          case .integer(let shared)? = try connection.rows(
            "SELECT Z_PK FROM \(SQLiteConnection.quoted(table)) GROUP BY Z_PK "
              + "HAVING COUNT(*) > 1 LIMIT 1"
          ).first?.first
        else { continue }
        return CoreDataStoreError.duplicateKey(shared, in: table).message
      }
      guard case .integer(let key) = row[0], case .integer(let number) = row[1] else {
        return "a row of \(table) has Z_PK \(row[0].kindDescription) and Z_ENT "
          + "\(row[1].kindDescription); both must be integers"
      }
      let root = numbers.first.flatMap { names[$0] } ?? table
      return "the row Z_PK \(key) of \(table) has Z_ENT \(number), which is not \(root) or one "
        + "of its sub-entities"
    }
    return nil
  }

  /// The map of `bowqModel`, bowq's model of `model`, in the store `connection` reads.
  init(
    connection: SQLiteConnection, schema: CoreDataStoreSchema, model: CoreDataModel,
    bowqModel: Model
  ) throws(CoreDataStoreError) {
    let numbers = Dictionary(
      schema.entityNumbers.map { ($0.name, $0.number) }, uniquingKeysWith: { first, _ in first })
    names = Dictionary(
      schema.entityNumbers.map { ($0.number, $0.name) }, uniquingKeysWith: { first, _ in first })
    let tables = try connection.tableNames()
    let joinTables = JoinTable.candidates(tables)
    var layouts: [String: CoreDataTableLayout] = [:]
    for (rootName, entities) in try model.hierarchies(numberedIn: schema) {
      layouts[rootName] = try CoreDataTableLayout(
        root: rootName, entities: entities, tables: tables, connection: connection)
    }
    self.layouts = Dictionary(
      layouts.values.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first })
    /// The entity that declares each property of an entity (the nearest, should two), by
    /// entity, as they are first asked for.
    var declarationsByEntity: [String: [String: CoreDataEntity]] = [:]
    func column(_ property: String, of entity: String) -> (CoreDataEntity, String)? {
      let declarations: [String: CoreDataEntity]
      if let known = declarationsByEntity[entity] {
        declarations = known
      } else {
        var found: [String: CoreDataEntity] = [:]
        for declaring in model.ancestry(of: entity) {
          for attribute in declaring.attributes { found[attribute.name] = declaring }
          for relationship in declaring.relationships { found[relationship.name] = declaring }
        }
        declarationsByEntity[entity] = found
        declarations = found
      }
      guard let declaring = declarations[property] else { return nil }
      let key = CoreDataTableLayout.PropertyKey(entity: declaring.name, property: property)
      return layouts[model.root(of: entity)]?.columns[key].map { (declaring, $0) }
    }
    var numbersByHierarchy: [String: [Int64]] = [:]
    func hierarchyNumbers(_ name: String) -> [Int64] {
      if let known = numbersByHierarchy[name] { return known }
      let found = bowqModel.hierarchy(of: name).compactMap { numbers[$0.name] }.sorted()
      numbersByHierarchy[name] = found
      return found
    }
    var childNumbers: [Int64: [Int64]] = [:]
    for entity in schema.entityNumbers where entity.parentNumber != 0 {
      childNumbers[entity.parentNumber, default: []].append(entity.number)
    }
    /// The numbers of `Z_PRIMARYKEY` of the entity numbered `top` and of every entity under it.
    func storeNumbers(under top: Int64?) -> Set<Int64> {
      guard let top else { return [] }
      var found: Set<Int64> = [top]
      var pending = [top]
      while let next = pending.popLast() {
        for child in childNumbers[next] ?? [] where found.insert(child).inserted {
          pending.append(child)
        }
      }
      return found
    }
    for (rootName, layout) in layouts {
      hierarchyTables[layout.table] = hierarchyNumbers(rootName)
    }
    for entity in bowqModel.entities {
      guard let layout = layouts[model.root(of: entity.name)] else { continue }
      var slots: [Slot] = []
      var oneToOneColumns: [Int: String] = [:]
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
        let destinationTable = "Z" + model.root(of: relationship.destination).uppercased()
        if !relationship.isToMany {
          let inverseIsToOne = relationship.inverse.flatMap { inverse in
            bowqModel.entity(named: relationship.destination)?.relationship(named: inverse)
          }.map { !$0.isToMany }
          if inverseIsToOne == true {
            if let (_, name) = column(relationship.name, of: entity.name) {
              oneToOneColumns[slots.count] = name
            }
            slots.append(.unavailable("\(place) is one side of a one-to-one"))
          } else if let (_, name) = column(relationship.name, of: entity.name) {
            slots.append(
              .toOne(
                ToOne(
                  name: place, column: name,
                  entityColumn: layout.entityColumn(forRelationshipColumn: name),
                  destination: relationship.destination, table: destinationTable,
                  tableNumbers: hierarchyNumbers(model.root(of: relationship.destination)),
                  destinationNumbers: hierarchyNumbers(relationship.destination))))
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
          if let join = try JoinTable.find(
            relationship.name, inverse: inverseName, among: joinTables, in: connection)
          {
            slots.append(
              .toMany(
                ToMany(
                  table: destinationTable,
                  link: .join(table: join.table, owner: join.owner, member: join.member),
                  orderColumn: join.order)))
          } else {
            slots.append(.unavailable("\(place) is a many-to-many without a join table"))
          }
          continue
        }
        guard inverse.inverse == relationship.name,
          let (declaring, name) = column(inverseName, of: relationship.destination),
          let destinationLayout = layouts[model.root(of: relationship.destination)]
        else {
          slots.append(.unavailable("\(place) has no inverse column"))
          continue
        }
        slots.append(
          .toMany(
            ToMany(
              table: destinationTable,
              link: .inverse(
                column: name,
                entityColumn: destinationLayout.entityColumn(forRelationshipColumn: name),
                numbers: hierarchyNumbers(declaring.name)),
              orderColumn: destinationLayout.orderColumn(forRelationshipColumn: name))))
      }
      let own = hierarchyNumbers(entity.name)
      places[entity.name] = Place(
        table: layout.table, numbers: own,
        isRoot: entity.parent == nil && Set(own) == storeNumbers(under: numbers[entity.name]),
        slots: slots, oneToOneColumns: oneToOneColumns)
    }
  }
}
