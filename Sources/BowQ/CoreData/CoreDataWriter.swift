import Foundation

/// Writes the pending changes of a context back into the Core Data SQLite store they were
/// read from, as Core Data saves, in one SQLite transaction that a failure or Ctrl-C rolls
/// back whole:
///
/// - a new object becomes a row of its root's table `Z<ROOT>` with its entity's `Z_ENT`,
///   `Z_OPT` 1 and its key as `Z_PK`, which continues `Z_PRIMARYKEY.Z_MAX` of the root
///   (the row Core Data keeps a hierarchy's keys in), and `Z_MAX` becomes the largest key
///   written;
/// - a changed object has its changed columns written and `Z_OPT` raised by one, only while
///   `Z_OPT` is still the version read (``CoreDataRowVersions``): otherwise another program
///   saved it meanwhile, and the save fails with Core Data's merge conflict, 133020;
/// - a deleted object's row goes, with its rows in join tables (delete rules ran in memory);
/// - a to-one (either side of a one-to-one too) is its target's `Z_PK`, with the target's
///   `Z_ENT` where the destination has sub-entities and the object's place in its owner's
///   ordered to-many where there is one; a to-many is its members' to-ones, or a
///   many-to-many's rows of its join table (one row a pair, which both relationships read),
///   rewritten from the graph for every object whose to-many changed.
///
/// Columns and values are those of ``CoreDataSQLMap`` and ``CoreDataValueReader``, the maps
/// the store was read with. A store holding any trigger Core Data does not write is refused
/// before anything is written (``coreDataTriggerPrefixes``): a save would run it. Core
/// Data's own triggers (derived attributes, counts, R-tree indexes) run in SQLite, their
/// calls into a running app answered by functions that do nothing, and the values they leave
/// are read back (``DerivedValue``) so the graph can show what the file holds; every row the
/// save wrote is read back too, and a row that is not as written fails the save.
struct CoreDataWriter {
  let file: CoreDataStoreFile
  /// The graph as last read or saved.
  let committed: ObjectGraph
  /// The graph to save.
  let graph: ObjectGraph
  /// The `Z_ENT` of each entity of the store.
  private let numbers: [String: Int64]

  /// A writer of the changes from `committed` to `graph` into the store `file`.
  init(file: CoreDataStoreFile, committed: ObjectGraph, graph: ObjectGraph) {
    self.file = file
    self.committed = committed
    self.graph = graph
    numbers = Dictionary(
      file.schema.entityNumbers.map { ($0.name, $0.number) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The functions Core Data's triggers call.
  static let triggerFunctions = [
    "NSCoreDataDATriggerUpdatedAffectedObjectValue",
    "NSCoreDataDATriggerInsertUpdatedAffectedObjectValue",
    "NSCoreDataTriggerUpdateAffectedObjectValue",
  ]

  /// How the names of the triggers Core Data writes begin, as Apple's stores show them:
  /// `Z_DA_` for a derived attribute (`Z_DA_ZPAGE_Book_pagesCount_PARAMETER_INSERT`), `ZT_`
  /// for a count kept by the model's own triggers
  /// (`ZT_ZPERSON_ZFACECOUNT_ZDETECTEDFACE_INSERT_INCREMENT`), `Z_RT_` for an entity's
  /// R-tree index (`Z_RT_GenericAsset_boundedByRect_INSERT`, of the shapes
  /// ``CoreDataRTreeTriggers`` allows).
  static let coreDataTriggerPrefixes = ["Z_DA_", "ZT_", "Z_RT_"]

  /// A derived attribute of an object of the graph whose value in the store, once the
  /// save's writes and the store's triggers ran, differs from the graph's.
  struct DerivedValue: Equatable {
    var id: ObjectID
    /// The attribute's index in its entity.
    var attribute: Int
    var value: Value
  }

  /// The changes of one save, by kind.
  private struct Batch {
    var inserted: [ObjectID] = []
    var updated: [(id: ObjectID, properties: [String])] = []
    var deleted: [ObjectID] = []
  }

  /// Writes `changes` (from ``committed`` to ``graph``) into the store, checking and then
  /// advancing the versions of the rows it changes in `versions`, which it leaves as they
  /// were when nothing was written.
  ///
  /// - Throws: ``CoreDataStoreError`` of kind `conflict` when a row changed or keys were
  ///   handed out since the store was read, `interrupted` on Ctrl-C, `notWritable` for a
  ///   read-only file or a change bowq cannot store as Core Data would; nothing is written.
  /// - Returns: the derived values the store's triggers changed (``derivedValues(_:)``).
  @discardableResult
  func save(_ changes: PendingChanges, versions: inout CoreDataRowVersions)
    throws(CoreDataStoreError) -> [DerivedValue]
  {
    var batch = Batch()
    for change in changes {
      switch change {
      case .inserted(let id, _): batch.inserted.append(id)
      case .updated(let id, let properties): batch.updated.append((id, properties.map(\.name)))
      case .deleted(let id, _): batch.deleted.append(id)
      case .entityDefined(let name):
        throw CoreDataStoreError(
          .notWritable,
          "the entity \(name) was defined in this session; a Core Data store keeps the app's "
            + "model, so bowq writes objects back into it, never a changed model")
      }
    }
    let connection = try SQLiteConnection(writing: file.path)
    try connection.registerCoreDataTriggerFunctions(Self.triggerFunctions)
    let triggered = try coreDataTriggerColumns(connection)
    var written = versions
    var derived: [DerivedValue] = []
    try connection.transaction { () throws(CoreDataStoreError) in
      try reserveKeys(for: batch.inserted, connection)
      var step = 0
      for id in batch.inserted {
        try checkInterrupt(&step)
        let table = try insert(id, connection)
        written[table, id.key] = 1
      }
      for (id, properties) in batch.updated {
        try checkInterrupt(&step)
        let table = try update(id, properties, versions: versions, connection)
        written[table, id.key] = try versions.version(after: table, id.key)
      }
      for (id, properties) in batch.updated {
        try checkInterrupt(&step)
        try writeToManys(of: id, properties, connection)
      }
      for id in batch.inserted {
        try checkInterrupt(&step)
        try writeToManys(of: id, nil, connection)
      }
      for id in batch.deleted {
        try checkInterrupt(&step)
        let table = try delete(id, versions: versions, connection)
        written[table, id.key] = nil
      }
      try verify(batch, written, connection)
      derived = try derivedValues(connection, triggered)
    }
    versions = written
    return derived
  }

  /// The columns the store's triggers update, by table, read from the triggers' SQL
  /// (`UPDATE ZBOOK SET ZPAGESCOUNT = …`). Where Core Data's R-tree triggers need a trusted
  /// schema to write their R-trees, and nothing else would use the trust, `connection`
  /// trusts it (``CoreDataRTreeTriggers``).
  ///
  /// - Throws: ``CoreDataStoreError/Kind/notWritable`` naming every trigger Core Data does
  ///   not write (``coreDataTriggerPrefixes``): a save would run it, and what it does is
  ///   unknown to bowq's context.
  private func coreDataTriggerColumns(_ connection: SQLiteConnection) throws(CoreDataStoreError)
    -> [String: Set<String>]
  {
    let triggers = try connection.rows(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    let trees = CoreDataRTreeTriggers(
      tables: try connection.rows("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        .compactMap { row in
          guard case .text(let name)? = row.first, row.count > 1, case .text(let sql) = row[1]
          else { return nil }
          return (name, sql)
        })
    var foreign: [String] = []
    var columns: [String: Set<String>] = [:]
    let update = /UPDATE\s+"?(\w+)"?\s+SET\s+"?(\w+)"?\s*=/.ignoresCase()
    for row in triggers {
      guard case .text(let name)? = row.first else { continue }
      let sql: String? = if row.count > 1, case .text(let sql) = row[1] { sql } else { nil }
      guard Self.coreDataTriggerPrefixes.contains(where: { name.hasPrefix($0) }),
        !name.hasPrefix("Z_RT_") || sql.map(trees.isCoreDataRTreeTrigger) == true
      else {
        foreign.append(name)
        continue
      }
      guard let sql else { continue }
      for match in sql.matches(of: update) {
        columns[String(match.1).uppercased(), default: []].insert(String(match.2).uppercased())
      }
    }
    guard foreign.isEmpty else {
      throw CoreDataStoreError(
        .notWritable,
        "\(Value.quoted(file.path)) holds trigger\(foreign.count == 1 ? "" : "s") Core Data does "
          + "not write (\(foreign.map(Value.quoted).joined(separator: ", "))), which a save would "
          + "run; bowq saves only into stores whose triggers are Core Data's own (named "
          + Self.coreDataTriggerPrefixes.map { $0 + "…" }.joined(separator: ", ")
          + "). Drop \(foreign.count == 1 ? "it" : "them") in a copy of the store to save there")
    }
    if trees.needsTrust { try connection.execute("PRAGMA trusted_schema = ON") }
    return columns
  }

  /// Reads back every row the save wrote, on `connection` inside its transaction: each
  /// inserted or updated row must be there with the version written, each deleted row gone.
  /// A row otherwise was changed by a trigger of the store, and the save fails, writing
  /// nothing, rather than leave the context disagreeing with the file.
  private func verify(
    _ batch: Batch, _ written: CoreDataRowVersions, _ connection: SQLiteConnection
  ) throws(CoreDataStoreError) {
    func failure(_ id: ObjectID, _ found: String) -> CoreDataStoreError {
      CoreDataStoreError(
        .notWritable,
        "after the save's writes, \(id.entity)/p\(id.key) in the store \(found): a trigger of the "
          + "store changed what bowq wrote; nothing was written")
    }
    var step = 0
    for id in batch.inserted + batch.updated.map(\.id) {
      try checkInterrupt(&step)
      let table = try place(of: id.entity, in: graph).place.table
      let versioned = isVersioned(table)
      let rows = try connection.rows(
        "SELECT \(versioned ? "Z_OPT" : "Z_PK") FROM \(SQLiteConnection.quoted(table)) "
          + "WHERE Z_PK = ?", binding: [.integer(id.key)])
      guard let cell = rows.first?.first else { throw failure(id, "is missing") }
      if versioned, cell != written[table, id.key].map(SQLiteConnection.Cell.integer) ?? .null {
        throw failure(id, "has another version (Z_OPT) than the one written")
      }
    }
    for id in batch.deleted {
      try checkInterrupt(&step)
      let table = try place(of: id.entity, in: committed).place.table
      let rows = try connection.rows(
        "SELECT Z_PK FROM \(SQLiteConnection.quoted(table)) WHERE Z_PK = ?",
        binding: [.integer(id.key)])
      guard rows.isEmpty else { throw failure(id, "is still there after its deletion") }
    }
  }

  /// The derived attributes of the objects of ``graph`` (and the attributes whose columns
  /// Core Data's triggers update, `triggered`, by table) whose values in the store differ
  /// from the graph's, read on `connection` after the save's writes. Every entity with
  /// such attributes is read, not only the entities saved: a trigger on one table
  /// updates the rows of another (moving a page changes its books' `pagesCount`). The
  /// triggers leave `Z_OPT` alone, so the rows' versions stay as they were.
  private func derivedValues(
    _ connection: SQLiteConnection, _ triggered: [String: Set<String>]
  ) throws(CoreDataStoreError) -> [DerivedValue] {
    var found: [DerivedValue] = []
    for entity in graph.model.entities {
      guard let place = file.map[entity.name], let number = numbers[entity.name] else { continue }
      let derived = Set(
        file.model.ancestry(of: entity.name).flatMap { $0.attributes.filter(\.isDerived) }.map(
          \.name))
      var columns: [(slot: Int, column: String, attribute: Attribute, archived: Bool)] = []
      let updated = triggered[place.table.uppercased()] ?? []
      for (slot, kind) in place.slots.enumerated() {
        guard case .attribute(let column, let attribute, let comparable) = kind,
          derived.contains(attribute.name) || updated.contains(column.uppercased())
        else { continue }
        let archived = CoreDataValueReader.isArchived(attribute, comparable: comparable)
        columns.append((slot, column, attribute, archived))
      }
      guard !columns.isEmpty else { continue }
      let table = graph.table(entity.name)
      let sql =
        "SELECT Z_PK, " + columns.map { SQLiteConnection.quoted($0.column) }.joined(separator: ", ")
        + " FROM " + SQLiteConnection.quoted(place.table) + " WHERE Z_ENT = ?"
      try connection.forEachRow(sql, binding: [.integer(number)]) {
        cells throws(CoreDataStoreError) in
        guard case .integer(let key) = cells[0], let row = table.row(for: key) else { return }
        for (offset, column) in columns.enumerated() {
          let value = try file.values.value(
            cells[offset + 1], column.attribute, archived: column.archived,
            place: Self.describe(place.table, column.column, key))
          guard row[column.slot] != value else { continue }
          found.append(
            DerivedValue(
              id: ObjectID(entity: entity.name, key: key), attribute: column.slot, value: value))
        }
      }
    }
    return found
  }

  /// Stops the save on Ctrl-C, every 256th `step`, which the transaction then rolls back.
  private func checkInterrupt(_ step: inout Int) throws(CoreDataStoreError) {
    defer { step += 1 }
    guard step % 256 == 0, Interrupt.isRequested else { return }
    throw CoreDataStoreError(
      .interrupted, "interrupted (Ctrl-C) while saving to \(Value.quoted(file.path))")
  }

  // MARK: Places

  /// Where the objects of `entity` are stored, and its bowq entity in `graph`.
  private func place(of entity: String, in graph: ObjectGraph) throws(CoreDataStoreError)
    -> (place: CoreDataSQLMap.Place, entity: Entity)
  {
    guard let place = file.map[entity], let described = graph.model.entity(named: entity) else {
      throw CoreDataStoreError(
        .notWritable, "the store has no table for the entity \(entity); it cannot be saved there")
    }
    return (place, described)
  }

  /// `table.column of Z_PK key`, for messages.
  private static func describe(_ table: String, _ column: String, _ key: Int64) -> String {
    "\(table).\(column) of Z_PK \(key)"
  }

  /// Core Data's merge conflict for the row of `id`, which another program changed.
  private static func conflict(_ id: ObjectID, _ detail: String) -> CoreDataStoreError {
    CoreDataStoreError(
      .conflict,
      "Could not merge changes (Core Data error 133020 NSManagedObjectMergeError): "
        + "\(id.entity)/p\(id.key) \(detail) since bowq read the store; nothing was written. "
        + "Open the store again to see what changed, then make the edits anew")
  }

  // MARK: Rows

  /// Takes the keys of the new objects from `Z_PRIMARYKEY`: each hierarchy's new keys must
  /// all lie past its root's `Z_MAX` (bowq gave them from there), which becomes the largest.
  private func reserveKeys(for inserted: [ObjectID], _ connection: SQLiteConnection)
    throws(CoreDataStoreError)
  {
    let byRoot = Dictionary(grouping: inserted) { id in
      file.model.root(of: id.entity)
    }
    for (root, ids) in byRoot.sorted(by: { $0.key < $1.key }) {
      guard let number = numbers[root], let first = ids.min(by: { $0.key < $1.key }),
        let last = ids.max(by: { $0.key < $1.key })
      else { continue }
      let rows = try connection.rows(
        "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = ?", binding: [.integer(number)])
      var maximum: Int64 = 0
      if case .integer(let n)? = rows.first?.first { maximum = n }
      guard first.key > maximum else {
        throw Self.conflict(
          first,
          "was given a key that another program handed out (Z_PRIMARYKEY.Z_MAX of \(root) is now "
            + "\(maximum))")
      }
      try connection.execute(
        "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = ?",
        binding: [.integer(last.key), .integer(number)])
    }
  }

  /// Inserts the row of the new object `id`; answers its table.
  private func insert(_ id: ObjectID, _ connection: SQLiteConnection) throws(CoreDataStoreError)
    -> String
  {
    let (place, entity) = try place(of: id.entity, in: graph)
    guard let number = numbers[id.entity], let row = graph.table(id.entity).row(for: id.key) else {
      return place.table
    }
    var columns = ["Z_PK", "Z_ENT"]
    var cells: [SQLiteConnection.Cell] = [.integer(id.key), .integer(number)]
    if isVersioned(place.table) {
      columns.append("Z_OPT")
      cells.append(.integer(1))
    }
    for slot in row.indices {
      for (column, cell) in try stored(slot, of: id, entity, place, row[slot]) {
        columns.append(column)
        cells.append(cell)
      }
    }
    try connection.execute(
      "INSERT INTO \(SQLiteConnection.quoted(place.table)) ("
        + columns.map(SQLiteConnection.quoted).joined(separator: ", ") + ") VALUES ("
        + Array(repeating: "?", count: cells.count).joined(separator: ", ") + ")",
      binding: cells)
    return place.table
  }

  /// Writes the changed `properties` of `id` and raises its `Z_OPT`, while its version is
  /// the one read; answers its table.
  private func update(
    _ id: ObjectID, _ properties: [String], versions: CoreDataRowVersions,
    _ connection: SQLiteConnection
  ) throws(CoreDataStoreError) -> String {
    let (place, entity) = try place(of: id.entity, in: graph)
    guard let row = graph.table(id.entity).row(for: id.key) else { return place.table }
    var assignments: [String] = []
    var cells: [SQLiteConnection.Cell] = []
    for name in properties {
      guard let slot = entity.index(ofAttribute: name) ?? entity.slot(ofRelationship: name)
      else { continue }
      for (column, cell) in try stored(slot, of: id, entity, place, row[slot]) {
        assignments.append("\(SQLiteConnection.quoted(column)) = ?")
        cells.append(cell)
      }
    }
    if isVersioned(place.table) {
      assignments.append("Z_OPT = ?")
      cells.append(.integer(try versions.version(after: place.table, id.key)))
    }
    guard !assignments.isEmpty else { return place.table }
    try execute(
      "UPDATE \(SQLiteConnection.quoted(place.table)) SET " + assignments.joined(separator: ", "),
      binding: cells, onRowOf: id, in: place.table, asRead: versions, connection)
    return place.table
  }

  /// Deletes the row of `id`, while its version is the one read, and its rows in join
  /// tables; answers its table.
  private func delete(
    _ id: ObjectID, versions: CoreDataRowVersions, _ connection: SQLiteConnection
  ) throws(CoreDataStoreError) -> String {
    let (place, _) = try place(of: id.entity, in: committed)
    for case .toMany(let toMany) in place.slots {
      guard case .join(let join, let owner, _) = toMany.link else { continue }
      try connection.execute(
        "DELETE FROM \(SQLiteConnection.quoted(join)) WHERE \(SQLiteConnection.quoted(owner)) = ?",
        binding: [.integer(id.key)])
    }
    try execute(
      "DELETE FROM \(SQLiteConnection.quoted(place.table))", binding: [], onRowOf: id,
      in: place.table, asRead: versions, connection)
    return place.table
  }

  /// Runs `statement`, an UPDATE or DELETE up to its WHERE, on the row of `id` in `table`
  /// only while the row's `Z_OPT` is still the version read: a row another program changed
  /// or deleted since fails the save with Core Data's merge conflict.
  private func execute(
    _ statement: String, binding cells: [SQLiteConnection.Cell], onRowOf id: ObjectID,
    in table: String, asRead versions: CoreDataRowVersions, _ connection: SQLiteConnection
  ) throws(CoreDataStoreError) {
    var sql = statement + " WHERE Z_PK = ?"
    var cells = cells + [.integer(id.key)]
    if isVersioned(table) {
      sql += " AND Z_OPT IS ?"
      cells.append(versions[table, id.key].map(SQLiteConnection.Cell.integer) ?? .null)
    }
    guard try connection.execute(sql, binding: cells) == 1 else {
      throw Self.conflict(id, "was changed or deleted by another program")
    }
  }

  /// Whether the rows of `table` carry Core Data's version column, `Z_OPT`.
  private func isVersioned(_ table: String) -> Bool {
    file.map.layouts[table]?.columnNames.contains("Z_OPT") == true
  }

  // MARK: Values

  /// The columns and cells of slot `slot` of the object `id` holding `value`: an
  /// attribute's column, a to-one's columns, none for a to-many (its members' to-ones or
  /// its join table hold it).
  private func stored(
    _ slot: Int, of id: ObjectID, _ entity: Entity, _ place: CoreDataSQLMap.Place, _ value: Value
  ) throws(CoreDataStoreError) -> [(String, SQLiteConnection.Cell)] {
    guard place.slots.indices.contains(slot) else { return [] }
    switch place.slots[slot] {
    case .attribute(let column, let attribute, let comparable):
      let archived = CoreDataValueReader.isArchived(attribute, comparable: comparable)
      let where_ = Self.describe(place.table, column, id.key)
      var opaque = false
      if case .transformable = attribute.type { opaque = true }
      if archived, !opaque, value != .null,
        let transformer = ownTransformer(of: attribute.name, in: id.entity)
      {
        throw CoreDataStoreError(
          .notWritable,
          "\(where_): \(entity.name).\(attribute.name) is stored by the app's value "
            + "transformer \(transformer), which bowq cannot run")
      }
      let cell = try file.values.cell(for: value, attribute, archived: archived, place: where_)
      return [(column, cell)]
    case .toOne(let toOne):
      return toOneCells(toOne.column, slot, of: id, entity, place, value)
    case .toMany:
      return []
    case .unavailable(let reason):
      if let column = place.oneToOneColumns[slot] {
        return toOneCells(column, slot, of: id, entity, place, value)
      }
      switch value {
      case .null, .collection([]): return []
      default:
        let name =
          slot < entity.attributes.count
          ? entity.attributes[slot].name
          : entity.relationships[slot - entity.attributes.count].name
        throw CoreDataStoreError(
          .notWritable,
          "\(entity.name).\(name) of \(id.entity)/p\(id.key) cannot be written back: \(reason)")
      }
    }
  }

  /// The cells of a to-one in `column` pointing at the object `value` names (or none): its
  /// `Z_PK`, its `Z_ENT` where the destination has sub-entities, and the object's place in
  /// the target's ordered to-many where the inverse is one.
  private func toOneCells(
    _ column: String, _ slot: Int, of id: ObjectID, _ entity: Entity,
    _ place: CoreDataSQLMap.Place, _ value: Value
  ) -> [(String, SQLiteConnection.Cell)] {
    var target: ObjectID?
    if case .object(let t) = value { target = t }
    var cells: [(String, SQLiteConnection.Cell)] = [
      (column, target.map { .integer($0.key) } ?? .null)
    ]
    let layout = file.map.layouts[place.table]
    if let entityColumn = layout?.entityColumn(forRelationshipColumn: column) {
      cells.append(
        (entityColumn, target.flatMap { numbers[$0.entity] }.map { .integer($0) } ?? .null))
    }
    if let orderColumn = layout?.orderColumn(forRelationshipColumn: column) {
      let relationship = entity.relationships[slot - entity.attributes.count]
      let order = target.flatMap { position(of: id, in: $0, relationship.inverse) }
      cells.append((orderColumn, order.map { .integer($0) } ?? .null))
    }
    return cells
  }

  /// The value transformers that archive with `NSKeyedArchiver`, as Core Data does when a
  /// Transformable names none.
  static let keyedArchiveTransformers: Set<String> = [
    "NSSecureUnarchiveFromData", "NSSecureUnarchiveFromDataTransformer",
    "NSKeyedUnarchiveFromData",
  ]

  /// The app's own value transformer of the Transformable `attribute` of `entity`, or nil
  /// when it archives with `NSKeyedArchiver`.
  private func ownTransformer(of attribute: String, in entity: String) -> String? {
    let declared = file.model.ancestry(of: entity).lazy.flatMap(\.attributes).first {
      $0.name == attribute
    }
    guard let name = declared?.valueTransformerName, !Self.keyedArchiveTransformers.contains(name)
    else { return nil }
    return name
  }

  /// The place (from 1) of `member` among the objects of `owner`'s to-many `relationship`.
  private func position(of member: ObjectID, in owner: ObjectID, _ relationship: String?)
    -> Int64?
  {
    guard let relationship, let entity = graph.model.entity(named: owner.entity),
      let slot = entity.slot(ofRelationship: relationship),
      case .collection(let members)? = graph.table(owner.entity).row(for: owner.key)?[slot],
      let index = members.firstIndex(of: .object(member))
    else { return nil }
    return Int64(index + 1)
  }

  /// Writes the to-manys of `id` among `properties` (all, when nil) that are not its
  /// members' to-ones: the order of an ordered to-many's members, and a many-to-many's
  /// rows of its join table, rewritten whole.
  private func writeToManys(
    of id: ObjectID, _ properties: [String]?, _ connection: SQLiteConnection
  ) throws(CoreDataStoreError) {
    let (place, entity) = try place(of: id.entity, in: graph)
    guard let row = graph.table(id.entity).row(for: id.key) else { return }
    for (index, relationship) in entity.relationships.enumerated() where relationship.isToMany {
      let slot = entity.attributes.count + index
      guard properties?.contains(relationship.name) ?? true, place.slots.indices.contains(slot),
        case .toMany(let toMany) = place.slots[slot], case .collection(let values) = row[slot]
      else { continue }
      let members = values.compactMap { value -> ObjectID? in
        if case .object(let member) = value { return member }
        return nil
      }
      switch toMany.link {
      case .inverse:
        guard let orderColumn = toMany.orderColumn else { continue }
        for (order, member) in members.enumerated() {
          try connection.execute(
            "UPDATE \(SQLiteConnection.quoted(toMany.table)) SET "
              + "\(SQLiteConnection.quoted(orderColumn)) = ? WHERE Z_PK = ?",
            binding: [.integer(Int64(order + 1)), .integer(member.key)])
        }
      case .join(let join, let owner, let member):
        try connection.execute(
          "DELETE FROM \(SQLiteConnection.quoted(join)) WHERE \(SQLiteConnection.quoted(owner)) = ?",
          binding: [.integer(id.key)])
        for (order, target) in members.enumerated() {
          var columns = [owner, member]
          var cells: [SQLiteConnection.Cell] = [.integer(id.key), .integer(target.key)]
          if let orderColumn = toMany.orderColumn {
            columns.append(orderColumn)
            cells.append(.integer(Int64(order + 1)))
          }
          if let inverseColumn = inverseOrderColumn(of: relationship, target) {
            columns.append(inverseColumn)
            let order = position(of: id, in: target, relationship.inverse)
            cells.append(order.map { .integer($0) } ?? .null)
          }
          try connection.execute(
            "INSERT INTO \(SQLiteConnection.quoted(join)) ("
              + columns.map(SQLiteConnection.quoted).joined(separator: ", ") + ") VALUES ("
              + Array(repeating: "?", count: cells.count).joined(separator: ", ") + ")",
            binding: cells)
        }
      }
    }
  }

  /// The order column, in the shared join table, of the inverse of the many-to-many
  /// `relationship` as `target`'s entity has it, when that side is ordered.
  private func inverseOrderColumn(of relationship: Relationship, _ target: ObjectID) -> String? {
    guard let inverse = relationship.inverse,
      let entity = graph.model.entity(named: target.entity),
      let slot = entity.slot(ofRelationship: inverse),
      let place = file.map[target.entity], place.slots.indices.contains(slot),
      case .toMany(let toMany) = place.slots[slot]
    else { return nil }
    return toMany.orderColumn
  }
}
