import Foundation

/// A Core Data SQLite store read into bowq's object graph, in place and without changing the
/// file: its schema, the model it was read with, every object, and notes on what was left
/// out or guessed.
///
/// Each object's key is its `Z_PK`; its entity is the one its row's `Z_ENT` names.
public struct CoreDataStore: Hashable, Sendable {
  /// The store file.
  public var path: String
  public var schema: CoreDataStoreSchema
  /// The model the rows were read with: `--model`, the store's cache, or one guessed from
  /// the tables.
  public var model: CoreDataModel
  public var graph: ObjectGraph
  /// One sentence per thing read but not represented, or guessed; when the model was
  /// guessed, the first says so.
  public var notes: [String]
  /// Where the model came from.
  public var modelSource: CoreDataModelSource

  /// Core Data's URI of an object: `x-coredata://<store UUID>/<Entity>/p<Z_PK>`.
  public func uri(of id: ObjectID) -> String {
    Self.uri(of: id, storeUUID: schema.uuid)
  }

  /// The URI of an object of the store whose `Z_UUID` is `storeUUID`.
  public static func uri(of id: ObjectID, storeUUID: String) -> String {
    "x-coredata://\(storeUUID)/\(id.entity)/p\(id.key)"
  }

  /// Reads the store at `path` with `model`, or, without one, the model of its cache, or
  /// one guessed from its tables: every row, into ``graph``.
  public static func open(path: String, model given: CoreDataModel? = nil)
    throws(CoreDataStoreError) -> CoreDataStore
  {
    let file = try CoreDataStoreFile.open(path: path, model: given)
    let read = try file.readGraph()
    return CoreDataStore(
      path: path, schema: file.schema, model: file.model, graph: read.graph,
      notes: file.notes + read.notes + (file.recovery?.note.map { [$0] } ?? []),
      modelSource: file.modelSource)
  }

  /// Whether the regular file at `path` starts with SQLite's header; false when there is
  /// none or it cannot be read (a FIFO or device is never opened).
  public static func isSQLiteDatabase(atPath path: String) -> Bool {
    (try? ResolvedPath(path))?.starts(with: SQLiteConnection.header) ?? false
  }
}

/// Where the model of a ``CoreDataStore`` came from.
public enum CoreDataModelSource: Hashable, Sendable {
  /// `--model`.
  case given
  /// The store's `Z_MODELCACHE`.
  case cache
  /// Guessed from the tables (``CoreDataModelInference``).
  case guessed
}
