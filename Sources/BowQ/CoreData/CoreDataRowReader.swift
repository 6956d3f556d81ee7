/// Reads the rows a statement run in SQLite selects into a table in the layout of the
/// entity fetched, as ``CoreDataGraphReader`` would have read them into the graph: attributes
/// decoded by ``CoreDataValueReader``, a to-one as its target (nil when the store does not
/// hold it), and a to-many as its members in their order, read from their inverse column for
/// the rows found only.
struct CoreDataRowReader {
  let entity: Entity
  let place: CoreDataSQLMap.Place
  let file: CoreDataStoreFile

  /// How many owners' keys one query of members names.
  private static let batch = 500

  /// The result columns of the statement: `Z_PK`, `Z_ENT`, then each attribute, and for
  /// whole objects each to-one's key with its target's `Z_ENT` (none when the target is
  /// missing, as ``CoreDataSQLMap/ToOne`` finds it).
  func selected(wholeObjects: Bool) -> [String] {
    var columns = ["t0.Z_PK", "t0.Z_ENT"]
    for slot in place.slots {
      switch slot {
      case .attribute(let column, _, _):
        columns.append("t0." + SQLiteConnection.quoted(column))
      case .toOne(let toOne) where wholeObjects:
        let key = toOne.key(of: "t0")
        columns.append(key)
        columns.append(
          "(SELECT d.Z_ENT FROM \(SQLiteConnection.quoted(toOne.table)) d WHERE "
            + toOne.finds("d", key: key, entity: toOne.entity(of: "t0")) + ")")
      default:
        continue
      }
    }
    return columns
  }

  /// The rows `sql` selects, in its order, with the object of each.
  func read(_ sql: SQLFragment, wholeObjects: Bool) throws(CoreDataStoreError) -> (
    EntityTable, [ObjectID]
  ) {
    var table = EntityTable()
    var ids: [ObjectID] = []
    var rows: [[Value]] = []
    let names = file.map.names
    var budget = try CoreDataReadBudget(for: file.connection)
    try file.connection.forEachRow(sql.text, binding: sql.parameters) {
      cells throws(CoreDataStoreError) in
      try budget.take(cells, of: place.table)
      guard case .integer(let key) = cells[0], case .integer(let number) = cells[1],
        let name = names[number]
      else {
        throw CoreDataStoreError(
          .badValue,
          "a row of \(place.table) has Z_PK \(cells[0].kindDescription) and Z_ENT "
            + "\(cells[1].kindDescription), which name no object of the model")
      }
      var row: [Value] = []
      var next = 2
      for slot in place.slots {
        switch slot {
        case .attribute(let column, let attribute, let comparable):
          let where_ = "\(place.table).\(column) of Z_PK \(key)"
          let archived = CoreDataValueReader.isArchived(attribute, comparable: comparable)
          row.append(
            try file.values.value(cells[next], attribute, archived: archived, place: where_))
          next += 1
        case .toOne where wholeObjects:
          if case .integer(let target) = cells[next], case .integer(let n) = cells[next + 1],
            let targetName = names[n]
          {
            row.append(.object(ObjectID(entity: targetName, key: target)))
          } else {
            row.append(.null)
          }
          next += 2
        case .toMany:
          row.append(.collection([]))
        default:
          row.append(.null)
        }
      }
      rows.append(row)
      ids.append(ObjectID(entity: name, key: key))
    }
    if wholeObjects {
      try fillToManys(&rows, ids)
    }
    for (row, id) in zip(rows, ids) {
      table.insert(row, key: id.key)
    }
    return (table, ids)
  }

  /// Sets each to-many of `rows` to its members, read from the members' inverse column.
  private func fillToManys(_ rows: inout [[Value]], _ ids: [ObjectID]) throws(CoreDataStoreError) {
    let positions = Dictionary(
      ids.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    let numbers = Dictionary(
      file.schema.entityNumbers.map { ($0.name, $0.number) }, uniquingKeysWith: { a, _ in a })
    for (slot, kind) in place.slots.enumerated() {
      guard case .toMany(let toMany) = kind else { continue }
      var members: [Int: [(order: Int64, id: ObjectID)]] = [:]
      let ownerKey = toMany.ownerKey("m")
      var columns = ["m.Z_PK", "m.Z_ENT", ownerKey]
      var restriction = ""
      if case .inverse(_, let entityColumn, let numbers) = toMany.link {
        columns.append(entityColumn.map { "m." + SQLiteConnection.quoted($0) } ?? "NULL")
        restriction = " AND m.Z_ENT IN (\(numbers.map(String.init).joined(separator: ", ")))"
      } else {
        columns.append("NULL")
      }
      columns.append(toMany.order("m"))
      var start = 0
      while start < ids.count {
        let keys = ids[start..<min(start + Self.batch, ids.count)].map(\.key)
        start += Self.batch
        let sql =
          "SELECT " + columns.joined(separator: ", ") + " FROM " + toMany.from("m") + " WHERE "
          + ownerKey + " IN (" + keys.map { _ in "?" }.joined(separator: ", ") + ")" + restriction
        try file.connection.forEachRow(sql, binding: keys.map { .integer($0) }) {
          cells throws(CoreDataStoreError) in
          guard case .integer(let key) = cells[0], case .integer(let number) = cells[1],
            case .integer(let ownerKey) = cells[2], let name = file.map.names[number],
            let position = positions[ownerKey]
          else { return }
          if case .integer(let ownerNumber) = cells[3],
            numbers[ids[position].entity] != ownerNumber
          {
            return
          }
          var order: Int64 = 0
          if case .integer(let n) = cells[4] { order = n }
          members[position, default: []].append((order, ObjectID(entity: name, key: key)))
        }
      }
      for (position, list) in members {
        let sorted = list.sorted { ($0.order, $0.id.key) < ($1.order, $1.id.key) }
        rows[position][slot] = .collection(sorted.map { .object($0.id) })
      }
    }
  }
}
