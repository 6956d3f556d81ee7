/// A Core Data SQLite store opened in place with its rows left in the file: opening reads
/// the schema and the model (`Z_METADATA`, `Z_PRIMARYKEY`, `Z_MODELCACHE` and the tables'
/// column lists), never a row, so a store larger than memory opens at once.
///
/// Statements then read what they need: a count or fetch runs in SQLite where its predicate
/// and sort keys mean the same there (``CoreDataPlanSource``), and ``readGraph()`` reads every
/// row into an ``ObjectGraph`` for anything else. The connection is read-only
/// (``SQLiteConnection``: immutable in place, or on a private copy when a write-ahead log or
/// a crashed writer's journal must be read with the file), so reading never changes the file
/// or its companions; only a save back (``CoreDataWriter``, with `--write-core-data`)
/// writes, on a connection of its own. A statement run after another program changed the
/// file fails saying so (``CoreDataStoreError/Kind/changed``).
public final class CoreDataStoreFile {
  /// The store file.
  public let path: String
  public let schema: CoreDataStoreSchema
  /// The model the rows are read with: `--model`, the store's cache, or one guessed from the
  /// tables.
  public let model: CoreDataModel
  /// bowq's model of ``model``.
  public let bowqModel: Model
  /// Where the model came from.
  public let modelSource: CoreDataModelSource
  /// One sentence per thing of the model not represented, or guessed; when the model was
  /// guessed, the first says so.
  public let notes: [String]
  let connection: SQLiteConnection
  let map: CoreDataSQLMap

  /// What SQLite read beyond the file to answer as it would in place: a write-ahead log's
  /// frames, a crashed writer's journal rolled back; nil when the file alone held the rows.
  public var recovery: SQLiteRecovery? { connection.recovery }
  let values: CoreDataValueReader

  private init(
    path: String, schema: CoreDataStoreSchema, model: CoreDataModel, bowqModel: Model,
    modelSource: CoreDataModelSource, notes: [String], connection: SQLiteConnection,
    map: CoreDataSQLMap
  ) {
    self.path = path
    self.schema = schema
    self.model = model
    self.bowqModel = bowqModel
    self.modelSource = modelSource
    self.notes = notes
    self.connection = connection
    self.map = map
    values = CoreDataValueReader(storePath: path)
  }

  /// Opens the store at `path` with `model`, or, without one, the model of its cache, or
  /// one guessed from its tables; reads no row.
  public static func open(path: String, model given: CoreDataModel? = nil)
    throws(CoreDataStoreError) -> CoreDataStoreFile
  {
    let connection = try SQLiteConnection(readingOnly: path)
    var schema = try CoreDataStoreSchema.read(connection)
    var notes: [String] = []
    let model: CoreDataModel
    let source: CoreDataModelSource
    if let given {
      let version = try given.version(for: schema, in: connection)
      model = version.model
      notes += version.notes
      source = .given
    } else if let cached = schema.modelCache.model {
      model = cached
      source = .cache
    } else {
      source = .guessed
      let inferred = try CoreDataModelInference.model(
        of: connection, schema: schema, storePath: path)
      model = inferred.model
      notes += inferred.notes
    }
    let named = schema.naming(model)
    schema = named.schema
    notes += named.notes
    let (bowqModel, mappingNotes) = model.bowqModel()
    let map = try CoreDataSQLMap(
      connection: connection, schema: schema, model: model, bowqModel: bowqModel)
    try connection.registerFunctions()
    return CoreDataStoreFile(
      path: path, schema: schema, model: model, bowqModel: bowqModel, modelSource: source,
      notes: notes + mappingNotes, connection: connection, map: map)
  }

  /// Every row of the store, as a graph of ``bowqModel``, with a sentence for each thing
  /// read but not represented, and the version of each row, which a save back checks.
  public func readGraph() throws(CoreDataStoreError) -> (
    graph: ObjectGraph, notes: [String], versions: CoreDataRowVersions
  ) {
    var reader = CoreDataGraphReader(
      connection: connection, schema: schema, model: model, bowqModel: bowqModel, values: values)
    let graph = try reader.read()
    return (graph, reader.notes, reader.versions)
  }

  /// A row a full read cannot read (``CoreDataSQLMap/foreignRow(in:)``), looked for once,
  /// when a statement first runs in SQLite.
  private var foreignRow: Result<String?, CoreDataStoreError>?

  /// Why a statement cannot run in SQLite with the answer a full read gives: a row of the
  /// store that the full read fails on; nil when there is none, or when Ctrl-C stopped the
  /// looking (which then stops the statement too, and the next one looks again).
  func rowFault() -> String? {
    let found =
      foreignRow ?? Result { () throws(CoreDataStoreError) in try map.foreignRow(in: connection) }
    if case .failure(let error) = found, error.kind == .interrupted { return nil }
    foreignRow = found
    switch found {
    case .success(let fault): return fault
    case .failure(let error): return "the store's rows cannot be checked: \(error)"
    }
  }

  /// How many objects of `entity` alone (not its sub-entities) the store holds.
  public func objectCount(of entity: String) throws(CoreDataStoreError) -> Int {
    guard let place = map[entity],
      let number = schema.entityNumbers.first(where: { $0.name == entity })?.number
    else { return 0 }
    let sql =
      "SELECT COUNT(*) FROM \(SQLiteConnection.quoted(place.table)) WHERE Z_ENT = \(number)"
    guard case .integer(let n)? = try connection.rows(sql).first?.first else { return 0 }
    return Int(n)
  }
}
