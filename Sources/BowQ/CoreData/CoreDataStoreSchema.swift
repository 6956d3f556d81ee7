import Foundation

/// What a Core Data SQLite store says about itself, read without changing the file: its
/// identifier and metadata (`Z_METADATA`), its entity numbers (`Z_PRIMARYKEY`), and the model
/// its `Z_MODELCACHE` holds, when it has one.
public struct CoreDataStoreSchema: Hashable, Sendable {
  /// `Z_METADATA.Z_UUID`: the store's identifier, the host of its objects'
  /// `x-coredata://` URIs.
  public var uuid: String
  /// `Z_METADATA.Z_VERSION`.
  public var version: Int64
  /// `Z_METADATA.Z_PLIST`: `NSStoreType`, `NSStoreModelVersionHashes`, ….
  public var metadata: PropertyListDictionary
  /// The rows of `Z_PRIMARYKEY`, by entity number. They include the tables of persistent
  /// history (`CHANGE`, `TRANSACTION`, …), which are not entities of the model.
  public var entityNumbers: [CoreDataEntityNumber]
  /// The model from `Z_MODELCACHE`.
  public var modelCache: CoreDataModelCache

  public init(
    uuid: String, version: Int64, metadata: PropertyListDictionary,
    entityNumbers: [CoreDataEntityNumber], modelCache: CoreDataModelCache
  ) {
    self.uuid = uuid
    self.version = version
    self.metadata = metadata
    self.entityNumbers = entityNumbers
    self.modelCache = modelCache
  }

  /// The entity names `NSStoreModelVersionHashes` lists, sorted: the model the store was
  /// last saved with.
  public var versionHashEntityNames: [String] {
    metadata["NSStoreModelVersionHashes"]?.dictionaryValue?.keys.sorted() ?? []
  }

  /// Reads the store at `path`, which must be a SQLite database with Core Data's tables.
  public static func read(path: String) throws(CoreDataStoreError) -> CoreDataStoreSchema {
    try read(SQLiteConnection(readingOnly: path))
  }

  /// Reads the store `connection` is open on.
  static func read(_ connection: SQLiteConnection) throws(CoreDataStoreError)
    -> CoreDataStoreSchema
  {
    let path = connection.path
    let tables = try connection.tableNames()
    let missing = ["Z_PRIMARYKEY", "Z_METADATA"].filter { !tables.contains($0) }
    guard missing.isEmpty else {
      throw CoreDataStoreError(
        .notCoreData,
        "\(Value.quoted(path)) is a SQLite database but not a Core Data store: it has no "
          + missing.joined(separator: " or ") + " table")
    }
    let (version, uuid, metadata) = try readMetadata(connection)
    let numbers = try readEntityNumbers(connection)
    let cache: CoreDataModelCache
    if tables.contains("Z_MODELCACHE") {
      cache = .present(try readModelCache(connection))
    } else {
      cache = .absent
    }
    return CoreDataStoreSchema(
      uuid: uuid, version: version, metadata: metadata, entityNumbers: numbers, modelCache: cache)
  }

  /// `Z_METADATA`'s one row: its version, the store's UUID and the metadata dictionary.
  private static func readMetadata(_ connection: SQLiteConnection) throws(CoreDataStoreError)
    -> (Int64, String, PropertyListDictionary)
  {
    let rows = try connection.rows("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA")
    guard rows.count == 1, let row = rows.first, row.count == 3 else {
      throw CoreDataStoreError(
        .badMetadata, "Z_METADATA has \(rows.count) rows; a Core Data store has one")
    }
    guard case .integer(let version) = row[0] else {
      throw CoreDataStoreError(
        .badMetadata, "Z_METADATA.Z_VERSION is \(row[0].kindDescription), not an integer")
    }
    guard case .text(let uuid) = row[1] else {
      throw CoreDataStoreError(
        .badMetadata, "Z_METADATA.Z_UUID is \(row[1].kindDescription), not text")
    }
    guard case .blob(let bytes) = row[2] else {
      throw CoreDataStoreError(
        .badMetadata, "Z_METADATA.Z_PLIST is \(row[2].kindDescription), not a blob")
    }
    let plist: PropertyList
    do {
      plist = try PropertyListDecoding.decode(bytes).0
    } catch {
      throw CoreDataStoreError(.badMetadata, "Z_METADATA.Z_PLIST is not a property list: \(error)")
    }
    guard let metadata = plist.dictionaryValue else {
      throw CoreDataStoreError(
        .badMetadata, "Z_METADATA.Z_PLIST is \(plist.kindDescription), not a dictionary")
    }
    return (version, uuid, metadata)
  }

  /// `Z_PRIMARYKEY`'s rows by entity number, each parent number naming another row.
  private static func readEntityNumbers(_ connection: SQLiteConnection) throws(CoreDataStoreError)
    -> [CoreDataEntityNumber]
  {
    let rows = try connection.rows(
      "SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT")
    var numbers: [CoreDataEntityNumber] = []
    for row in rows {
      let place = "Z_PRIMARYKEY row \(numbers.count + 1)"
      guard row.count == 4, case .integer(let number) = row[0], case .text(let name) = row[1]
      else {
        throw CoreDataStoreError(
          .badTable, "\(place): Z_ENT must be an integer and Z_NAME text")
      }
      func integer(_ cell: SQLiteConnection.Cell, _ column: String) throws(CoreDataStoreError)
        -> Int64
      {
        switch cell {
        case .null: return 0
        case .integer(let value): return value
        default:
          throw CoreDataStoreError(
            .badTable, "\(place) (\(name)): \(column) is \(cell.kindDescription), not an integer")
        }
      }
      numbers.append(
        CoreDataEntityNumber(
          number: number, name: name, parentNumber: try integer(row[2], "Z_SUPER"),
          maximumKey: try integer(row[3], "Z_MAX")))
    }
    let known = Set(numbers.map(\.number))
    for entity in numbers where entity.parentNumber != 0 && !known.contains(entity.parentNumber) {
      throw CoreDataStoreError(
        .badTable,
        "Z_PRIMARYKEY: \(entity.name) (Z_ENT \(entity.number)) has the parent Z_ENT "
          + "\(entity.parentNumber), which no row has")
    }
    return numbers
  }

  /// The model `Z_MODELCACHE`'s one row holds.
  private static func readModelCache(_ connection: SQLiteConnection) throws(CoreDataStoreError)
    -> CoreDataModel
  {
    let rows = try connection.rows("SELECT Z_CONTENT FROM Z_MODELCACHE")
    guard rows.count == 1, let cell = rows.first?.first else {
      throw CoreDataStoreError(
        .badModelCache, "Z_MODELCACHE has \(rows.count) rows; a Core Data store has one")
    }
    guard case .blob(let compressed) = cell else {
      throw CoreDataStoreError(
        .badModelCache, "Z_MODELCACHE.Z_CONTENT is \(cell.kindDescription), not a blob")
    }
    let archive: KeyedArchive
    do {
      archive = try KeyedArchive.decode(compressed)
    } catch {
      throw CoreDataStoreError(
        .badModelCache, "Z_MODELCACHE.Z_CONTENT is not an archived model: \(error.message)")
    }
    guard let root = archive.root else {
      throw CoreDataStoreError(
        .badModelCache, "Z_MODELCACHE.Z_CONTENT's archive has no root object")
    }
    do {
      return try CoreDataModel(archived: root)
    } catch {
      throw CoreDataStoreError(.badModelCache, "Z_MODELCACHE.Z_CONTENT: \(error.message)")
    }
  }
}

/// One row of `Z_PRIMARYKEY`: an entity's number (the `Z_ENT` of its rows), its name, its
/// parent's number, and the largest `Z_PK` handed out (kept on root entities).
public struct CoreDataEntityNumber: Hashable, Sendable {
  public var number: Int64
  public var name: String
  /// `Z_SUPER`: the parent's number, 0 for a root entity.
  public var parentNumber: Int64
  /// `Z_MAX`.
  public var maximumKey: Int64

  public init(number: Int64, name: String, parentNumber: Int64, maximumKey: Int64) {
    self.number = number
    self.name = name
    self.parentNumber = parentNumber
    self.maximumKey = maximumKey
  }
}

/// Whether a store keeps its model in `Z_MODELCACHE`.
public enum CoreDataModelCache: Hashable, Sendable {
  /// The model the cache holds.
  case present(CoreDataModel)
  /// No `Z_MODELCACHE` table: stores written before Core Data kept its model there.
  case absent

  /// The model, when the store holds one.
  public var model: CoreDataModel? {
    if case .present(let model) = self { return model }
    return nil
  }

  /// What the store says about its model, for people.
  public var explanation: String {
    switch self {
    case .present(let model):
      return "the store holds its model (\(model.entities.count) entities) in Z_MODELCACHE"
    case .absent:
      return "the store has no model cache (no Z_MODELCACHE table, as in stores written by "
        + "older Core Data versions): its model must come from the app's .xcdatamodeld or "
        + ".momd"
    }
  }
}
