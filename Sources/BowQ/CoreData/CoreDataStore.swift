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
  /// One sentence per thing read but not represented, or guessed.
  public var notes: [String]

  /// Core Data's URI of an object: `x-coredata://<store UUID>/<Entity>/p<Z_PK>`.
  public func uri(of id: ObjectID) -> String {
    "x-coredata://\(schema.uuid)/\(id.entity)/p\(id.key)"
  }

  /// Reads the store at `path` with `model`, or, without one, the model of its cache, or
  /// one guessed from its tables.
  public static func open(path: String, model given: CoreDataModel? = nil)
    throws(CoreDataStoreError) -> CoreDataStore
  {
    let connection = try SQLiteConnection(readingOnly: path)
    let schema = try CoreDataStoreSchema.read(connection)
    var notes: [String] = []
    let model: CoreDataModel
    if let given {
      model = given
    } else if let cached = schema.modelCache.model {
      model = cached
    } else {
      let inferred = try CoreDataModelInference.model(of: connection, schema: schema)
      model = inferred.model
      notes += inferred.notes
    }
    let (bowqModel, mappingNotes) = model.bowqModel()
    notes += mappingNotes
    var reader = CoreDataGraphReader(
      connection: connection, schema: schema, model: model, bowqModel: bowqModel,
      values: CoreDataValueReader(storePath: path))
    let graph = try reader.read()
    return CoreDataStore(
      path: path, schema: schema, model: model, graph: graph, notes: notes + reader.notes)
  }
}
