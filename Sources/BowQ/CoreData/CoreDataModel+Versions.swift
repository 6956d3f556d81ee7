extension CoreDataModel {
  /// The version of this model's bundle that wrote the store `schema` describes, open on
  /// `connection`, with a note saying which was taken and why; the model itself when it was
  /// not read from a bundle of several versions (a version named by its own path is taken
  /// as given).
  ///
  /// Core Data takes the version whose entity version hashes are the store's
  /// `NSStoreModelVersionHashes`. bowq does not compute those hashes (Apple does not document
  /// how, see docs/core-data-version-hashes.md); it takes the versions whose entities are
  /// the ones the hashes are listed under, and among several, the one whose stored
  /// properties have the store's columns, leaving fewest of the tables' columns unexplained;
  /// then the bundle's current version, then the last by name.
  ///
  /// - Throws: ``CoreDataStoreError`` (`.modelMismatch`) naming every version tried and
  ///   its entities when no version has the store's entities.
  func version(for schema: CoreDataStoreSchema, in connection: SQLiteConnection)
    throws(CoreDataStoreError) -> (model: CoreDataModel, notes: [String])
  {
    guard !bundleVersions.isEmpty else { return (self, []) }
    let storeNames = Set(schema.versionHashEntityNames)
    let named = bundleVersions.filter {
      storeNames.isEmpty || Set($0.model.entities.map(\.name)) == storeNames
    }
    guard !named.isEmpty else {
      let tried = bundleVersions.map {
        "\(Value.quoted($0.name)) (\($0.model.entities.map(\.name).sorted().joined(separator: ", ")))"
      }
      throw CoreDataStoreError(
        .modelMismatch,
        "no version of the model has the store's entities: its metadata "
          + "(NSStoreModelVersionHashes) lists \(storeNames.sorted().joined(separator: ", ")), "
          + "and the \(bundleVersions.count) versions tried have " + tried.joined(separator: "; ")
          + ". Give the model of the app that wrote the store with --model (a .xcdatamodel "
          + "version folder or a .mom is taken as it is)")
    }
    let tables = try connection.tableNames()
    var fitting: [(version: CoreDataModelVersion, unexplained: Int)] = []
    for version in named {
      if let unexplained = try version.model.unexplainedColumns(schema, tables, connection) {
        fitting.append((version, unexplained))
      }
    }
    let byColumns = !fitting.isEmpty
    if !byColumns { fitting = named.map { ($0, 0) } }
    let fewest = fitting.map(\.unexplained).min() ?? 0
    let best = fitting.filter { $0.unexplained == fewest }.map(\.version)
    let chosen = best.first { $0.name == versionName } ?? best[best.count - 1]
    var reasons: [String] = []
    if !storeNames.isEmpty {
      reasons.append(
        "its entities are the ones the store's metadata lists (NSStoreModelVersionHashes)")
    }
    if byColumns { reasons.append("its properties have the store's columns") }
    let why =
      reasons.isEmpty
      ? "the store's metadata lists no entities" : reasons.joined(separator: " and ")
    let current =
      chosen.name == versionName
      ? "the bundle's current version"
      : "not the bundle's current version \(Value.quoted(versionName ?? ""))"
    var note =
      "read version \(Value.quoted(chosen.name)) of the model's \(bundleVersions.count) "
      + "versions (\(current)): \(why)"
    if best.count > 1 {
      note +=
        "; \(best.count) versions fit alike (\(best.map { Value.quoted($0.name) }.joined(separator: ", "))), so the choice is a guess: name one with --model"
    }
    note += ". bowq matches versions by entities and columns, not by Core Data's version hashes"
    return (chosen.model, [note])
  }

  /// How many property columns of the store's tables this model leaves unexplained, or nil
  /// when an entity of the model has no row in `Z_PRIMARYKEY`, or a stored property of one
  /// has no column: the model did not write the store.
  private func unexplainedColumns(
    _ schema: CoreDataStoreSchema, _ tables: Set<String>, _ connection: SQLiteConnection
  ) throws(CoreDataStoreError) -> Int? {
    let numbered = schema.naming(self).schema
    var unexplained = 0
    do {
      for (root, entities) in try hierarchies(numberedIn: numbered) {
        let layout = try CoreDataTableLayout(
          root: root, entities: entities, tables: tables, connection: connection)
        let used = Set(layout.columns.values)
        unexplained +=
          layout.columnNames.filter { column in
            column.hasPrefix("Z") && !column.hasPrefix("Z_")
              && !CoreDataModelInference.isEntityColumn(column) && !used.contains(column)
          }.count
      }
    } catch  where error.kind == .modelMismatch {
      return nil
    }
    return unexplained
  }
}
